package com.example.storesize;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.lambdakit.telemetry.TelemetryConfig;
import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsFolder;
import com.example.localaws.LocalAwsExtension;
import com.example.localaws.invoke.EnvVarsFile;
import com.example.localaws.invoke.FunctionInvoker;
import com.example.localaws.invoke.Invocation;
import com.example.localaws.invoke.LambdaFunction;
import com.example.localaws.invoke.RuntimeEmulator;
import com.example.localaws.observability.FunctionOutput;
import com.example.localaws.observability.LambdaLogLevelFilter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@code events/dedup-store-size/scheduled.json} (the schedule's event, as {@code sam local
 * generate-event cloudwatch scheduled-event} writes it) invoked the way Lambda runs the
 * dedup-store-size function: the real handler under the runtime emulator, configured as
 * template.yaml configures it, reading the local idempotency table. Its one INFO line and one EMF
 * line also show the logging conventions: Lambda's log-level filtering keeps the metrics at
 * {@code ApplicationLogLevel=WARN}, and Powertools' variables name the logs and the metrics.
 * About 3 s an invocation.
 */
@ExtendWith(LocalAwsExtension.class)
class SampleScheduledEventTest {

    private static final String FUNCTION = "DedupStoreSizeFunction";

    private final LocalAws aws;

    SampleScheduledEventTest(LocalAws aws) {
        this.aws = aws;
    }

    @Test
    void scheduledEvent_writesTheIdempotencyTablesItemCount_asOneValidEmfLine() throws IOException {
        // GIVEN an idempotency table holding two records
        aws.resetTables();
        try (DynamoDbClient dynamoDb = aws.dynamoDb()) {
            for (String key : List.of("PAYMENT#S-1", "PAYMENT#S-2")) {
                dynamoDb.putItem(request -> request.tableName("IdempotencyTable").item(Map.of("pk", AttributeValue.fromS(key))));
            }
        }
        String event = Files.readString(aws.root().resolve("events/dedup-store-size/scheduled.json"));
        try (FunctionInvoker emulator = RuntimeEmulator.start(function(Map.of(TelemetryConfig.METRICS_NAMESPACE, "PaymentsTest"), Set.of()), aws.root(), LocalAwsFolder.of(aws.root()))) {
            // WHEN the schedule invokes it
            Invocation invocation = emulator.invoke(event);

            // THEN it answers nothing, and its one EMF line carries the table's item count
            assertEquals("null", invocation.payload());
            FunctionOutput output = FunctionOutput.parse(String.join("\n", invocation.logs()).getBytes(StandardCharsets.UTF_8));
            assertEquals(List.of(), output.emfViolations());
            assertEquals(1, output.emf().size());
            JsonNode emf = output.emf().get(0);
            assertEquals(DedupStoreSize.SERVICE, emf.path("Service").textValue());
            assertEquals(2, emf.path("DedupStoreItemCount").get(0).asLong());
        }
    }

    /**
     * "Log-level filtering", AWS Lambda Developer Guide
     * (https://docs.aws.amazon.com/lambda/latest/dg/monitoring-cloudwatchlogs-log-level.html): a line
     * without a valid level counts as INFO, and at WARN only WARN, ERROR and FATAL lines are sent.
     */
    @Test
    void emfLine_survivesApplicationLogLevelWarn_whileInfoLinesAreDropped() throws IOException {
        // GIVEN a run of the function at its default level, which writes an INFO line and an EMF line
        aws.resetTables();
        FunctionOutput output = run(Map.of(TelemetryConfig.METRICS_NAMESPACE, "PaymentsTest"));
        only(output.lines(), line -> "INFO".equals(line.path("level").asText()));
        JsonNode emf = only(output.emf(), line -> true);

        // WHEN Lambda applies ApplicationLogLevel=WARN to that stdout
        List<JsonNode> kept = new LambdaLogLevelFilter(LambdaLogLevelFilter.Level.WARN).kept(output.lines());

        // THEN the EMF line is sent and the INFO line is not
        assertEquals(List.of(emf), kept);
        // AND the same EMF line without its level would have been dropped with the INFO lines
        ObjectNode withoutLevel = ((ObjectNode) emf.deepCopy());
        withoutLevel.remove("level");
        assertEquals(List.of(), new LambdaLogLevelFilter(LambdaLogLevelFilter.Level.WARN).kept(List.of(withoutLevel)));
        // AND it is kept even at the strictest level
        assertEquals(List.of(emf), new LambdaLogLevelFilter(LambdaLogLevelFilter.Level.FATAL).kept(output.lines()));
    }

    @Test
    void onlyPowertoolsVariablesSet_nameTheLogsAndTheMetrics() throws IOException {
        // GIVEN the function configured as a Powertools user would: no SERVICE_NAME, no METRICS_NAMESPACE
        aws.resetTables();
        FunctionOutput output = run(Map.of(TelemetryConfig.POWERTOOLS_SERVICE_NAME, "ledger-size",
                TelemetryConfig.POWERTOOLS_METRICS_NAMESPACE, "PowertoolsNamespace"), TelemetryConfig.SERVICE_NAME, TelemetryConfig.METRICS_NAMESPACE);

        // THEN its log line and its metrics carry that service, and the metrics that namespace
        JsonNode info = only(output.lines(), line -> "INFO".equals(line.path("level").asText()));
        assertEquals("ledger-size", info.path("service").asText());
        JsonNode emf = only(output.emf(), line -> true);
        assertEquals("ledger-size", emf.path("Service").asText());
        assertEquals("PowertoolsNamespace", emf.path("_aws").path("CloudWatchMetrics").get(0).path("Namespace").asText());
        assertEquals(List.of(), output.emfViolations());
    }

    /** One scheduled run of the function with {@code settings} added to its environment; every line parsed. */
    private FunctionOutput run(Map<String, String> settings, String... unset) throws IOException {
        String event = Files.readString(aws.root().resolve("events/dedup-store-size/scheduled.json"));
        try (FunctionInvoker emulator = RuntimeEmulator.start(function(settings, Set.of(unset)), aws.root(), LocalAwsFolder.of(aws.root()))) {
            Invocation invocation = emulator.invoke(event);
            assertEquals("null", invocation.payload());
            return FunctionOutput.parse(String.join("\n", invocation.logs()).getBytes(StandardCharsets.UTF_8));
        }
    }

    private static JsonNode only(List<JsonNode> lines, Predicate<JsonNode> which) {
        List<JsonNode> matching = lines.stream().filter(which).toList();
        assertEquals(1, matching.size(), () -> "expected one such line in " + lines);
        return matching.get(0);
    }

    /**
     * The function as template.yaml declares it, with env.json's values but {@code unset}, its code
     * from this module, pointed at the local AWS, with {@code settings} added to its environment.
     */
    private LambdaFunction function(Map<String, String> settings, Set<String> unset) {
        Map<String, String> env = new HashMap<>(EnvVarsFile.read(aws.root()).variables(FUNCTION));
        env.keySet().removeAll(unset);
        env.put("AWS_REGION", LocalAws.REGION.id());
        env.put("AWS_ENDPOINT_URL", aws.endpoint().toString());
        env.putAll(settings);
        return LambdaFunction.fromTemplate(aws.root().resolve("template.yaml"), FUNCTION,
                LambdaFunction.moduleClasspath(aws.root().resolve("functions/dedup-store-size")), env);
    }
}
