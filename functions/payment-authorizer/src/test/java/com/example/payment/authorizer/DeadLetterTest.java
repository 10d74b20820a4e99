package com.example.payment.authorizer;

import static com.example.localaws.QueueContents.attributes;
import static com.example.localaws.QueueContents.backlog;
import static com.example.localaws.QueueContents.byBody;
import static com.example.localaws.QueueContents.firstReceivedAt;
import static com.example.localaws.QueueContents.receiveAll;
import static com.example.localaws.QueueContents.record;
import static com.example.payment.PaymentMessages.purchase;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.lambdafakes.LambdaContext;
import com.example.localaws.InProcessFunction;
import com.example.localaws.LocalAws;
import com.example.localaws.ProjectRoot;
import com.example.localaws.mapping.SqsEventSourceMapping;
import com.example.localaws.observability.FunctionOutput;
import com.example.receiver.lambda.ReceiverVariables;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.Message;
import software.amazon.awssdk.services.sqs.model.QueueAttributeName;

/**
 * A payment no delivery can decide (an invalid body, a conflict) reaches the dead-letter queue in
 * the invocation that first meets it, with its reason in message attributes, and is acknowledged:
 * it no longer rides the queue's {@code maxReceiveCount} (5 receives, 181 s apart, and no reason).
 * The handler is built as Lambda builds it; its SQS client signs as the function, so that
 * {@code make rehearse} checks the {@code SendMessageBatch} it makes against its role. Messages go
 * through a real queue and the local SQS event source mapping, which deletes what the response
 * acknowledges, as Lambda does. The dead letters' other guarantees (the producer's attributes
 * carried, a failed or refused send, too little time, FIFO, the switch) are the library's, tested
 * in libs/receiver ({@code SqsDeadLettersTest}).
 */
class DeadLetterTest extends LocalAwsTest {

    private static final String FUNCTION = "PaymentAuthorizerFunction";
    private static final String VERSION = "7";

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
    void poisonAndConflict_reachTheDlqInTheInvocationThatFirstSeesThem_withTheirReasons_andAreAcknowledged() throws IOException {
        Queues queues = Queues.create(sqs, "dl-" + UUID.randomUUID());
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
            // AND one vocabulary: the conflict's log line says what its dead letter's reason says, in the words the
            // runbook uses (docs/deploy.md), and so does the rejection's
            JsonNode conflictLine = logs().stream().filter(line -> "CONFLICT".equals(line.path("outcome").asText()))
                    .findFirst().orElseThrow();
            assertEquals(conflicting.get("reason"), conflictLine.path("reason").asText(), conflictLine::toString);
            String conflictWords = conflicting.get("reason").substring("conflict: ".length());
            assertTrue(conflictLine.path("message").asText().contains(conflictWords), conflictLine::toString);
            String guide = Files.readString(ProjectRoot.find().resolve("docs/deploy.md"));
            assertTrue(guide.contains("`" + conflicting.get("reason") + "`"), "docs/deploy.md names the conflict's reason "
                    + conflicting.get("reason"));
            JsonNode rejectedLine = logs().stream().filter(line -> "REJECTED".equals(line.path("outcome").asText()))
                    .findFirst().orElseThrow();
            assertEquals(rejected.get("reason"), rejectedLine.path("reason").asText(), rejectedLine::toString);
        }
    }

    // ------------------------------------------------------------------ helpers

    /** The environment template.yaml gives the function, its DLQ at {@code dlq}, its version {@value #VERSION}. */
    private Map<String, String> environment(String dlq) {
        Map<String, String> env = new HashMap<>(AuthorizerRig.environment(aws, false));
        env.put(ReceiverVariables.DEAD_LETTER_QUEUE_URL, dlq);
        env.put("AWS_LAMBDA_FUNCTION_VERSION", VERSION);
        return env;
    }

    /** The handler as Lambda builds it, its SQS clients signing as the function. */
    private PaymentAuthorizerHandler handler(Map<String, String> env, InProcessFunction function) {
        PaymentAuthorizerHandler handler = new PaymentAuthorizerHandler(env, function.dynamoDb(), aws::secretString,
                function::sqs, Clock.systemUTC(), new PrintStream(output, true, StandardCharsets.UTF_8), new SecureRandom());
        function.initialised();
        return handler;
    }

    private SqsEventSourceMapping mapping(Queues queues, PaymentAuthorizerHandler handler) {
        return new SqsEventSourceMapping(sqs, queues.source(), LocalAws.REGION.id(), 10, Duration.ZERO,
                event -> kept(event, handler.handleRequest(event, LambdaContext.startingNow("payment-authorizer", Duration.ofSeconds(30)))));
    }

    /** Keeps each invocation's event and response, for assertions. */
    private SQSBatchResponse kept(SQSEvent event, SQSBatchResponse response) {
        events.add(event);
        responses.add(response);
        return response;
    }

    /** A payments queue and its DLQ, named after the template's queues so that recorded calls map to them. */
    private record Queues(String source, String dlq) {
        static Queues create(SqsClient sqs, String suffix) {
            String dlq = sqs.createQueue(request -> request.queueName("PaymentsDeadLetterQueue-" + suffix)).queueUrl();
            String source = sqs.createQueue(request -> request.queueName("PaymentsQueue-" + suffix)
                    .attributes(Map.of(QueueAttributeName.VISIBILITY_TIMEOUT, "60"))).queueUrl();
            return new Queues(source, dlq);
        }
    }

    private void send(String queue, String... bodies) {
        for (String body : bodies) {
            sqs.sendMessage(request -> request.queueUrl(queue).messageBody(body));
        }
    }

    private List<JsonNode> logs() {
        return FunctionOutput.parse(output.toByteArray()).logs();
    }

    private long metric(String name) {
        return FunctionOutput.parse(output.toByteArray()).emf().stream().mapToLong(line -> line.path(name).asLong(0)).sum();
    }
}
