package com.example.payment.notifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localaws.LocalAws;
import com.example.localaws.LocalTls;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The shell blocks of one runbook entry of docs/deploy.md, run as written: bash, the project's AWS
 * CLI (.tools/awscli, which make test installs), {@code REGION} the local AWS's region and
 * {@code out()} answering the stack's outputs with the local resources' values, the CLI pointed
 * at the local AWS ({@code --endpoint-url}) and its CA ({@code AWS_CA_BUNDLE}). Each command
 * runs alone, after the variables the entry's blocks set; a placeholder the entry leaves to the
 * reader ({@code <key>}, {@code <handle>}) is filled with what an earlier command printed, as the
 * reader would.
 */
final class RunbookCommands {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern SHELL_BLOCK = Pattern.compile("```sh\n(.*?)```", Pattern.DOTALL);

    private final LocalAws aws;
    /** The entry's commands, in order: each line of its shell blocks, continuations joined. */
    private final List<String> commands = new ArrayList<>();
    /** The shell variables the entry's blocks set (e.g. a queue's URL), set before every command. */
    private final StringBuilder assignments = new StringBuilder();
    private final String outputs;

    private RunbookCommands(LocalAws aws, List<String> blocks, Map<String, String> outputs) {
        this.aws = aws;
        for (String block : blocks) {
            for (String command : block.replace("\\\n", " ").split("\n")) {
                if (command.matches("[A-Z_]+=.*")) {
                    assignments.append(command).append('\n');
                } else if (!command.isBlank()) {
                    commands.add(command.strip());
                }
            }
        }
        StringBuilder out = new StringBuilder("out() { case \"$1\" in\n");
        outputs.forEach((key, value) -> out.append("  ").append(key).append(") printf '%s\\n' ").append(quoted(value)).append(";;\n"));
        this.outputs = out.append("  *) echo \"no stack output $1 locally\" >&2; return 1;;\nesac; }\n").toString();
    }

    /** The commands of the entry anchored {@code alarm-<name>}, in order, {@code out()} answering {@code outputs}. */
    static RunbookCommands of(LocalAws aws, String alarm, Map<String, String> outputs) {
        String guide;
        try {
            guide = Files.readString(aws.root().resolve("docs/deploy.md"), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int from = guide.indexOf("<a id=\"alarm-" + alarm + "\"></a>");
        assertTrue(from >= 0, "docs/deploy.md has no entry alarm-" + alarm);
        int to = guide.indexOf("<a id=\"alarm-", from + 1);
        Matcher block = SHELL_BLOCK.matcher(guide.substring(from, to < 0 ? guide.length() : to));
        List<String> blocks = new ArrayList<>();
        while (block.find()) {
            blocks.add(block.group(1));
        }
        return new RunbookCommands(aws, blocks, outputs);
    }

    /** The entry's commands, in order. */
    List<String> commands() {
        return List.copyOf(commands);
    }

    /** Runs the entry's one command that contains {@code verb} (e.g. {@code get-item}), as {@link #run(int, Map)}. */
    JsonNode run(String verb, Map<String, String> fill) {
        List<Integer> matching = new ArrayList<>();
        for (int i = 0; i < commands.size(); i++) {
            if (commands.get(i).contains(verb)) {
                matching.add(i);
            }
        }
        assertEquals(1, matching.size(), () -> "the entry's commands with " + verb + ": " + commands);
        return run(matching.get(0), fill);
    }

    /**
     * Runs the entry's command {@code index} as written, each {@code <placeholder>} replaced by its
     * value in {@code fill}; what it printed, as JSON (null when it printed nothing), once it exited 0.
     */
    JsonNode run(int index, Map<String, String> fill) {
        String command = commands.get(index);
        for (Map.Entry<String, String> placeholder : fill.entrySet()) {
            command = command.replace("<" + placeholder.getKey() + ">", placeholder.getValue());
        }
        String written = command;
        assertTrue(!command.matches(".*<[a-z_ ]+>.*"), () -> "a placeholder is left unfilled in " + written);
        Path cli = aws.root().resolve(".tools/awscli/bin/aws");
        assertTrue(Files.isExecutable(cli), "the project's AWS CLI is missing: run testing/local-aws/setup-sam-tools.sh (make test does)");
        // The AWS CLI v1 takes no endpoint from the environment: `aws` is a function giving it the
        // local one, the command's own words unchanged.
        String script = "set -euo pipefail\nREGION=" + LocalAws.REGION.id() + "\n"
                + "aws() { " + quoted(cli.toString()) + " --endpoint-url " + quoted(aws.endpoint().toString()) + " \"$@\"; }\n"
                + outputs + assignments + command;
        ProcessBuilder builder = new ProcessBuilder("bash", "-c", script).directory(aws.root().toFile()).redirectErrorStream(true);
        Map<String, String> env = builder.environment();
        if (LocalTls.awsEndpointTls()) {
            env.put("AWS_CA_BUNDLE", LocalTls.in(aws.root()).caFile().toString());
        }
        env.put("AWS_ACCESS_KEY_ID", "local");
        env.put("AWS_SECRET_ACCESS_KEY", "local");
        env.put("AWS_CONFIG_FILE", "/dev/null");
        env.put("AWS_SHARED_CREDENTIALS_FILE", "/dev/null");
        env.put("AWS_DEFAULT_OUTPUT", "json");
        try {
            Process process = builder.start();
            process.getOutputStream().close();
            String printed = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(process.waitFor(120, TimeUnit.SECONDS), "the command did not end: " + written);
            assertEquals(0, process.exitValue(), () -> written + "\nexited " + process.exitValue() + ": " + printed);
            return printed.isBlank() ? null : JSON.readTree(printed);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String quoted(String value) {
        return "'" + value.replace("'", "'\\''") + "'";
    }
}
