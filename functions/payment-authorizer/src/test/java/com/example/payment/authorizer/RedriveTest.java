package com.example.payment.authorizer;

import static com.example.payment.PaymentMessages.producerRetry;
import static com.example.payment.PaymentMessages.purchase;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.example.lambdafakes.LambdaContext;
import com.example.localaws.DeadLetterRedrive;
import com.example.localaws.InProcessFunction;
import com.example.localaws.LocalAws;
import com.example.localaws.mapping.SqsEventSourceMapping;
import com.example.localaws.observability.FunctionOutput;
import com.example.payment.LedgerAttributes;
import com.example.receiver.lambda.ReceiverVariables;
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
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.Message;
import software.amazon.awssdk.services.sqs.model.QueueAttributeName;

/**
 * The payments DLQ redriven to the payments queue and drained through the authorizer (the
 * handler as Lambda builds it, dead-lettering at once, its clients signing as the function):
 * every payment in it is decided once, a payment decided meanwhile is a duplicate, and what can
 * never be decided is back in the DLQ at once with its reason, a second copy of it included.
 * Locally the redrive is {@link DeadLetterRedrive} (receive, send with body and attributes,
 * delete), since moto has no {@code StartMessageMoveTask}.
 */
class RedriveTest extends LocalAwsTest {

    private final ByteArrayOutputStream output = new ByteArrayOutputStream();

    RedriveTest(LocalAws aws) {
        super(aws);
    }

    @Test
    void redrivenDlq_decidesEveryPaymentOnce_andPoisonAndConflictComeBackAtOnce_withTheirReasons_eachCopyOnce() {
        Ledger ledger = new Ledger(aws.dynamoDb());
        ledger.openAccount("ACC-1", 100_000, "EUR");
        try (SqsClient sqs = aws.sqs(); InProcessFunction function = InProcessFunction.of(aws, "PaymentAuthorizerFunction")) {
            String suffix = "redrive-" + UUID.randomUUID();
            String dlq = sqs.createQueue(request -> request.queueName("PaymentsDeadLetterQueue-" + suffix)).queueUrl();
            String dlqArn = sqs.getQueueAttributes(request -> request.queueUrl(dlq).attributeNames(QueueAttributeName.QUEUE_ARN))
                    .attributes().get(QueueAttributeName.QUEUE_ARN);
            String queue = sqs.createQueue(request -> request.queueName("PaymentsQueue-" + suffix).attributes(Map.of(
                    QueueAttributeName.VISIBILITY_TIMEOUT, "1",
                    QueueAttributeName.REDRIVE_POLICY, "{\"deadLetterTargetArn\":\"" + dlqArn + "\",\"maxReceiveCount\":\"5\"}")))
                    .queueUrl();
            Map<String, String> env = new HashMap<>(AuthorizerRig.environment(aws, false));
            env.put(ReceiverVariables.DEAD_LETTER_QUEUE_URL, dlq);
            PaymentAuthorizerHandler handler = new PaymentAuthorizerHandler(env, function.dynamoDb(), aws::secretString,
                    function::sqs, Clock.systemUTC(), new PrintStream(output, true, StandardCharsets.UTF_8), new SecureRandom());
            function.initialised();
            AtomicBoolean crashAfterNextInvocation = new AtomicBoolean();
            SqsEventSourceMapping mapping = new SqsEventSourceMapping(sqs, queue, LocalAws.REGION.id(), 10, Duration.ZERO,
                    event -> {
                        SQSBatchResponse response = handler.handleRequest(event,
                                LambdaContext.startingNow("payment-authorizer", Duration.ofSeconds(30)));
                        if (crashAfterNextInvocation.getAndSet(false)) {
                            throw new IllegalStateException("the environment died after the DLQ send, before the acknowledgement");
                        }
                        return response;
                    });

            // GIVEN TXN-1 approved for 10.00
            send(sqs, queue, purchase("TXN-1", "ACC-1", "10.00", "EUR"));
            drain(sqs, mapping, queue);
            // AND a poison message dead-lettered twice: the environment died between the send and
            // the acknowledgement, so its redelivery was dead-lettered again
            String poison = purchase("TXN-9", "ACC-1", "9.00", "EUR").substring(0, 70);
            send(sqs, queue, poison);
            crashAfterNextInvocation.set(true);
            drain(sqs, mapping, queue);
            // AND a conflict dead-lettered once: TXN-1 again with 20.00
            String conflict = purchase("TXN-1", "ACC-1", "20.00", "EUR");
            send(sqs, queue, conflict);
            drain(sqs, mapping, queue);
            // AND payments the queue's redrive policy moved after maxReceiveCount receives (throttled
            // five times), put in the DLQ as SQS moves them: body only; TXN-4's producer retry was
            // meanwhile approved
            String throttled2 = purchase("TXN-2", "ACC-1", "3.00", "EUR");
            String throttled3 = purchase("TXN-3", "ACC-1", "4.00", "EUR");
            String throttled4 = purchase("TXN-4", "ACC-1", "5.00", "EUR");
            send(sqs, queue, producerRetry(throttled4));
            drain(sqs, mapping, queue);
            send(sqs, dlq, throttled2, throttled3, throttled4);
            List<Message> before = peek(sqs, dlq);
            assertEquals(List.of(poison, poison, conflict, throttled2, throttled3, throttled4).stream().sorted().toList(),
                    before.stream().map(Message::body).sorted().toList());
            String poisonOrigin = attributes(before.stream().filter(message -> message.body().equals(poison)).findFirst()
                    .orElseThrow()).get("source_message_id");
            int linesBefore = FunctionOutput.parse(output.toByteArray()).logs().size();

            // WHEN the DLQ is redriven to the payments queue, and the queue drained through the function
            assertEquals(new DeadLetterRedrive.Result(6, 0), DeadLetterRedrive.move(sqs, dlq, queue));
            drain(sqs, mapping, queue);

            // THEN every payment was decided once: TXN-2 and TXN-3 approved, TXN-4 a duplicate of its
            // retry's approval, one debit and one ledger row each
            assertEquals(100_000 - 1_000 - 300 - 400 - 500, ledger.balance("ACC-1"));
            Map<String, Long> rows = new TreeMap<>();
            ledger.entries("ACC-1").forEach(row -> rows.put(row.get(LedgerAttributes.SK).s(),
                    Long.parseLong(row.get(LedgerAttributes.AMOUNT_MINOR).n())));
            assertEquals(Map.of("TXN-1", -1_000L, "TXN-2", -300L, "TXN-3", -400L, "TXN-4", -500L), rows);
            List<JsonNode> redriven = FunctionOutput.parse(output.toByteArray()).logs().subList(linesBefore,
                    FunctionOutput.parse(output.toByteArray()).logs().size());
            assertEquals(Map.of("APPROVED", 2L, "DUPLICATE", 1L, "REJECTED", 2L, "CONFLICT", 1L), outcomes(redriven));
            assertEquals(3, redriven.stream().filter(line -> line.path("dead_lettered").asBoolean(false)).count());
            // AND the DLQ holds exactly what can never be decided, back at once (no receive spent
            // beyond the one that met it), each copy once, with its reason: the poison's two copies,
            // naming one origin, and the conflict; no payment
            List<Message> after = peek(sqs, dlq);
            assertEquals(List.of(poison, poison, conflict).stream().sorted().toList(),
                    after.stream().map(Message::body).sorted().toList());
            for (Message message : after) {
                Map<String, String> attributes = attributes(message);
                if (message.body().equals(poison)) {
                    assertEquals("REJECTED", attributes.get("outcome"));
                    assertTrue(attributes.get("reason").startsWith("rejected: message must be valid JSON"), attributes::toString);
                    assertEquals(poisonOrigin, attributes.get("source_message_id"), "every copy names the first message");
                } else {
                    assertEquals("CONFLICT", attributes.get("outcome"));
                    assertEquals("TXN-1", attributes.get("txn_id"));
                }
            }
            assertEquals(0, backlog(sqs, queue));
        }
    }

    private static void send(SqsClient sqs, String queue, String... bodies) {
        for (String body : bodies) {
            sqs.sendMessage(request -> request.queueUrl(queue).messageBody(body));
        }
    }

    /** Polls until the queue holds nothing, in flight or waiting (failures come back after its 1 s). */
    private static void drain(SqsClient sqs, SqsEventSourceMapping mapping, String queue) {
        Instant deadline = Instant.now().plusSeconds(30);
        while (Instant.now().isBefore(deadline)) {
            if (mapping.pollOnce().received() == 0) {
                if (backlog(sqs, queue) == 0) {
                    return;
                }
                sleep();
            }
        }
        throw new AssertionError("the queue did not drain within 30 s");
    }

    private static int backlog(SqsClient sqs, String queue) {
        Map<String, String> counts = sqs.getQueueAttributes(request -> request.queueUrl(queue).attributeNamesWithStrings(
                "ApproximateNumberOfMessages", "ApproximateNumberOfMessagesNotVisible")).attributesAsStrings();
        return Integer.parseInt(counts.get("ApproximateNumberOfMessages"))
                + Integer.parseInt(counts.get("ApproximateNumberOfMessagesNotVisible"));
    }

    /** Every message of the queue with its attributes, each made visible again at once. */
    private static List<Message> peek(SqsClient sqs, String queue) {
        List<Message> all = new ArrayList<>();
        while (true) {
            List<Message> got = sqs.receiveMessage(request -> request.queueUrl(queue).maxNumberOfMessages(10)
                    .visibilityTimeout(30).messageAttributeNames("All")).messages();
            if (got.isEmpty()) {
                break;
            }
            all.addAll(got);
        }
        all.forEach(message -> sqs.changeMessageVisibility(request -> request.queueUrl(queue)
                .receiptHandle(message.receiptHandle()).visibilityTimeout(0)));
        return all;
    }

    private static Map<String, String> attributes(Message message) {
        Map<String, String> attributes = new HashMap<>();
        message.messageAttributes().forEach((name, value) -> attributes.put(name, value.stringValue()));
        return attributes;
    }

    private static Map<String, Long> outcomes(List<JsonNode> lines) {
        Map<String, Long> outcomes = new TreeMap<>();
        lines.stream().filter(line -> line.has("outcome"))
                .forEach(line -> outcomes.merge(line.path("outcome").asText(), 1L, Long::sum));
        return outcomes;
    }

    private static void sleep() {
        try {
            Thread.sleep(200);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
