package com.example.payment.events;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamRecord;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The stream partial batch response: failures named precisely, good records never held back by a
 * bad one, records that can never be published set aside, an outage stopping the batch.
 */
class StreamPublisherTest {

    private final List<String> published = new ArrayList<>();
    private final Set<String> unreachableFor = new HashSet<>();
    private final Set<String> refusedEvents = new HashSet<>();
    private final List<UnpublishableRecord> setAside = new ArrayList<>();
    private boolean setAsideFails;
    private final StreamPublisher publisher = new StreamPublisher(event -> {
        if (unreachableFor.contains(event.transactionId())) {
            throw new IllegalStateException("topic unreachable");
        }
        if (refusedEvents.contains(event.transactionId())) {
            throw new UnpublishableRecordException("the topic refused the event: InvalidParameter");
        }
        published.add(event.transactionId() + ":" + event.type());
    }, record -> {
        if (setAsideFails) {
            throw new IllegalStateException("queue unreachable");
        }
        setAside.add(record);
    }, new PrintStream(OutputStream.nullOutputStream()), Clock.systemUTC());

    @Test
    void wholeBatch_isPublishedInOrder_removalsSkipped_andNoFailureReported() {
        StreamsEventResponse response = publisher.publish(event(
                record("1", "INSERT", decision("TXN-1", "APPROVED")),
                record("2", "REMOVE", null),
                record("3", "MODIFY", decision("TXN-3", "DECLINED"))));
        assertEquals(List.of(), response.getBatchItemFailures());
        assertEquals(List.of("TXN-1:PaymentAuthorized", "TXN-3:PaymentDeclined"), published);
    }

    @Test
    void aFailedPublish_stopsTheBatch_andNamesItsSequenceNumber() {
        // GIVEN a batch whose second decision the topic cannot take now
        unreachableFor.add("TXN-2");
        // WHEN it is published
        StreamsEventResponse response = publisher.publish(event(
                record("1", "INSERT", decision("TXN-1", "APPROVED")),
                record("2", "INSERT", decision("TXN-2", "APPROVED")),
                record("3", "INSERT", decision("TXN-3", "APPROVED"))));
        // THEN its sequence number is the checkpoint to retry from, and nothing after it was tried
        // (it would be published again on every retry)
        assertEquals(List.of("2"), failedSequences(response));
        assertEquals(List.of("TXN-1:PaymentAuthorized"), published);
    }

    @Test
    void recordThatIsNotAPaymentDecision_isSetAsideWithItsReason_andTheBatchGoesOn() {
        // GIVEN a batch headed by a record with no result summary (it can never become an event)
        Map<String, AttributeValue> noSummary = new HashMap<>(decision("TXN-9", "APPROVED"));
        noSummary.remove("result");
        // WHEN it is published
        StreamsEventResponse response = publisher.publish(event(record("7", "INSERT", noSummary),
                record("8", "INSERT", decision("TXN-10", "DECLINED"))));
        // THEN the batch is done, the next decision published, the bad record kept with its key and reason
        assertEquals(List.of(), failedSequences(response));
        assertEquals(List.of("TXN-10:PaymentDeclined"), published);
        assertEquals(List.of(new UnpublishableRecord("PAYMENT#TXN-9", "7", "", "INSERT",
                "record PAYMENT#TXN-9 has no result summary")), setAside);
    }

    @Test
    void eventTheTopicRefuses_isSetAside() {
        refusedEvents.add("TXN-1");
        StreamsEventResponse response = publisher.publish(event(record("1", "INSERT", decision("TXN-1", "APPROVED"))));
        assertEquals(List.of(), failedSequences(response));
        assertEquals("the topic refused the event: InvalidParameter", setAside.get(0).reason());
    }

    @Test
    void unpublishableRecordThatCannotBeSetAside_isAFailure_notSkipped() {
        setAsideFails = true;
        Map<String, AttributeValue> noSummary = new HashMap<>(decision("TXN-9", "APPROVED"));
        noSummary.remove("result");
        StreamsEventResponse response = publisher.publish(event(record("7", "INSERT", noSummary)));
        assertEquals(List.of("7"), failedSequences(response));
    }

    private static List<String> failedSequences(StreamsEventResponse response) {
        return response.getBatchItemFailures().stream().map(StreamsEventResponse.BatchItemFailure::getItemIdentifier).toList();
    }

    private static Map<String, AttributeValue> decision(String txn, String status) {
        Map<String, AttributeValue> image = new HashMap<>();
        image.put("pk", new AttributeValue().withS("PAYMENT#" + txn));
        image.put("status", new AttributeValue().withS(status));
        if (status.equals("DECLINED")) {
            image.put("reason", new AttributeValue().withS("INSUFFICIENT_FUNDS"));
        }
        image.put("processedAt", new AttributeValue().withS("2026-04-07T14:32:16Z"));
        image.put("result", new AttributeValue().withM(Map.of(
                "accountId", new AttributeValue().withS("ACC-1"),
                "amountMinor", new AttributeValue().withN("12550"),
                "currency", new AttributeValue().withS("EUR"),
                "authorizationType", new AttributeValue().withS("PURCHASE"))));
        return image;
    }

    private static DynamodbEvent.DynamodbStreamRecord record(String sequence, String name, Map<String, AttributeValue> image) {
        StreamRecord change = new StreamRecord();
        change.setSequenceNumber(sequence);
        change.setNewImage(image);
        if (image != null && image.containsKey("pk")) {
            change.setKeys(Map.of("pk", image.get("pk")));
        }
        DynamodbEvent.DynamodbStreamRecord record = new DynamodbEvent.DynamodbStreamRecord();
        record.setEventName(name);
        record.setDynamodb(change);
        return record;
    }

    private static DynamodbEvent event(DynamodbEvent.DynamodbStreamRecord... records) {
        DynamodbEvent event = new DynamodbEvent();
        event.setRecords(List.of(records));
        return event;
    }
}
