package com.example.receiver.internal.sqs;

import static com.example.localaws.QueueContents.attributes;
import static com.example.localaws.QueueContents.backlog;
import static com.example.localaws.QueueContents.byBody;
import static com.example.localaws.QueueContents.firstReceivedAt;
import static com.example.localaws.QueueContents.receiveAll;
import static com.example.localaws.QueueContents.record;
import static com.example.receiver.fixtures.SqsEvents.failures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.lambdafakes.LambdaContext;
import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import com.example.localaws.mapping.SqsEventSourceMapping;
import com.example.receiver.internal.config.DeadLetterConfig;
import com.example.receiver.internal.config.ReceiverConfig;
import com.example.receiver.lambda.SeatReceiver;
import com.example.receiver.seats.Booking;
import com.example.receiver.seats.SeatTables;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.Message;
import software.amazon.awssdk.services.sqs.model.MessageAttributeValue;
import software.amazon.awssdk.services.sqs.model.MessageSystemAttributeName;
import software.amazon.awssdk.services.sqs.model.QueueAttributeName;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchRequest;

/**
 * {@link SqsDeadLetters} against the local SQS: a booking no delivery can decide (an invalid body,
 * a conflict) reaches the dead-letter queue in the invocation that first meets it, with its reason
 * in message attributes, and is acknowledged: it no longer rides the queue's
 * {@code maxReceiveCount} ("Using dead-letter queues in Amazon SQS",
 * https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/sqs-dead-letter-queues.html).
 * What cannot be sent stays a batch item failure: nothing is lost. Messages go through a real
 * queue and the local SQS event source mapping, which deletes what the response acknowledges, as
 * Lambda does. (The payment function's DeadLetterTest keeps the one case that records its role's
 * {@code SendMessageBatch} for {@code make rehearse}.)
 */
@ExtendWith(LocalAwsExtension.class)
class SqsDeadLettersTest {

    private static final String VERSION = "7";

    private final LocalAws aws;
    private final AtomicInteger sqsClientsBuilt = new AtomicInteger();
    private final List<SQSEvent> events = new ArrayList<>();
    private final List<SQSBatchResponse> responses = new ArrayList<>();
    private SqsClient sqs;
    private SeatTables tables;
    private SeatReceiver receiver;

    SqsDeadLettersTest(LocalAws aws) {
        this.aws = aws;
    }

    @BeforeEach
    void clients() {
        sqs = aws.sqs();
        tables = SeatTables.create(aws.dynamoDb());
    }

    @AfterEach
    void close() {
        if (receiver != null) {
            receiver.close();
        }
        sqs.close();
    }

    @Test
    void poisonAndConflict_reachTheDlqInTheInvocationThatFirstSeesThem_withTheirReasons_andAreAcknowledged() {
        Queues queues = Queues.create(sqs, false);
        SqsEventSourceMapping mapping = mapping(queues, receiver(queues.dlq()).build());
        // GIVEN BKG-1 holding seat A1
        String bkg = "BKG-" + UUID.randomUUID().toString().substring(0, 8);
        send(queues.source(), Booking.body(bkg, "EVT-1", "A1"));
        mapping.pollOnce();
        // WHEN one batch brings a body cut off mid-JSON, BKG-1 again for seat B2, and a new booking
        String poison = Booking.body(bkg + "-9", "EVT-1", "A9").substring(0, 30);
        String conflict = Booking.body(bkg, "EVT-1", "B2");
        send(queues.source(), poison, conflict, Booking.body(bkg + "-2", "EVT-1", "A2"));
        mapping.pollOnce();

        // THEN all three are acknowledged: nothing is left for redelivery
        assertEquals(List.of(), failures(responses.get(1)));
        assertEquals(0, backlog(sqs, queues.source()));
        // AND both dead letters are in the DLQ now, after that one receive, bodies byte for byte
        SQSEvent batch = events.get(1);
        assertTrue(batch.getRecords().stream().allMatch(record ->
                record.getAttributes().get("ApproximateReceiveCount").equals("1")));
        Map<String, Message> dead = byBody(receiveAll(sqs, queues.dlq()));
        assertEquals(Set.of(poison, conflict), dead.keySet());
        // AND their attributes say what an operator needs, the rejection's field and rule ...
        SQSEvent.SQSMessage poisonRecord = record(batch, poison);
        Map<String, String> rejected = attributes(dead.get(poison));
        assertEquals("REJECTED", rejected.get("outcome"));
        assertEquals("body", rejected.get("field"));
        assertEquals("must be JSON", rejected.get("rule"));
        assertEquals("rejected: body must be JSON", rejected.get("reason"));
        assertEquals(poisonRecord.getMessageId(), rejected.get("source_message_id"));
        assertEquals(firstReceivedAt(poisonRecord), rejected.get("first_received_at"));
        assertEquals(VERSION, rejected.get("function_version"));
        assertFalse(rejected.containsKey(SeatReceiver.KEY_FIELD), "an unparseable body has no key");
        // ... the conflict's key, named as the builder was told, and both fingerprints
        SQSEvent.SQSMessage conflictRecord = record(batch, conflict);
        Map<String, String> conflicting = attributes(dead.get(conflict));
        assertEquals("CONFLICT", conflicting.get("outcome"));
        assertEquals(bkg, conflicting.get(SeatReceiver.KEY_FIELD));
        assertTrue(conflicting.get("stored_fingerprint").matches("[0-9a-f]{64}"), conflicting::toString);
        assertTrue(conflicting.get("received_fingerprint").matches("[0-9a-f]{64}"), conflicting::toString);
        assertNotEquals(conflicting.get("stored_fingerprint"), conflicting.get("received_fingerprint"));
        assertTrue(conflicting.get("reason").startsWith("conflict: "), conflicting::toString);
        assertEquals(conflictRecord.getMessageId(), conflicting.get("source_message_id"));
        assertEquals(firstReceivedAt(conflictRecord), conflicting.get("first_received_at"));
        assertTrue(dead.values().stream().allMatch(message -> message.messageAttributes().values().stream()
                .allMatch(value -> value.dataType().equals("String"))), "String attributes, to filter on");
        // AND nothing was written for them: BKG-1 still holds A1 only, the new booking A2
        assertEquals(Map.of("EVT-1#A1", bkg, "EVT-1#A2", bkg + "-2"), tables.holders());
        // AND they are counted as they were, and as dead-lettered, once each; the log says so
        assertEquals(2, receiver.metric("DeadLettered"));
        assertEquals(1, receiver.metric("Rejected"));
        assertEquals(1, receiver.metric("Conflict"));
        assertEquals(2, logs().stream().filter(line -> line.path("dead_lettered").asBoolean(false)).count());
    }

    @Test
    void aDeadLetter_carriesTheProducersAttributesAsTheyCame_withinSqsTenAttributes() {
        Queues queues = Queues.create(sqs, false);
        SqsEventSourceMapping mapping = mapping(queues, receiver(queues.dlq()).build());
        // GIVEN a poison body its producer tagged with three String, a Number and a Binary attribute
        String poison = "{\"booking_id\":";
        Map<String, MessageAttributeValue> own = new HashMap<>(Map.of(
                "signature-key-id", text("gw-1"), "signature-timestamp", text("1796000000"), "signature", text("ab".repeat(32)),
                "priority", MessageAttributeValue.builder().dataType("Number").stringValue("7").build(),
                "trace", MessageAttributeValue.builder().dataType("Binary").binaryValue(SdkBytes.fromUtf8String("t-1")).build()));
        sqs.sendMessage(request -> request.queueUrl(queues.source()).messageBody(poison).messageAttributes(own));
        // WHEN the receiver dead-letters it
        mapping.pollOnce();
        // THEN its dead letter holds ten attributes, SQS's most: ours first, then every one of the
        // producer's as it came (types included), then what fits of the rest
        Message letter = receiveAll(sqs, queues.dlq()).get(0);
        Map<String, MessageAttributeValue> carried = letter.messageAttributes();
        assertEquals(10, carried.size(), carried::toString);
        for (Map.Entry<String, MessageAttributeValue> attribute : own.entrySet()) {
            assertEquals(attribute.getValue(), carried.get(attribute.getKey()), attribute.getKey());
        }
        assertEquals("REJECTED", carried.get("outcome").stringValue());
        // AND what did not fit (the first receive, the version) is named on a WARN line
        JsonNode warning = logs().stream().filter(line -> "Dead letter attributes left out".equals(line.path("message").asText()))
                .findFirst().orElseThrow(() -> new AssertionError("no WARN line for the attributes left out: " + logs()));
        assertEquals("first_received_at,function_version", warning.path("attributes").asText());
    }

    @Test
    void aFailedSend_leavesTheMessageInBatchItemFailures_andItStaysInTheQueue() {
        // GIVEN a DLQ URL SQS does not know: every send to it fails
        Queues queues = Queues.create(sqs, false);
        String missing = aws.endpoint() + "/123456789012/SeatsDeadLetterQueue-missing-" + UUID.randomUUID();
        SqsEventSourceMapping mapping = mapping(queues, receiver(missing).build());
        // WHEN a poison message arrives
        String poison = "{\"booking_id\":";
        send(queues.source(), poison, Booking.body("BKG-" + UUID.randomUUID().toString().substring(0, 8), "EVT-1", "A1"));
        mapping.pollOnce();
        // THEN it is a batch item failure: still in the queue, nothing lost
        String messageId = record(events.get(0), poison).getMessageId();
        assertEquals(List.of(messageId), failures(responses.get(0)));
        assertEquals(1, backlog(sqs, queues.source()));
        assertEquals(0, receiver.metric("DeadLettered"));
        assertEquals(1, receiver.metric("Rejected"));
        // AND one ERROR line says which message and why (SQS's own error code), without its body
        List<JsonNode> errors = logs().stream().filter(line -> line.path("level").asText().equals("ERROR")).toList();
        assertEquals(1, errors.size(), errors::toString);
        assertEquals("Dead letter not sent", errors.get(0).path("message").asText());
        assertEquals(messageId, errors.get(0).path("message_id").asText());
        assertEquals("AWS.SimpleQueueService.NonExistentQueue", errors.get(0).path("error").asText());
        assertTrue(errors.get(0).path("detail").asText().endsWith("it stays in the queue and is delivered again"),
                errors.get(0)::toString);
        assertFalse(errors.get(0).toString().contains("booking_id\":"), "no body in an ERROR line");
    }

    @Test
    void anEntryTheQueueRefuses_staysAFailure_andTheOtherEntriesOfTheCallAreDeadLettered() {
        // GIVEN SQS refuses one entry of the receiver's SendMessageBatch and takes the others (a
        // fault on the receiver's client makes moto refuse that entry: DelaySeconds over 900)
        Queues queues = Queues.create(sqs, false);
        String refused = "{\"refused\":";
        String taken = "{\"taken\":";
        SqsEventSourceMapping mapping = mapping(queues, receiver(queues.dlq(), new RefuseEntry(refused)).build());
        // WHEN both poison messages arrive in one batch
        send(queues.source(), refused, taken);
        mapping.pollOnce();
        // THEN the refused one is a batch item failure, the other is in the DLQ and acknowledged
        assertEquals(List.of(record(events.get(0), refused).getMessageId()), failures(responses.get(0)));
        assertEquals(Set.of(taken), byBody(receiveAll(sqs, queues.dlq())).keySet());
        assertEquals(1, receiver.metric("DeadLettered"));
        assertTrue(logs().stream().anyMatch(line -> line.path("message").asText().equals("Dead letter not sent")
                && line.path("error").asText().equals("InvalidParameterValue")), () -> logs().toString());
    }

    @Test
    void tooLittleTimeLeftForASend_leavesTheDeadLettersFailures_withoutCallingSqs() {
        Queues queues = Queues.create(sqs, false);
        SeatReceiver built = receiver(queues.dlq()).set(ReceiverConfig.MIN_REMAINING_TIME_MS, "0").build();
        receiver = built;
        // GIVEN an invocation with 3 s left, less than the 5 s one SQS call may take
        SqsEventSourceMapping mapping = new SqsEventSourceMapping(sqs, queues.source(), LocalAws.REGION.id(), 10,
                Duration.ZERO, event -> kept(event, built.handle(event, LambdaContext.startingNow(SeatReceiver.SERVICE, Duration.ofSeconds(3)))));
        send(queues.source(), "not json");
        mapping.pollOnce();
        // THEN the poison stays a failure, to be sent by a later invocation; no client was built
        assertEquals(1, failures(responses.get(0)).size());
        assertEquals(0, sqsClientsBuilt.get());
        assertTrue(logs().stream().anyMatch(line -> line.path("error").asText().equals("TooLittleTimeLeft")));
    }

    @Test
    void fifo_aPoisonHeadIsDeadLetteredInItsGroup_itsLaterMessagesFailBehindIt_andComeBackToBeDecided() {
        // GIVEN a FIFO queue and its FIFO DLQ; group EVT-1 headed by a poison message, group EVT-2 valid
        Queues queues = Queues.create(sqs, true);
        SqsEventSourceMapping mapping = mapping(queues, receiver(queues.dlq()).build());
        String run = UUID.randomUUID().toString().substring(0, 8);
        String poison = "{\"seat\":";
        String first = Booking.body("BKG-11-" + run, "EVT-1", "A1");
        String second = Booking.body("BKG-12-" + run, "EVT-1", "A2");
        sendFifo(queues.source(), "EVT-1", poison, first, second);
        sendFifo(queues.source(), "EVT-2", Booking.body("BKG-21-" + run, "EVT-2", "A1"));
        // WHEN one batch brings all four
        assertEquals(4, mapping.pollOnce().received());
        // THEN the poison head is in the DLQ, in its group, and acknowledged; the group's later
        // messages were not tried and come back; group EVT-2 is done
        SQSEvent batch = events.get(0);
        assertEquals(List.of(record(batch, first).getMessageId(), record(batch, second).getMessageId()),
                failures(responses.get(0)));
        List<Message> dead = receiveAll(sqs, queues.dlq());
        assertEquals(List.of(poison), dead.stream().map(Message::body).toList());
        assertEquals("EVT-1", dead.get(0).attributes().get(MessageSystemAttributeName.MESSAGE_GROUP_ID));
        assertEquals("REJECTED", attributes(dead.get(0)).get("outcome"));
        assertEquals(Map.of("EVT-2#A1", "BKG-21-" + run), tables.holders());
        // AND once their visibility timeout passes they come back and are decided (in the order
        // the queue hands them back: docs/architecture.md, "Where the local AWS differs")
        Instant deadline = Instant.now().plusSeconds(20);
        while (tables.holders().size() < 3 && Instant.now().isBefore(deadline)) {
            sleep(Duration.ofMillis(500));
            mapping.pollOnce();
        }
        assertEquals(Optional.of("BKG-11-" + run), tables.holder("EVT-1", "A1"));
        assertEquals(Optional.of("BKG-12-" + run), tables.holder("EVT-1", "A2"));
    }

    @Test
    void switchedOff_noSqsClientIsBuilt_andPoisonAndConflictStayBatchItemFailures() {
        // GIVEN DEAD_LETTER_AT_ONCE=false, as the template sets it where the VPC has no route to SQS
        Queues queues = Queues.create(sqs, false);
        SqsEventSourceMapping mapping = mapping(queues, receiver(queues.dlq())
                .set(DeadLetterConfig.DEAD_LETTER_AT_ONCE, "false").build());
        String bkg = "BKG-" + UUID.randomUUID().toString().substring(0, 8);
        send(queues.source(), Booking.body(bkg, "EVT-1", "A1"));
        mapping.pollOnce();
        // WHEN a poison message and a conflict arrive
        send(queues.source(), "not json", Booking.body(bkg, "EVT-1", "B2"));
        mapping.pollOnce();
        // THEN both are batch item failures: the queue's redrive policy moves them after
        // maxReceiveCount receives; no SQS client was even built
        assertEquals(2, failures(responses.get(1)).size());
        assertEquals(2, backlog(sqs, queues.source()));
        assertEquals(0, sqsClientsBuilt.get());
        assertEquals(List.of(), receiveAll(sqs, queues.dlq()));
        assertEquals(0, receiver.metric("DeadLettered"));
    }

    // ------------------------------------------------------------------ helpers

    /** A receiver dead-lettering to {@code dlq}, its version {@value #VERSION}, its SQS clients counted as they are built. */
    private SeatReceiver.Setup receiver(String dlq, ExecutionInterceptor... faults) {
        return SeatReceiver.on(aws, tables)
                .set(DeadLetterConfig.DEAD_LETTER_QUEUE_URL, dlq)
                .set("AWS_LAMBDA_FUNCTION_VERSION", VERSION)
                .sqs(() -> {
                    sqsClientsBuilt.incrementAndGet();
                    return aws.sqs(faults);
                });
    }

    private SqsEventSourceMapping mapping(Queues queues, SeatReceiver built) {
        this.receiver = built;
        return new SqsEventSourceMapping(sqs, queues.source(), LocalAws.REGION.id(), 10, Duration.ZERO,
                event -> kept(event, built.handle(event, LambdaContext.startingNow(SeatReceiver.SERVICE, Duration.ofSeconds(30)))));
    }

    /** Keeps each invocation's event and response, for assertions. */
    private SQSBatchResponse kept(SQSEvent event, SQSBatchResponse response) {
        events.add(event);
        responses.add(response);
        return response;
    }

    /** A queue and its DLQ. */
    private record Queues(String source, String dlq) {
        static Queues create(SqsClient sqs, boolean fifo) {
            String suffix = UUID.randomUUID().toString();
            String ending = fifo ? ".fifo" : "";
            Map<QueueAttributeName, String> kind = fifo ? Map.of(QueueAttributeName.FIFO_QUEUE, "true") : Map.of();
            String dlq = sqs.createQueue(request -> request.queueName("SeatsDeadLetterQueue-" + suffix + ending)
                    .attributes(kind)).queueUrl();
            Map<QueueAttributeName, String> attributes = new HashMap<>(kind);
            attributes.put(QueueAttributeName.VISIBILITY_TIMEOUT, fifo ? "1" : "60");
            String source = sqs.createQueue(request -> request.queueName("SeatsQueue-" + suffix + ending)
                    .attributes(attributes)).queueUrl();
            return new Queues(source, dlq);
        }
    }

    private static MessageAttributeValue text(String value) {
        return MessageAttributeValue.builder().dataType("String").stringValue(value).build();
    }

    private void send(String queue, String... bodies) {
        for (String body : bodies) {
            sqs.sendMessage(request -> request.queueUrl(queue).messageBody(body));
        }
    }

    private void sendFifo(String queue, String group, String... bodies) {
        for (String body : bodies) {
            sqs.sendMessage(request -> request.queueUrl(queue).messageBody(body).messageGroupId(group)
                    .messageDeduplicationId(UUID.randomUUID().toString()));
        }
    }

    private List<JsonNode> logs() {
        return receiver.output().logs();
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Makes SQS refuse the entry of a {@code SendMessageBatch} whose body is {@code body}, as it refuses an entry it finds invalid. */
    private record RefuseEntry(String body) implements ExecutionInterceptor {
        @Override
        public SdkRequest modifyRequest(Context.ModifyRequest context, ExecutionAttributes attributes) {
            if (!(context.request() instanceof SendMessageBatchRequest batch)) {
                return context.request();
            }
            return batch.toBuilder().entries(batch.entries().stream()
                    .map(entry -> entry.messageBody().equals(body) ? entry.toBuilder().delaySeconds(1_800).build() : entry)
                    .toList()).build();
        }
    }
}
