package com.example.sim.models;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * A transaction's 4 MB bound, as {@link TransactionLimits} cites it; the 100 actions and one
 * action per item are checked against the local AWS too ({@code TransactionLimitsConformanceTest}).
 */
class TransactionLimitsTest {

    private static final String KB_399 = "x".repeat(399 * 1024);

    @Test
    void tenItemsOf400Kb_fit_elevenAreRefusedWithAValidationException_andWriteNothing() {
        DynamoDbModel dynamoDb = new DynamoDbModel(new StillWorld(), 40_000);
        dynamoDb.createTable("t", "pk", Optional.empty(), Optional.empty());

        dynamoDb.transactWriteItems(request -> request.transactItems(items("fits-", 10)));
        DynamoDbException refused = assertThrows(DynamoDbException.class,
                () -> dynamoDb.transactWriteItems(request -> request.transactItems(items("big-", 11))));

        assertEquals("ValidationException", refused.awsErrorDetails().errorCode());
        assertEquals(400, refused.statusCode());
        assertEquals(10, dynamoDb.table("t").size());
    }

    private static List<TransactWriteItem> items(String prefix, int count) {
        return IntStream.range(0, count).mapToObj(i -> TransactWriteItem.builder().put(Put.builder().tableName("t")
                .item(Map.of("pk", AttributeValue.fromS(prefix + i), "blob", AttributeValue.fromS(KB_399))).build()).build()).toList();
    }
}
