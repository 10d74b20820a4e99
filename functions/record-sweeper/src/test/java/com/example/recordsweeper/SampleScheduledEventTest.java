package com.example.recordsweeper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.lambdakit.telemetry.TelemetryConfig;
import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import com.example.localaws.LocalAwsFolder;
import com.example.localaws.invoke.EnvVarsFile;
import com.example.localaws.invoke.FunctionInvoker;
import com.example.localaws.invoke.Invocation;
import com.example.localaws.invoke.InvocationFailedException;
import com.example.localaws.invoke.LambdaFunction;
import com.example.localaws.invoke.RuntimeEmulator;
import com.example.localaws.observability.FunctionOutput;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * {@code events/record-sweeper/scheduled.json} (the schedule's event, as {@code sam local
 * generate-event cloudwatch scheduled-event} writes it) invoked the way Lambda runs the
 * record-sweeper function: the real handler under the runtime emulator, configured as template.yaml
 * and env.json configure it, sweeping the local tables (the local AWS's tables are single-Region
 * ones; what the sweeper reads and writes on them is what it does on an MRSC replica). About 3 s
 * an invocation.
 */
@ExtendWith(LocalAwsExtension.class)
class SampleScheduledEventTest {

    private static final String FUNCTION = "RecordSweeperFunction";
    private static final String EVENT = "events/record-sweeper/scheduled.json";

    private final LocalAws aws;

    SampleScheduledEventTest(LocalAws aws) {
        this.aws = aws;
    }

    @Test
    void scheduledEvent_removesTheOldEntry_deletesTheExpiredRecord_andWritesItsCounts() throws IOException {
        // GIVEN an account whose entry's record was written an hour ago, and a record that expired yesterday
        aws.resetTables();
        Instant now = Instant.now();
        try (DynamoDbClient dynamoDb = aws.dynamoDb()) {
            SweptTables tables = new SweptTables(dynamoDb);
            tables.account("ACC-44821", 221_450, 2, Map.of("TXN-VISA-8847291", now.minus(Duration.ofHours(1))));
            tables.record("TXN-VISA-8847291", now.minus(Duration.ofHours(1)), now.plus(Duration.ofDays(7)));
            tables.record("TXN-VISA-8840001", now.minus(Duration.ofDays(8)), now.minus(Duration.ofDays(1)));

            try (FunctionInvoker emulator = RuntimeEmulator.start(function(Map.of()), aws.root(), LocalAwsFolder.of(aws.root()))) {
                // WHEN the schedule invokes it
                Invocation invocation = emulator.invoke(Files.readString(aws.root().resolve(EVENT)));

                // THEN it answers nothing; the entry is gone, the balance stays, the expired record is deleted
                assertEquals("null", invocation.payload());
                assertEquals(Map.of(), tables.applied("ACC-44821"));
                assertEquals("221450", tables.account("ACC-44821").get("balanceMinor").n());
                assertTrue(tables.recordExists("TXN-VISA-8847291"));
                assertFalse(tables.recordExists("TXN-VISA-8840001"));
                // AND its one EMF line carries the counts
                FunctionOutput output = FunctionOutput.parse(String.join("\n", invocation.logs()).getBytes(StandardCharsets.UTF_8));
                assertEquals(List.of(), output.emfViolations());
                assertEquals(1, output.emf().size());
                JsonNode emf = output.emf().get(0);
                assertEquals(RecordSweeper.SERVICE, emf.path("Service").textValue());
                assertEquals(1, emf.path(SweeperMetrics.ENTRIES_REMOVED.name()).get(0).asLong());
                assertEquals(1, emf.path(SweeperMetrics.RECORDS_DELETED.name()).get(0).asLong());
            }
        }
    }

    @Test
    void retentionBelowNinetySeconds_failsTheInit_underTheEmulator_namingTheVariable() throws IOException {
        // GIVEN the function configured to forget entries after 60 s, less than a receiver may still need them
        aws.resetTables();
        LambdaFunction misconfigured = function(Map.of(SweeperSettings.APPLIED_RETENTION_SECONDS, "60"));
        try (FunctionInvoker emulator = RuntimeEmulator.start(misconfigured, aws.root(), LocalAwsFolder.of(aws.root()).resolve("misconfigured"))) {
            // WHEN the schedule invokes it, THEN its init fails, naming the variable and the rule
            InvocationFailedException failure = assertThrows(InvocationFailedException.class,
                    () -> emulator.invoke(Files.readString(aws.root().resolve(EVENT))));
            assertTrue(failure.body().contains("APPLIED_RETENTION_SECONDS must be at least 90"), failure.body());
        }
    }

    /** The function as template.yaml declares it, with env.json's values and {@code settings}, its code from this module, pointed at the local AWS. */
    private LambdaFunction function(Map<String, String> settings) {
        Map<String, String> env = new HashMap<>(EnvVarsFile.read(aws.root()).variables(FUNCTION));
        env.put("AWS_REGION", LocalAws.REGION.id());
        env.put("AWS_ENDPOINT_URL", aws.endpoint().toString());
        env.put(TelemetryConfig.METRICS_NAMESPACE, "PaymentsTest");
        env.putAll(settings);
        return LambdaFunction.fromTemplate(aws.root().resolve("template.yaml"), FUNCTION,
                LambdaFunction.moduleClasspath(aws.root().resolve("functions/record-sweeper")), env);
    }
}
