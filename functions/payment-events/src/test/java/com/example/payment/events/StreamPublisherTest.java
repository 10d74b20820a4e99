package com.example.payment.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamRecord;
import com.example.lambdafakes.LambdaContext;
import com.example.localaws.observability.FunctionOutput;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The stream partial batch response: failures named precisely, good records never held back by a
 * bad one, records that can never be published set aside, an outage stopping the batch; and the
 * lines it writes: JSON whatever an exception carries, one EMF line per invocation.
 */
class StreamPublisherTest {

    /** A tab, a carriage return, a NUL and a lone (high) surrogate: each breaks a hand-built JSON line. */
    private static final String HOSTILE = "bad\tvalue\rwith\u0000nul and \uD800 lone";

    private final List<String> published = new ArrayList<>();
    private final ByteArrayOutputStream output = new ByteArrayOutputStream();
    private final Set<String> unreachableFor = new HashSet<>();
    private String refusal = "topic unreachable";
    private final Set<String> refusedEvents = new HashSet<>();
    private final List<UnpublishableRecord> setAside = new ArrayList<>();
    private boolean setAsideFails;
    private final StreamPublisher publisher = new StreamPublisher(event -> {
        if (unreachableFor.contains(event.transactionId())) {
            throw new IllegalStateException(refusal);
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
    }, new PrintStream(output, true, StandardCharsets.UTF_8), Clock.systemUTC(), "PaymentsTest");

    @Test
    void hostileExceptionMessage_everyLineParses_andTheInvocationCountsPublishedFailedAndLag() {
        // GIVEN a topic that refuses TXN-2 with a hostile message, records created 3 s ago
        unreachableFor.add("TXN-2");
        refusal = HOSTILE;
        DynamodbEvent event = event(record("1", "INSERT", decision("TXN-1", "APPROVED")),
                record("2", "INSERT", decision("TXN-2", "APPROVED")));
        Date created = Date.from(Instant.now().minusSeconds(3));
        event.getRecords().forEach(record -> record.getDynamodb().setApproximateCreationDateTime(created));
        LambdaContext context = LambdaContext.startingNow("payment-events", Duration.ofSeconds(60));

        // WHEN the handler gets the batch
        new PaymentEventsHandler(publisher).handleRequest(event, context);

        // THEN every line is one JSON object, the failure's line keeps the message (surrogate as U+FFFD)
        FunctionOutput lines = FunctionOutput.parse(output.toByteArray());
        JsonNode failure = lines.logs().get(1);
        assertEquals("WARN", failure.path("level").textValue());
        assertEquals("IllegalStateException: bad\tvalue\rwith\u0000nul and \uFFFD lone", failure.path("error").textValue());
        assertEquals(context.getAwsRequestId(), failure.path("function_request_id").textValue());
        assertEquals("payment-events", failure.path("function_name").textValue());
        assertTrue(failure.path("cold_start").booleanValue());
        // AND one valid EMF line counts the invocation: 1 published, 1 failed, the lag of the one handled
        assertEquals(List.of(), lines.emfViolations());
        assertEquals(1, lines.emf().size());
        JsonNode emf = lines.emf().get(0);
        assertEquals("payment-events", emf.path("Service").textValue());
        assertEquals(1, emf.path("Published").asInt());
        assertEquals(1, emf.path("PublishFailed").asInt());
        assertEquals(1, emf.path("StreamLag").size());
        assertTrue(emf.path("StreamLag").get(0).asDouble() >= 2_000, emf::toString);
    }

    @Test
    void batchWithMoreThanAHundredLags_writesThemInTwoValidEmfLines_countsOnce() {
        // GIVEN a batch of 150 decisions (the template's batch is 100; the writer must not rely on it)
        List<DynamodbEvent.DynamodbStreamRecord> records = new ArrayList<>();
        for (int i = 1; i <= 150; i++) {
            DynamodbEvent.DynamodbStreamRecord record = record(Integer.toString(i), "INSERT", decision("TXN-" + i, "APPROVED"));
            record.getDynamodb().setApproximateCreationDateTime(Date.from(Instant.now()));
            records.add(record);
        }
        DynamodbEvent event = new DynamodbEvent();
        event.setRecords(records);

        // WHEN one invocation publishes it
        publisher.publish(event);

        // THEN the 150 lags fill two valid EMF lines (at most 100 values each), the count is in the first only
        FunctionOutput lines = FunctionOutput.parse(output.toByteArray());
        assertEquals(List.of(), lines.emfViolations());
        assertEquals(2, lines.emf().size());
        assertEquals(List.of(100, 50), lines.emf().stream().map(line -> line.path("StreamLag").size()).toList());
        assertEquals(150, lines.emf().get(0).path("Published").asInt());
        assertTrue(lines.emf().get(1).path("Published").isMissingNode());
    }

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
