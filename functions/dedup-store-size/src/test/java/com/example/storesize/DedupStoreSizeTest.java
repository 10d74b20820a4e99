package com.example.storesize;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.amazonaws.services.lambda.runtime.events.ScheduledEvent;
import com.example.lambdafakes.LambdaContext;
import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import com.example.localaws.observability.FunctionOutput;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The scheduled read of the dedup store's size against the local DynamoDB: what DescribeTable
 * reports becomes one valid EMF line. (moto reports ItemCount live and TableSizeBytes as 0;
 * DynamoDB refreshes both about every six hours: docs/architecture.md, the fidelity table.)
 */
@ExtendWith(LocalAwsExtension.class)
class DedupStoreSizeTest {

    private final LocalAws aws;

    DedupStoreSizeTest(LocalAws aws) {
        this.aws = aws;
    }

    @Test
    void scheduledRun_writesTheTablesItemCountAndBytes_asOneValidEmfLine() {
        // GIVEN an idempotency table holding three records
        aws.resetTables();
        for (String key : List.of("PAYMENT#S-1", "PAYMENT#S-2", "PAYMENT#S-3")) {
            aws.dynamoDb().putItem(request -> request.tableName("IdempotencyTable")
                    .item(Map.of("pk", AttributeValue.fromS(key))));
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DedupStoreSizeHandler handler = new DedupStoreSizeHandler(new DedupStoreSize(aws.dynamoDb(), "IdempotencyTable",
                new PrintStream(bytes, true, StandardCharsets.UTF_8), Clock.systemUTC(), "PaymentsTest"));
        LambdaContext context = LambdaContext.startingNow("dedup-store-size", Duration.ofSeconds(30));

        // WHEN the schedule invokes it
        handler.handleRequest(new ScheduledEvent(), context);

        // THEN one valid EMF line carries the item count and the bytes DescribeTable reported
        FunctionOutput output = FunctionOutput.parse(bytes.toByteArray());
        assertEquals(List.of(), output.emfViolations());
        assertEquals(1, output.emf().size());
        JsonNode emf = output.emf().get(0);
        assertEquals("dedup-store", emf.path("Service").textValue());
        assertEquals(3, emf.path("DedupStoreItemCount").get(0).asLong());
        long reported = aws.dynamoDb().describeTable(request -> request.tableName("IdempotencyTable")).table()
                .tableSizeBytes();
        assertEquals(reported, emf.path("DedupStoreSizeBytes").get(0).asLong());
        assertEquals(context.getAwsRequestId(), output.logs().get(0).path("function_request_id").textValue());
    }
}
