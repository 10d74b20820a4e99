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
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The stream partial batch response: stop at the first failure and name its sequence number. */
class StreamPublisherTest {

    private final List<String> published = new ArrayList<>();
    private String refused = "";
    private final StreamPublisher publisher = new StreamPublisher(event -> {
        if (event.transactionId().equals(refused)) {
            throw new IllegalStateException("refused");
        }
        published.add(event.transactionId() + ":" + event.type());
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
    void firstFailure_stopsTheBatch_andNamesItsSequenceNumber() {
        refused = "TXN-2";
        StreamsEventResponse response = publisher.publish(event(
                record("1", "INSERT", decision("TXN-1", "APPROVED")),
                record("2", "INSERT", decision("TXN-2", "APPROVED")),
                record("3", "INSERT", decision("TXN-3", "APPROVED"))));
        assertEquals(List.of("2"), response.getBatchItemFailures().stream()
                .map(StreamsEventResponse.BatchItemFailure::getItemIdentifier).toList());
        assertEquals(List.of("TXN-1:PaymentAuthorized"), published);
    }

    @Test
    void recordThatIsNotAPaymentDecision_isAFailure_notSkipped() {
        Map<String, AttributeValue> noSummary = new HashMap<>(decision("TXN-9", "APPROVED"));
        noSummary.remove("result");
        StreamsEventResponse response = publisher.publish(event(record("7", "INSERT", noSummary)));
        assertEquals("7", response.getBatchItemFailures().get(0).getItemIdentifier());
        assertEquals(List.of(), published);
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
