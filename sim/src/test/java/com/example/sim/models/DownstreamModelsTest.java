package com.example.sim.models;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.sns.model.InternalErrorException;
import software.amazon.awssdk.services.sns.model.NotFoundException;
import software.amazon.awssdk.services.sns.model.ThrottledException;

/** The stream's and the topic's models, each behaviour as its AWS page states it (cited in their Javadoc). */
class DownstreamModelsTest {


    private static Map<String, AttributeValue> record(String txn, String status, String processedAt, long expiresAt) {
        return Map.of("pk", AttributeValue.fromS("PAYMENT#" + txn), "status", AttributeValue.fromS(status),
                "processedAt", AttributeValue.fromS(processedAt), "expiresAt", AttributeValue.fromN(Long.toString(expiresAt)));
    }

    private static void put(DynamoDbModel dynamoDb, Map<String, AttributeValue> item, String condition) {
        dynamoDb.putItem(request -> request.tableName("records").item(item).conditionExpression(condition));
    }

    @Test
    void theStream_recordsEachAppliedWriteOnce_inOrderPerItem_andNothingForARefusedOne() {
        StillWorld world = new StillWorld();
        DynamoDbModel dynamoDb = new DynamoDbModel(world, 40_000);
        DynamoDbTable table = dynamoDb.createTable("records", "pk", Optional.empty(), Optional.of("expiresAt"));
        DynamoDbStream stream = DynamoDbStream.of(dynamoDb, table, world);
        put(dynamoDb, record("T1", "DECLINED", "2026-03-02T00:00:00Z", 4_000_000_000L), "attribute_not_exists(pk)");
        // GIVEN a conditional put refused THEN no record
        assertThrows(ConditionalCheckFailedException.class, () -> put(dynamoDb,
                record("T1", "APPROVED", "2026-03-02T00:00:01Z", 4_000_000_000L), "attribute_not_exists(pk)"));
        put(dynamoDb, record("T1", "APPROVED", "2026-03-02T00:00:02Z", 4_000_000_000L), null);
        assertEquals(2, stream.appended());
        List<DynamoDbStream.Record> shard = new ArrayList<>();
        for (int s = 0; s < DynamoDbStream.SHARDS; s++) {
            shard.addAll(stream.read(s, 100));
        }
        // THEN INSERT, then MODIFY, in one shard, in order, each with its new image
        assertEquals(List.of("INSERT", "MODIFY"), shard.stream().map(DynamoDbStream.Record::eventName).toList());
        assertEquals(shard.get(0).shard(), shard.get(1).shard());
        assertTrue(shard.get(0).sequenceNumber().compareTo(shard.get(1).sequenceNumber()) < 0);
        assertEquals("APPROVED", shard.get(1).newImage().orElseThrow().get("status").s());
        // AND the reader's checkpoint drops what it passed
        stream.advance(shard.get(0).shard(), shard.get(0).sequence());
        assertEquals(1, stream.pending());
    }

    @Test
    void aTtlDeletion_isAServiceRemove_andRecordsOlderThan24Hours_areTrimmed() {
        StillWorld world = new StillWorld();
        DynamoDbModel dynamoDb = new DynamoDbModel(world, 40_000);
        DynamoDbTable table = dynamoDb.createTable("records", "pk", Optional.empty(), Optional.of("expiresAt"));
        DynamoDbStream stream = DynamoDbStream.of(dynamoDb, table, world);
        put(dynamoDb, record("T2", "DECLINED", "2026-03-02T00:00:00Z", world.now.getEpochSecond() + 60), null);
        // WHEN the item expired and TTL's lag (within 48 h) passed, and the table is read
        world.now = world.now.plus(Duration.ofHours(49));
        table.scan(world.now);
        List<DynamoDbStream.Record> records = new ArrayList<>();
        for (int s = 0; s < DynamoDbStream.SHARDS; s++) {
            records.addAll(stream.read(s, 100));
        }
        // THEN the INSERT is trimmed (older than 24 h) and the deletion is a REMOVE by the service, with no image
        assertEquals(1, stream.trimmed());
        assertEquals(1, records.size());
        assertEquals("REMOVE", records.get(0).eventName());
        assertTrue(records.get(0).byService() && records.get(0).newImage().isEmpty());
    }

    @Test
    void theReplaysScan_filtersByKeyPrefixAndABetween() {
        StillWorld world = new StillWorld();
        DynamoDbModel dynamoDb = new DynamoDbModel(world, 40_000);
        dynamoDb.createTable("records", "pk", Optional.empty(), Optional.empty());
        put(dynamoDb, record("A", "APPROVED", "2026-03-02T00:00:05.123Z", 1), null);
        put(dynamoDb, record("B", "APPROVED", "2026-03-02T00:10:00Z", 1), null);
        dynamoDb.putItem(request -> request.tableName("records").item(Map.of("pk", AttributeValue.fromS("OTHER#C"),
                "processedAt", AttributeValue.fromS("2026-03-02T00:00:06Z"))));
        List<Map<String, AttributeValue>> items = dynamoDb.scan(ScanRequest.builder().tableName("records")
                .filterExpression("begins_with(#pk, :prefix) AND #at BETWEEN :lower AND :upper")
                .expressionAttributeNames(Map.of("#pk", "pk", "#at", "processedAt"))
                .expressionAttributeValues(Map.of(":prefix", AttributeValue.fromS("PAYMENT#"),
                        ":lower", AttributeValue.fromS("2026-03-02T00:00:05"), ":upper", AttributeValue.fromS("2026-03-02T00:01:00~")))
                .build()).items();
        assertEquals(List.of("PAYMENT#A"), items.stream().map(item -> item.get("pk").s()).toList());
    }

    @Test
    void theTopic_answersItsFaults_asPublishDocumentsThem_andDeliversAtLeastOnce() {
        StillWorld world = new StillWorld();
        SnsModel.Fault[] fault = {SnsModel.Fault.NONE};
        SnsModel sns = new SnsModel(world, "arn:aws:sns:eu-west-1:123456789012:t", () -> fault[0]);
        List<String> delivered = new ArrayList<>();
        sns.deliverTo(delivery -> delivered.add(delivery.attributes().get("transaction_id")));
        java.util.function.Consumer<String> publish = txn -> sns.publish(request -> request
                .topicArn("arn:aws:sns:eu-west-1:123456789012:t").message("{}")
                .messageAttributes(Map.of("transaction_id", software.amazon.awssdk.services.sns.model.MessageAttributeValue
                        .builder().dataType("String").stringValue(txn).build())));
        publish.accept("T1");
        fault[0] = SnsModel.Fault.TOPIC_GONE;
        assertEquals(404, assertThrows(NotFoundException.class, () -> publish.accept("T2")).statusCode());
        fault[0] = SnsModel.Fault.THROTTLED;
        assertThrows(ThrottledException.class, () -> publish.accept("T3"));
        fault[0] = SnsModel.Fault.SERVER_ERROR;
        assertThrows(InternalErrorException.class, () -> publish.accept("T4"));
        // a 500 after the message was accepted: the caller sees an error, the subscriber the message
        fault[0] = SnsModel.Fault.SERVER_ERROR_AFTER_PUBLISH;
        assertThrows(InternalErrorException.class, () -> publish.accept("T5"));
        assertEquals(List.of("T1", "T5"), delivered);
        // AND every delivery twice when duplicates are certain
        fault[0] = SnsModel.Fault.NONE;
        sns.duplicates(1.0);
        publish.accept("T6");
        assertEquals(List.of("T1", "T5", "T6", "T6"), delivered);
        assertEquals(3, sns.accepted());
    }
}
