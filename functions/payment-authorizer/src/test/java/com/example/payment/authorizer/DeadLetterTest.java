package com.example.payment.authorizer;

import static com.example.payment.PaymentMessages.purchase;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.localaws.InProcessFunction;
import com.example.localaws.LocalAws;
import com.example.localaws.invoke.LocalContext;
import com.example.localaws.mapping.SqsEventSourceMapping;
import com.example.localaws.observability.FunctionOutput;
import com.example.receiver.internal.config.DeadLetterConfig;
import com.example.receiver.internal.config.ReceiverConfig;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
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
 * A payment no delivery can decide (an invalid body, a conflict) reaches the dead-letter queue in
 * the invocation that first meets it, with its reason in message attributes, and is acknowledged:
 * it no longer rides the queue's {@code maxReceiveCount} (5 receives, 181 s apart, and no reason).
 * The handler is built as Lambda builds it; its SQS client signs as the function, so that
 * {@code make rehearse} checks the {@code SendMessageBatch} it makes against its role. Messages go
 * through a real queue and the local SQS event source mapping, which deletes what the response
 * acknowledges, as Lambda does.
 */
class DeadLetterTest extends LocalAwsTest {

    private static final String FUNCTION = "PaymentAuthorizerFunction";
    private static final String VERSION = "7";

    private final AtomicInteger sqsClientsBuilt = new AtomicInteger();
    private final ByteArrayOutputStream output = new ByteArrayOutputStream();
    private final List<SQSEvent> events = new ArrayList<>();
    private final List<SQSBatchResponse> responses = new ArrayList<>();
    private SqsClient sqs;
    private Ledger ledger;

    DeadLetterTest(LocalAws aws) {
        super(aws);
    }

    @BeforeEach
    void clients() {
        sqs = aws.sqs();
        ledger = new Ledger(aws.dynamoDb());
        ledger.openAccount("ACC-1", 100_000, "EUR");
        ledger.openAccount("ACC-2", 100_000, "EUR");
    }

    @AfterEach
    void closeClients() {
        sqs.close();
        List<String> violations = FunctionOutput.parse(output.toByteArray()).emfViolations();
        assertEquals(List.of(), violations, "EMF lines break the specification");
    }

    @Test
    void poisonAndConflict_reachTheDlqInTheInvocationThatFirstSeesThem_withTheirReasons_andAreAcknowledged() {
        Queues queues = Queues.create(sqs, "dl-" + UUID.randomUUID(), false);
        try (InProcessFunction function = InProcessFunction.of(aws, FUNCTION)) {
            SqsEventSourceMapping mapping = mapping(queues, handler(environment(queues.dlq()), function));
            // GIVEN TXN-1 approved for 10.00
            send(queues.source(), purchase("TXN-1", "ACC-1", "10.00", "EUR"));
            mapping.pollOnce();
            // WHEN one batch brings a body cut off mid-JSON, TXN-1 again with 20.00, and a new payment
            String poison = purchase("TXN-9", "ACC-1", "9.00", "EUR").substring(0, 60);
            String conflict = purchase("TXN-1", "ACC-1", "20.00", "EUR");
            send(queues.source(), poison, conflict, purchase("TXN-2", "ACC-1", "5.00", "EUR"));
            mapping.pollOnce();

            // THEN the function acknowledged all three: nothing is left for redelivery
            assertEquals(List.of(), AuthorizerRig.failures(responses.get(1)));
            assertEquals(0, backlog(queues.source()));
            // AND both dead letters are in the DLQ now, after that one receive, bodies byte for byte
            SQSEvent batch = events.get(1);
            assertTrue(batch.getRecords().stream().allMatch(record ->
                    record.getAttributes().get("ApproximateReceiveCount").equals("1")));
            Map<String, Message> dead = byBody(receiveAll(queues.dlq()));
            assertEquals(Set.of(poison, conflict), dead.keySet());
            // AND their attributes say what an operator needs, the rejection's field and rule ...
            SQSEvent.SQSMessage poisonRecord = record(batch, poison);
            Map<String, String> rejected = attributes(dead.get(poison));
            assertEquals("REJECTED", rejected.get("outcome"));
            assertEquals("message", rejected.get("field"));
            assertTrue(rejected.get("rule").startsWith("must be valid JSON"), rejected::toString);
            assertEquals("rejected: message " + rejected.get("rule"), rejected.get("reason"));
            assertEquals(poisonRecord.getMessageId(), rejected.get("source_message_id"));
            assertEquals(firstReceivedAt(poisonRecord), rejected.get("first_received_at"));
            assertEquals(VERSION, rejected.get("function_version"));
            assertFalse(rejected.containsKey("txn_id"), "an unparseable body has no transaction id");
            // ... the conflict's transaction id and both fingerprints
            SQSEvent.SQSMessage conflictRecord = record(batch, conflict);
            Map<String, String> conflicting = attributes(dead.get(conflict));
            assertEquals("CONFLICT", conflicting.get("outcome"));
            assertEquals("TXN-1", conflicting.get("txn_id"));
            assertTrue(conflicting.get("stored_fingerprint").matches("[0-9a-f]{64}"), conflicting::toString);
            assertTrue(conflicting.get("received_fingerprint").matches("[0-9a-f]{64}"), conflicting::toString);
            assertNotEquals(conflicting.get("stored_fingerprint"), conflicting.get("received_fingerprint"));
            assertTrue(conflicting.get("reason").startsWith("conflict: "), conflicting::toString);
            assertEquals(conflictRecord.getMessageId(), conflicting.get("source_message_id"));
            assertEquals(firstReceivedAt(conflictRecord), conflicting.get("first_received_at"));
            assertEquals(VERSION, conflicting.get("function_version"));
            assertTrue(dead.values().stream().allMatch(message -> message.messageAttributes().values().stream()
                    .allMatch(value -> value.dataType().equals("String"))), "String attributes, to filter on");
            // AND nothing was written for them: one debit each for TXN-1 and TXN-2
            assertEquals(100_000 - 1_000 - 500, ledger.balance("ACC-1"));
            assertEquals(2, ledger.entries("ACC-1").size());
            // AND they are counted as they were, and as dead-lettered, once each; the log says so
            assertEquals(2, metric("DeadLettered"));
            assertEquals(1, metric("Rejected"));
            assertEquals(1, metric("Conflict"));
            assertEquals(2, logs().stream().filter(line -> line.path("dead_lettered").asBoolean(false)).count());
        }
    }

    @Test
    void aDeadLetter_carriesTheProducersAttributesAsTheyCame_soARedriveSendsItAsItsProducerDid_withinSqsTenAttributes() {
        Queues queues = Queues.create(sqs, "dl-" + UUID.randomUUID(), false);
        try (InProcessFunction function = InProcessFunction.of(aws, FUNCTION)) {
            SqsEventSourceMapping mapping = mapping(queues, handler(environment(queues.dlq()), function));
            // GIVEN a poison body its producer signed (three String attributes) and tagged with a
            // Number and a Binary attribute of its own
            String poison = purchase("TXN-9", "ACC-1", "9.00", "EUR").substring(0, 60);
            Map<String, MessageAttributeValue> own = new HashMap<>(Map.of(
                    "signature-key-id", text("gw-1"), "signature-timestamp", text("1796000000"), "signature", text("ab".repeat(32)),
                    "priority", MessageAttributeValue.builder().dataType("Number").stringValue("7").build(),
                    "trace", MessageAttributeValue.builder().dataType("Binary").binaryValue(SdkBytes.fromUtf8String("t-1")).build()));
            sqs.sendMessage(request -> request.queueUrl(queues.source()).messageBody(poison).messageAttributes(own));
            // WHEN the function dead-letters it
            mapping.pollOnce();
            // THEN its dead letter holds ten attributes, SQS's most: ours first, then every one of the
            // producer's as it came (types included), then what fits of the rest
            Message letter = receiveAll(queues.dlq()).get(0);
            Map<String, MessageAttributeValue> carried = letter.messageAttributes();
            assertEquals(10, carried.size(), carried::toString);
            for (Map.Entry<String, MessageAttributeValue> attribute : own.entrySet()) {
                assertEquals(attribute.getValue(), carried.get(attribute.getKey()), attribute.getKey());
            }
            assertEquals("REJECTED", carried.get("outcome").stringValue());
            assertTrue(carried.containsKey("reason") && carried.containsKey("source_message_id"), carried::toString);
            // AND what did not fit (the first receive, the version) is named on a WARN line
            JsonNode warning = logs().stream().filter(line -> "Dead letter attributes left out".equals(line.path("message").asText()))
                    .findFirst().orElseThrow(() -> new AssertionError("no WARN line for the attributes left out: " + logs()));
            assertEquals("first_received_at,function_version", warning.path("attributes").asText());
        }
    }

    private static MessageAttributeValue text(String value) {
        return MessageAttributeValue.builder().dataType("String").stringValue(value).build();
    }

    @Test
    void aFailedSend_leavesTheMessageInBatchItemFailures_andItStaysInTheQueue() {
        // GIVEN a DLQ URL SQS does not know: every send to it fails
        Queues queues = Queues.create(sqs, "dl-" + UUID.randomUUID(), false);
        String missing = aws.endpoint() + "/123456789012/PaymentsDeadLetterQueue-missing-" + UUID.randomUUID();
        try (InProcessFunction function = InProcessFunction.of(aws, FUNCTION)) {
            SqsEventSourceMapping mapping = mapping(queues, handler(environment(missing), function));
            // WHEN a poison message arrives
            String poison = "{\"headers\":";
            send(queues.source(), poison, purchase("TXN-2", "ACC-1", "5.00", "EUR"));
            mapping.pollOnce();
            // THEN it is a batch item failure, as before: still in the queue, nothing lost
            assertEquals(List.of(record(events.get(0), poison).getMessageId()), AuthorizerRig.failures(responses.get(0)));
            assertEquals(1, backlog(queues.source()));
            assertEquals(0, metric("DeadLettered"));
            assertEquals(1, metric("Rejected"));
            // AND one ERROR line says which message and why, without its body
            List<JsonNode> errors = logs().stream().filter(line -> line.path("level").asText().equals("ERROR")).toList();
            assertEquals(1, errors.size(), errors::toString);
            assertEquals("Dead letter not sent", errors.get(0).path("message").asText());
            assertEquals(record(events.get(0), poison).getMessageId(), errors.get(0).path("message_id").asText());
            // (SQS's own error code and message, not the SDK's exception class: moto answers the code the
            // query protocol names; AWS's JSON protocol answers QueueDoesNotExist with the same header)
            assertEquals("AWS.SimpleQueueService.NonExistentQueue", errors.get(0).path("error").asText());
            assertTrue(errors.get(0).path("detail").asText().endsWith("it stays in the queue and is delivered again"),
                    errors.get(0)::toString);
            assertTrue(errors.get(0).path("detail").asText().length() > "it stays in the queue and is delivered again".length(),
                    "SQS's message is kept: " + errors.get(0));
            assertFalse(errors.get(0).toString().contains("headers"), "no body in an ERROR line");
        }
    }

    @Test
    void anEntryTheQueueRefuses_staysAFailure_andTheOtherEntriesOfTheCallAreDeadLettered() {
        // GIVEN SQS refuses one entry of the function's SendMessageBatch and takes the others (a
        // fault on the function's own client makes moto refuse that entry: DelaySeconds over 900)
        Queues queues = Queues.create(sqs, "dl-" + UUID.randomUUID(), false);
        String refused = "{\"refused\":";
        String taken = "{\"taken\":";
        try (InProcessFunction function = InProcessFunction.of(aws, FUNCTION)) {
            SqsEventSourceMapping mapping = mapping(queues, handler(environment(queues.dlq()), function,
                    new RefuseEntry(refused)));
            // WHEN both poison messages arrive in one batch
            send(queues.source(), refused, taken);
            mapping.pollOnce();
            // THEN the refused one is a batch item failure, the other is in the DLQ and acknowledged
            assertEquals(List.of(record(events.get(0), refused).getMessageId()), AuthorizerRig.failures(responses.get(0)));
            assertEquals(Set.of(taken), byBody(receiveAll(queues.dlq())).keySet());
            assertEquals(1, metric("DeadLettered"));
            assertTrue(logs().stream().anyMatch(line -> line.path("message").asText().equals("Dead letter not sent")
                    && line.path("error").asText().equals("InvalidParameterValue")), () -> logs().toString());
        }
    }

    @Test
    void tooLittleTimeLeftForASend_leavesTheDeadLettersFailures_withoutCallingSqs() {
        Queues queues = Queues.create(sqs, "dl-" + UUID.randomUUID(), false);
        Map<String, String> env = environment(queues.dlq());
        env.put(ReceiverConfig.MIN_REMAINING_TIME_MS, "0");
        try (InProcessFunction function = InProcessFunction.of(aws, FUNCTION)) {
            PaymentAuthorizerHandler handler = handler(env, function);
            // GIVEN an invocation with 3 s left, less than the 5 s one SQS call may take
            SqsEventSourceMapping mapping = new SqsEventSourceMapping(sqs, queues.source(), LocalAws.REGION.id(), 10,
                    Duration.ZERO, event -> kept(event, handler.handleRequest(event, new LocalContext("payment-authorizer",
                    Duration.ofSeconds(3)))));
            send(queues.source(), "not json");
            mapping.pollOnce();
            // THEN the poison stays a failure, to be sent by a later invocation; no client was built
            assertEquals(1, AuthorizerRig.failures(responses.get(0)).size());
            assertEquals(0, sqsClientsBuilt.get());
            assertTrue(logs().stream().anyMatch(line -> line.path("error").asText().equals("TooLittleTimeLeft")));
        }
    }

    @Test
    void fifo_aPoisonHeadIsDeadLetteredInItsGroup_itsLaterMessagesFailBehindIt_andComeBackToBeDecided() {
        // GIVEN a FIFO queue and its FIFO DLQ; group ACC-1 headed by a poison message, group ACC-2 valid
        Queues queues = Queues.create(sqs, "dl-" + UUID.randomUUID(), true);
        try (InProcessFunction function = InProcessFunction.of(aws, FUNCTION)) {
            SqsEventSourceMapping mapping = mapping(queues, handler(environment(queues.dlq()), function));
            String poison = "{\"body\":{\"amount\":";
            String first = purchase("TXN-11", "ACC-1", "1.00", "EUR");
            String second = purchase("TXN-12", "ACC-1", "2.00", "EUR");
            sendFifo(queues.source(), "ACC-1", poison, first, second);
            sendFifo(queues.source(), "ACC-2", purchase("TXN-21", "ACC-2", "3.00", "EUR"));
            // WHEN one batch brings all four
            assertEquals(4, mapping.pollOnce().received());
            // THEN the poison head is in the DLQ, in its group, and acknowledged; the group's later
            // messages were not tried and come back, in order; group ACC-2 is done
            SQSEvent batch = events.get(0);
            assertEquals(List.of(record(batch, first).getMessageId(), record(batch, second).getMessageId()),
                    AuthorizerRig.failures(responses.get(0)));
            List<Message> dead = receiveAll(queues.dlq());
            assertEquals(List.of(poison), dead.stream().map(Message::body).toList());
            assertEquals("ACC-1", dead.get(0).attributes().get(MessageSystemAttributeName.MESSAGE_GROUP_ID));
            assertEquals("REJECTED", attributes(dead.get(0)).get("outcome"));
            assertEquals(0, ledger.entries("ACC-1").size());
            assertEquals(100_000 - 300, ledger.balance("ACC-2"));
            // AND once their visibility timeout passes they come back and are decided (in which
            // order is the queue's: moto 5.2.1 hands a FIFO group's redelivered messages back out of
            // order, SQS in order; docs/architecture.md, "Where the local AWS differs")
            Instant deadline = Instant.now().plusSeconds(20);
            while (ledger.entries("ACC-1").size() < 2 && Instant.now().isBefore(deadline)) {
                sleep(Duration.ofMillis(500));
                mapping.pollOnce();
            }
            assertEquals(100_000 - 300, ledger.balance("ACC-1"));
        }
    }

    @Test
    void switchedOff_noSqsClientIsBuilt_andPoisonAndConflictStayBatchItemFailures() {
        // GIVEN DEAD_LETTER_AT_ONCE=false, as the template sets it where the VPC has no route to SQS
        Queues queues = Queues.create(sqs, "dl-" + UUID.randomUUID(), false);
        Map<String, String> env = environment(queues.dlq());
        env.put(DeadLetterConfig.DEAD_LETTER_AT_ONCE, "false");
        try (InProcessFunction function = InProcessFunction.of(aws, FUNCTION)) {
            SqsEventSourceMapping mapping = mapping(queues, handler(env, function));
            send(queues.source(), purchase("TXN-1", "ACC-1", "10.00", "EUR"));
            mapping.pollOnce();
            // WHEN a poison message and a conflict arrive
            send(queues.source(), "not json", purchase("TXN-1", "ACC-1", "20.00", "EUR"));
            mapping.pollOnce();
            // THEN both are batch item failures, as before the switch existed: the queue's redrive
            // policy moves them after maxReceiveCount receives; no SQS client was even built
            assertEquals(2, AuthorizerRig.failures(responses.get(1)).size());
            assertEquals(2, backlog(queues.source()));
            assertEquals(0, sqsClientsBuilt.get());
            assertEquals(List.of(), receiveAll(queues.dlq()));
            assertEquals(0, metric("DeadLettered"));
        }
    }

    // ------------------------------------------------------------------ helpers

    /** The environment template.yaml gives the function, its DLQ at {@code dlq}, its version {@value #VERSION}. */
    private Map<String, String> environment(String dlq) {
        Map<String, String> env = new HashMap<>(AuthorizerRig.environment(aws, false));
        env.put(DeadLetterConfig.DEAD_LETTER_QUEUE_URL, dlq);
        env.put("AWS_LAMBDA_FUNCTION_VERSION", VERSION);
        return env;
    }

    /** The handler as Lambda builds it, its SQS clients (signing as the function) counted as they are built. */
    private PaymentAuthorizerHandler handler(Map<String, String> env, InProcessFunction function,
                                             ExecutionInterceptor... faults) {
        PaymentAuthorizerHandler handler = new PaymentAuthorizerHandler(env, function.dynamoDb(), aws::secretString, () -> {
            sqsClientsBuilt.incrementAndGet();
            return function.sqs(faults);
        }, Clock.systemUTC(), new PrintStream(output, true, StandardCharsets.UTF_8), new SecureRandom());
        function.initialised();
        return handler;
    }

    private SqsEventSourceMapping mapping(Queues queues, PaymentAuthorizerHandler handler) {
        return new SqsEventSourceMapping(sqs, queues.source(), LocalAws.REGION.id(), 10, Duration.ZERO,
                event -> kept(event, handler.handleRequest(event, new LocalContext("payment-authorizer", Duration.ofSeconds(30)))));
    }

    /** Keeps each invocation's event and response, for assertions. */
    private SQSBatchResponse kept(SQSEvent event, SQSBatchResponse response) {
        events.add(event);
        responses.add(response);
        return response;
    }

    /** A payments queue and its DLQ, named after the template's queues so that recorded calls map to them. */
    private record Queues(String source, String dlq) {
        static Queues create(SqsClient sqs, String suffix, boolean fifo) {
            String ending = fifo ? ".fifo" : "";
            Map<QueueAttributeName, String> kind = fifo ? Map.of(QueueAttributeName.FIFO_QUEUE, "true") : Map.of();
            String dlq = sqs.createQueue(request -> request.queueName("PaymentsDeadLetterQueue-" + suffix + ending)
                    .attributes(kind)).queueUrl();
            Map<QueueAttributeName, String> attributes = new HashMap<>(kind);
            attributes.put(QueueAttributeName.VISIBILITY_TIMEOUT, fifo ? "1" : "60");
            String source = sqs.createQueue(request -> request.queueName("PaymentsQueue-" + suffix + ending)
                    .attributes(attributes)).queueUrl();
            return new Queues(source, dlq);
        }
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

    private List<Message> receiveAll(String queue) {
        List<Message> all = new ArrayList<>();
        while (true) {
            List<Message> got = sqs.receiveMessage(request -> request.queueUrl(queue).maxNumberOfMessages(10)
                    .visibilityTimeout(60).messageAttributeNames("All")
                    .messageSystemAttributeNames(MessageSystemAttributeName.ALL)).messages();
            if (got.isEmpty()) {
                return all;
            }
            all.addAll(got);
        }
    }

    private int backlog(String queue) {
        Map<String, String> counts = sqs.getQueueAttributes(request -> request.queueUrl(queue).attributeNamesWithStrings(
                "ApproximateNumberOfMessages", "ApproximateNumberOfMessagesNotVisible")).attributesAsStrings();
        return Integer.parseInt(counts.get("ApproximateNumberOfMessages"))
                + Integer.parseInt(counts.get("ApproximateNumberOfMessagesNotVisible"));
    }

    private static Map<String, Message> byBody(List<Message> messages) {
        return messages.stream().collect(Collectors.toMap(Message::body, message -> message));
    }

    private static Map<String, String> attributes(Message message) {
        Map<String, String> attributes = new HashMap<>();
        message.messageAttributes().forEach((name, value) -> attributes.put(name, value.stringValue()));
        return attributes;
    }

    private static SQSEvent.SQSMessage record(SQSEvent event, String body) {
        return event.getRecords().stream().filter(record -> record.getBody().equals(body)).findFirst().orElseThrow();
    }

    private static String firstReceivedAt(SQSEvent.SQSMessage record) {
        return Instant.ofEpochMilli(Long.parseLong(record.getAttributes().get("ApproximateFirstReceiveTimestamp"))).toString();
    }

    private List<JsonNode> logs() {
        return FunctionOutput.parse(output.toByteArray()).logs();
    }

    private long metric(String name) {
        return FunctionOutput.parse(output.toByteArray()).emf().stream().mapToLong(line -> line.path(name).asLong(0)).sum();
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
