package com.example.sim.models;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/** The models' behaviours, each as its AWS page states it (cited in the models' Javadoc). */
class ModelsTest {

    /** The still world, where another caller's call can run while an answer is on its way back. */
    private static final class Still extends StillWorld {
        /** Runs once while the next answer is on its way back: another caller's call, overlapping. */
        Runnable onTheWayBack;
        /** Whether every call is throttled at its transaction's last table. */
        boolean throttleLastTable;

        @Override
        public void fromService(String service, String operation) {
            Runnable overlapping = onTheWayBack;
            onTheWayBack = null;
            if (overlapping != null) {
                overlapping.run();
            }
        }

        @Override
        public Fault fault(String service, String operation) {
            return throttleLastTable ? Fault.THROTTLE_LAST_TABLE : Fault.NONE;
        }
    }

    @Test
    void redrivePolicy_movesAfterMaxReceives_keepingIdAndSentTimestamp_andARedriveSendsANewMessage() {
        Still world = new Still();
        SqsModel sqs = new SqsModel(world);
        SqsQueue dlq = sqs.createQueue("dlq", 30, 1_209_600);
        SqsQueue queue = sqs.createQueue("q", 10, 345_600);
        queue.redrivePolicy(dlq, 2);
        SqsMessage sent = queue.send("body", Map.of(), 0);
        for (int receive = 1; receive <= 2; receive++) {
            assertEquals(List.of(sent), queue.receive(10));
            world.now = world.now.plusSeconds(11);
        }
        assertEquals(List.of(), queue.receive(10)); // the third receive moves it
        SqsMessage moved = dlq.messages().get(0);
        assertEquals(sent.id(), moved.id());
        assertEquals(sent.sentAtMillis(), moved.sentAtMillis());
        world.now = world.now.plusSeconds(600);
        dlq.moveOne(moved, queue);
        SqsMessage redriven = queue.messages().get(0);
        assertTrue(!redriven.id().equals(sent.id()) && redriven.sentAtMillis() > sent.sentAtMillis());
    }

    @Test
    void anOlderReceiptHandle_deletesNothing() {
        Still world = new Still();
        SqsQueue queue = new SqsModel(world).createQueue("q", 10, 345_600);
        queue.send("body", Map.of(), 0);
        String first = queue.receive(1).get(0).receiptHandle();
        world.now = world.now.plusSeconds(11);
        queue.receive(1);
        queue.delete(first);
        assertEquals(1, queue.depth());
    }

    @Test
    void aFailedCondition_cancelsTheWholeTransaction_withTheOldItem_andAnOverlappingOneConflicts() {
        Still world = new Still();
        DynamoDbModel dynamoDb = new DynamoDbModel(world, 4_000);
        dynamoDb.createTable("t", "pk", Optional.empty(), Optional.empty());
        // a transaction on the same item while the first is in flight (its answer on the way back): TransactionConflict
        TransactionCanceledException[] overlapping = new TransactionCanceledException[1];
        world.onTheWayBack = () -> overlapping[0] = assertThrows(TransactionCanceledException.class,
                () -> dynamoDb.transactWriteItems(request -> request.transactItems(put("a", "attribute_not_exists(#pk)"), put("b", null))));
        dynamoDb.transactWriteItems(request -> request.transactItems(put("a", "attribute_not_exists(#pk)")));
        assertEquals("TransactionConflict", overlapping[0].cancellationReasons().get(0).code());
        // once it is done, the same transaction fails its condition instead, with the item as it was
        TransactionCanceledException failed = assertThrows(TransactionCanceledException.class,
                () -> dynamoDb.transactWriteItems(request -> request.transactItems(put("a", "attribute_not_exists(#pk)"), put("b", null))));
        assertEquals("ConditionalCheckFailed", failed.cancellationReasons().get(0).code());
        assertEquals("a", failed.cancellationReasons().get(0).item().get("pk").s());
        assertEquals("None", failed.cancellationReasons().get(1).code());
        assertEquals(1, dynamoDb.table("t").size()); // b not written: all or nothing
    }

    @Test
    void reasonsMix_aFailedConditionStandsBesideAThrottledTableAndBesideAConflict_andNothingIsWritten() {
        Still world = new Still();
        DynamoDbModel dynamoDb = new DynamoDbModel(world, 4_000);
        dynamoDb.createTable("t", "pk", Optional.empty(), Optional.empty());
        dynamoDb.createTable("u", "pk", Optional.empty(), Optional.empty());
        dynamoDb.transactWriteItems(request -> request.transactItems(put("t", "a", null), put("u", "x", null)));
        // GIVEN the last table's actions throttled (a hot partition): its put does not speak
        world.throttleLastTable = true;
        TransactionCanceledException throttled = assertThrows(TransactionCanceledException.class, () -> dynamoDb.transactWriteItems(
                request -> request.transactItems(put("t", "new", NEW), put("t", "a", NEW), put("u", "x", NEW))));
        // THEN the failed condition stands, with its item, beside the throttled table's ThrottlingError
        assertEquals(List.of("None", "ConditionalCheckFailed", "ThrottlingError"), codes(throttled));
        assertEquals("a", throttled.cancellationReasons().get(1).item().get("pk").s());
        world.throttleLastTable = false;
        // AND a transaction meeting one in flight: its held item conflicts, the other's condition fails beside it
        TransactionCanceledException[] overlapping = new TransactionCanceledException[1];
        world.onTheWayBack = () -> overlapping[0] = assertThrows(TransactionCanceledException.class,
                () -> dynamoDb.transactWriteItems(request -> request.transactItems(put("t", "a", NEW), put("u", "y", NEW))));
        dynamoDb.transactWriteItems(request -> request.transactItems(put("u", "y", NEW)));
        assertEquals(List.of("ConditionalCheckFailed", "TransactionConflict"), codes(overlapping[0]));
        // AND neither wrote anything: all or nothing
        assertEquals(1, dynamoDb.table("t").size());
        assertEquals(2, dynamoDb.table("u").size());
    }

    private static final String NEW = "attribute_not_exists(#pk)";

    private static List<String> codes(TransactionCanceledException cancelled) {
        return cancelled.cancellationReasons().stream().map(reason -> reason.code()).toList();
    }

    private static TransactWriteItem put(String key, String condition) {
        return put("t", key, condition);
    }

    private static TransactWriteItem put(String table, String key, String condition) {
        Put.Builder put = Put.builder().tableName(table).item(Map.of("pk", AttributeValue.fromS(key)))
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD);
        if (condition != null) {
            put.conditionExpression(condition).expressionAttributeNames(Map.of("#pk", "pk"));
        }
        return TransactWriteItem.builder().put(put.build()).build();
    }
}
