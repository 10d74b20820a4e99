package com.example.receiver.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

/** The kit's own guarantees, on the local AWS it starts: the declared tables, the counter, faults, AWS's time. */
class LocalAwsKitTest {

    @RegisterExtension
    static final LocalAwsKit AWS = LocalAwsKit.withTables(
            TableSpec.idempotencyRecords("KitRecords").withStream(),
            TableSpec.named("KitRows").partitionKey("id").sortKey("at"));

    @Test
    void declaredTables_haveTheirKeysTtlAndStream() {
        try (DynamoDbClient dynamoDb = AWS.dynamoDb()) {
            // WHEN the tables the test declared are described
            TableDescription records = dynamoDb.describeTable(describe -> describe.tableName("KitRecords")).table();
            TableDescription rows = dynamoDb.describeTable(describe -> describe.tableName("KitRows")).table();
            // THEN each has its keys, the records their TTL on expiresAt and a stream of both images
            assertEquals(List.of(key("pk", KeyType.HASH)), records.keySchema());
            assertEquals(List.of(key("id", KeyType.HASH), key("at", KeyType.RANGE)), rows.keySchema());
            assertEquals(TimeToLiveStatus.ENABLED, dynamoDb.describeTimeToLive(ttl -> ttl.tableName("KitRecords"))
                    .timeToLiveDescription().timeToLiveStatus());
            assertEquals("expiresAt", dynamoDb.describeTimeToLive(ttl -> ttl.tableName("KitRecords"))
                    .timeToLiveDescription().attributeName());
            assertTrue(records.streamSpecification().streamEnabled());
            assertEquals(StreamViewType.NEW_AND_OLD_IMAGES, records.streamSpecification().streamViewType());
        }
    }

    @Test
    void eachTest_startsFromEmptyTables_andTheCounterCountsEveryCallOnce() {
        DynamoDbCallCounter calls = new DynamoDbCallCounter();
        try (DynamoDbClient dynamoDb = AWS.dynamoDb(calls)) {
            // GIVEN the tables made afresh for this test
            assertEquals(0, dynamoDb.scan(scan -> scan.tableName("KitRecords")).count());
            // WHEN the test writes one item and reads it
            dynamoDb.putItem(put -> put.tableName("KitRecords").item(Map.of("pk", AttributeValue.fromS("K#1"))));
            dynamoDb.getItem(get -> get.tableName("KitRecords").key(Map.of("pk", AttributeValue.fromS("K#1"))));
            // THEN the counter has each call once, by operation
            assertEquals(Map.of("GetItem", 1, "PutItem", 1, "Scan", 1), calls.byOperation());
        }
    }

    @Test
    void anInjectedFault_failsTheMatchingRequests() {
        try (DynamoDbClient dynamoDb = AWS.dynamoDb()) {
            // GIVEN a 500 for the next 20 PutItem requests naming K#2 (more than the SDK's attempts)
            AWS.inject(Fault.internalError("PutItem", "K#2", 20));
            // WHEN one is written
            DynamoDbException refused = assertThrows(DynamoDbException.class, () -> dynamoDb.putItem(put -> put
                    .tableName("KitRecords").item(Map.of("pk", AttributeValue.fromS("K#2")))));
            // THEN it failed with the injected error and another item is written
            assertEquals(500, refused.statusCode());
            dynamoDb.putItem(put -> put.tableName("KitRecords").item(Map.of("pk", AttributeValue.fromS("K#3"))));
        }
    }

    @Test
    void awsTime_movesTheFunctionsClock_byWhatItSkips() {
        // GIVEN AWS's time
        try (AwsTime time = AWS.awsTime()) {
            Instant before = Instant.now();
            // WHEN a day is skipped
            time.advance(Duration.ofDays(1));
            // THEN the function's clock is a day ahead of the real time, and says so
            assertEquals(Duration.ofDays(1), time.skipped());
            assertTrue(!time.clock().instant().isBefore(before.plus(Duration.ofDays(1))), time.clock().instant().toString());
        }
    }

    private static KeySchemaElement key(String attribute, KeyType type) {
        return KeySchemaElement.builder().attributeName(attribute).keyType(type).build();
    }
}
