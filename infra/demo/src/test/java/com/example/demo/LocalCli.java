package com.example.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localaws.LocalTls;
import com.example.localaws.ProjectRoot;
import com.example.localpayments.cli.LocalAwsCli;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The local runtime's command line ({@code make up send drain state ... down}) as the tests of
 * {@code LocalRuntimeCommandLineTest} and {@code PushCredentialRotationTest} run it, against one
 * state folder; and bash with the project's AWS CLI against {@code make up}'s local AWS, as the
 * runbook's commands run there.
 */
final class LocalCli {

    static final ObjectMapper JSON = new ObjectMapper();
    static final Path ROOT = ProjectRoot.find();

    /** What one command did: its exit status, stdout and stderr. */
    record Result(int status, String out, String err) {
    }

    private final Path stateDir;

    LocalCli(Path stateDir) {
        this.stateDir = stateDir;
    }

    Result run(String command, String... options) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> args = new ArrayList<>(List.of(command, "--state-dir", stateDir.toString()));
        args.addAll(List.of(options));
        int status = LocalAwsCli.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** The command's stdout, once it is known it succeeded and printed exactly one JSON document. */
    static JsonNode ok(Result result) {
        assertEquals(0, result.status(), result::err);
        try {
            return JSON.readTree(result.out());
        } catch (IOException e) {
            throw new UncheckedIOException("stdout is not one JSON document: " + result.out(), e);
        }
    }

    /**
     * Runs {@code command} with bash against make up's local AWS, as the runbook's commands run there: {@code aws}
     * given its endpoint, {@code REGION} its region, {@code variables} in the environment; its output, once it exited 0.
     */
    static String aws(JsonNode up, String command, Map<String, String> variables) throws IOException {
        Map<String, String> environment = new HashMap<>(Map.of("ENDPOINT", up.path("moto").asText(),
                "AWS_ACCESS_KEY_ID", "local", "AWS_SECRET_ACCESS_KEY", "local", "AWS_CONFIG_FILE", "/dev/null",
                "AWS_SHARED_CREDENTIALS_FILE", "/dev/null", "AWS_DEFAULT_OUTPUT", "json", "REGION", "us-east-1"));
        environment.putAll(variables);
        if (LocalTls.awsEndpointTls()) {
            environment.put("AWS_CA_BUNDLE", up.path("caBundle").asText());
        }
        try {
            return runWith("aws() { command aws --endpoint-url \"$ENDPOINT\" \"$@\"; }\n" + command, environment);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Runs {@code line} with bash, the project's AWS CLI first on the PATH; its output, once it exited 0. */
    static String runWith(String line, Map<String, String> variables) throws IOException, InterruptedException {
        Path cliFolder = ROOT.resolve(".tools/awscli/bin");
        assertTrue(Files.isExecutable(cliFolder.resolve("aws")), "the project's AWS CLI is missing: run testing/local-aws/setup-sam-tools.sh (make test does)");
        ProcessBuilder builder = new ProcessBuilder("bash", "-c", line).directory(ROOT.toFile()).redirectErrorStream(true);
        builder.environment().putAll(variables);
        builder.environment().put("PATH", cliFolder + File.pathSeparator + System.getenv("PATH"));
        Process process = builder.start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "the AWS CLI did not end: " + output);
        assertEquals(0, process.exitValue(), output);
        return output;
    }

    /**
     * A purchase of 1.00 EUR on ACC-44821 (a seed account), transaction {@code TXN-LOCAL-<number>}, as one line of
     * a {@code make send MESSAGES=} file.
     */
    static String payment(String number) {
        return """
                {"headers":{"message_id":"msg-local-0101","correlation_id":"corr-TXN-LOCAL-0101","timestamp":"2026-04-07T14:32:15Z",\
                "source":"payment-network-gateway"},"body":{"transaction_id":"TXN-LOCAL-0101","card_number_hash":\
                "sha256:948c24e17ea5c28a83b2f24263e306ba2366ef85cce6fa34db145c676ecfd6dd","account_id":"ACC-44821","amount":1.00,\
                "currency":"EUR","merchant":"Amazon.es","merchant_category":"5411","authorization_type":"PURCHASE"}}
                """.replace("0101", number);
    }

    static void writeString(Path file, String text) {
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
