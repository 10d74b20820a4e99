package com.example.payment.storesize;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import com.example.localaws.invoke.EnvVarsFile;
import com.example.localaws.invoke.FunctionInvoker;
import com.example.localaws.invoke.Invocation;
import com.example.localaws.invoke.LambdaFunction;
import com.example.localaws.invoke.RuntimeEmulator;
import com.example.localaws.observability.FunctionOutput;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@code events/dedup-store-size/scheduled.json} (the schedule's event, as {@code sam local
 * generate-event cloudwatch scheduled-event} writes it) invoked the way Lambda runs the
 * dedup-store-size function: the real handler under the runtime emulator, configured as
 * template.yaml configures it, reading the local idempotency table.
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
        try (FunctionInvoker emulator = RuntimeEmulator.start(function(), aws.root(), aws.root().resolve("target/local-aws"))) {
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

    /** The function as template.yaml declares it, with env.json's values, its code from this module, pointed at the local AWS. */
    private LambdaFunction function() {
        Map<String, String> env = new HashMap<>(EnvVarsFile.read(aws.root()).variables(FUNCTION));
        env.put("AWS_REGION", LocalAws.REGION.id());
        env.put("AWS_ENDPOINT_URL", aws.endpoint().toString());
        return LambdaFunction.fromTemplate(aws.root().resolve("template.yaml"), FUNCTION,
                LambdaFunction.moduleClasspath(aws.root().resolve("functions/payment-authorizer")), env);
    }
}
