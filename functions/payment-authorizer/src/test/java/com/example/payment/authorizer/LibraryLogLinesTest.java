package com.example.payment.authorizer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.lambdakit.telemetry.TelemetryConfig;
import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsFolder;
import com.example.localaws.LocalAwsExtension;
import com.example.localaws.invoke.FunctionInvoker;
import com.example.localaws.invoke.Invocation;
import com.example.localaws.invoke.LambdaFunction;
import com.example.localaws.invoke.RuntimeEmulator;
import com.example.localaws.observability.FunctionOutput;
import com.example.localpayments.Accounts;
import com.example.receiver.lambda.ReceiverVariables;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * One log stream: what the authorizer's libraries log through SLF4J (the AWS SDK, Jedis) comes
 * out as JSON lines of the function's log, stamped with the invocation, beside its own lines and
 * its EMF line; no plain text on stdout or stderr. The real handler under the runtime emulator,
 * made to log: an AWS config file with a profile the SDK warns it ignores ("Configuration and
 * credential file settings", AWS SDKs and Tools Reference Guide,
 * https://docs.aws.amazon.com/sdkref/latest/guide/file-format.html: a config file's sections other
 * than [default] are named [profile name]), and a fast path on a closed port, which Jedis reports
 * at DEBUG (LIBRARY_LOG_LEVEL=DEBUG, with Lambda's level at DEBUG as ApplicationLogLevel=DEBUG sets
 * it: the libraries' level is never below the function's). About 3 s.
 */
@ExtendWith(LocalAwsExtension.class)
class LibraryLogLinesTest {

    private static final String FUNCTION = "PaymentAuthorizerFunction";

    private final LocalAws aws;

    LibraryLogLinesTest(LocalAws aws) {
        this.aws = aws;
    }

    @Test
    void sdkWarningAndJedisLines_areJsonLinesOfTheFunctionsLog() throws IOException {
        // GIVEN the authorizer with a config file the SDK warns about and a cache nobody listens on
        aws.resetTables();
        try (DynamoDbClient dynamoDb = aws.dynamoDb()) {
            Accounts.seed(dynamoDb, aws.root().resolve("infra/local-payments/accounts.json"));
        }
        Path work = Files.createDirectories(LocalAwsFolder.of(aws.root()).resolve("library-log-lines"));
        Path config = Files.writeString(work.resolve("config"), "[payments]\nregion = us-east-1\n");
        Map<String, String> env = new HashMap<>(AuthorizerRig.environment(aws, false));
        env.putAll(Map.of("AWS_REGION", LocalAws.REGION.id(), "AWS_ENDPOINT_URL", aws.endpoint().toString(),
                "AWS_CONFIG_FILE", config.toString(), "AWS_LAMBDA_LOG_LEVEL", "DEBUG", TelemetryConfig.LIBRARY_LOG_LEVEL, "DEBUG",
                ReceiverVariables.FAST_PATH_ENDPOINT, "127.0.0.1:" + closedPort(), ReceiverVariables.FAST_PATH_TLS, "false",
                ReceiverVariables.FAST_PATH_CLUSTER, "false",
                ReceiverVariables.FAST_PATH_SIGNING_SECRET, aws.fastPathSigningSecret()));
        LambdaFunction function = LambdaFunction.fromTemplate(aws.root().resolve("template.yaml"), FUNCTION,
                LambdaFunction.moduleClasspath(aws.root().resolve("functions/payment-authorizer")), env);

        try (FunctionInvoker emulator = RuntimeEmulator.start(function, aws.root(), LocalAwsFolder.of(aws.root()))) {
            // WHEN it processes a payment
            Invocation invocation = emulator.invoke(Files.readString(aws.root().resolve("events/purchase.json")));
            assertFalse(invocation.payload().contains("\"errorType\""), invocation::payload);

            // THEN every line it wrote parses as one JSON object (FunctionOutput refuses any other)
            FunctionOutput output = FunctionOutput.parse(String.join("\n", invocation.logs()).getBytes(StandardCharsets.UTF_8));
            List<JsonNode> library = output.lines().stream().filter(line -> line.has("logger")).toList();
            // AND the SDK's warning and Jedis's lines are among them, with the function's members
            JsonNode sdkWarning = first(library, line -> "WARN".equals(line.path("level").asText())
                    && line.path("logger").asText().startsWith("software.amazon.awssdk.profiles")
                    && line.path("message").asText().contains("payments"));
            JsonNode jedis = first(library, line -> line.path("logger").asText().startsWith("redis.clients.jedis"));
            for (JsonNode line : List.of(sdkWarning, jedis)) {
                assertEquals(PaymentAuthorizer.SERVICE, line.path("service").asText(), line::toString);
                assertTrue(line.path("timestamp").isTextual() && line.has("cold_start"), line::toString);
            }
            // AND a line logged during the invocation carries its request id
            assertEquals(invocation.requestId(), jedis.path("function_request_id").asText(), jedis::toString);
            assertEquals(1, output.emf().size());
            assertEquals(List.of(), output.emfViolations());
        }
    }

    private static JsonNode first(List<JsonNode> lines, java.util.function.Predicate<JsonNode> which) {
        return lines.stream().filter(which).findFirst()
                .orElseThrow(() -> new AssertionError("no such line among the libraries' lines: " + lines));
    }

    /** A port on 127.0.0.1 that was free a moment ago: connections to it are refused. */
    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
