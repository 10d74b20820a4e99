package com.example.sim.models;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
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

    /** {@code count} items of 399 KB, each in a partition of its own of the table's 40 (800 write units each fit). */
    private static List<TransactWriteItem> items(String prefix, int count) {
        Set<Long> partitions = new HashSet<>();
        return IntStream.iterate(0, i -> i + 1).mapToObj(i -> prefix + i)
                .filter(key -> partitions.add(TablePartitions.hash(key) * 40 >>> 32)).limit(count)
                .map(key -> TransactWriteItem.builder().put(Put.builder().tableName("t")
                        .item(Map.of("pk", AttributeValue.fromS(key), "blob", AttributeValue.fromS(KB_399))).build()).build()).toList();
    }
}
