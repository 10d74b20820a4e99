package com.example.payment.authorizer;

import static com.example.payment.PaymentMessages.purchase;
import static com.example.payment.authorizer.AuthorizerRig.event;
import static com.example.payment.authorizer.AuthorizerRig.failures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.localaws.Fault;
import com.example.localaws.LocalAws;
import com.example.localaws.WriteCapacity;
import com.example.localaws.invoke.LocalContext;
import com.example.localaws.mapping.SqsEventSourceMapping;
import com.example.localaws.observability.FunctionOutput;
import com.example.payment.Payment;
import com.example.receiver.internal.config.ReceiverConfig;
import com.example.receiver.lambda.IdempotentReceiver;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.Message;
import software.amazon.awssdk.services.sqs.model.MessageSystemAttributeName;
import software.amazon.awssdk.services.sqs.model.QueueAttributeName;

/**
 * DynamoDB throttling read as throttling. A transaction DynamoDB throttles is cancelled with
 * reason {@code ThrottlingError} (on-demand tables; {@code ProvisionedThroughputExceeded} on
 * provisioned ones), which the SDK does not retry ("TransactWriteItems", Errors, Amazon DynamoDB
 * API Reference,
 * https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TransactWriteItems.html#API_TransactWriteItems_Errors);
 * a single call throttled beyond the SDK's retries fails with a throttling exception ("Error
 * handling with DynamoDB",
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Programming.Errors.html).
 * Both are waited out with back-off while the invocation can afford it, a group whole; what the
 * invocation cannot outlast comes back in seconds, later at each receive. The capacity here is the
 * launcher's (a bucket of write units per table, refilled continuously, as DynamoDB's capacity
 * refills); a transactional write costs 2 units per KB.
 */
class ThrottlingTest extends LocalAwsTest {

    ThrottlingTest(LocalAws aws) {
        super(aws);
    }

    @Test
    void aGroupCancelledWithThrottlingError_isTriedAgainWhole_neverCommittedOneByOne() {
        try (AuthorizerRig rig = AuthorizerRig.withoutFastPath(aws)) {
            rig.ledger.openAccount("ACC-1", 100_000, "EUR");
            rig.ledger.openAccount("ACC-2", 100_000, "EUR");
            // GIVEN every table limited to 20 write units a second, which a first batch of 10
            // payments on ACC-1 spends on the records and the ledger (10 x 2 units each)
            try (WriteCapacity capacity = aws.writeCapacity(20)) {
                assertEquals(List.of(), failures(rig.invoke(event(payments("TXN-A", "ACC-1", 10).toArray(String[]::new)))));
                rig.calls.reset();
                // WHEN a batch of 3 payments on ACC-2 comes at once: one group, throttled
                SQSBatchResponse response = rig.invoke(event(payments("TXN-B", "ACC-2", 3).toArray(String[]::new)));
                capacity.close();
                // THEN every payment is decided, none returned to the queue
                assertEquals(List.of(), failures(response));
                // AND the group was cancelled for throttling and tried again whole: one call per
                // throttled attempt and the one that committed; none one by one, no decline record
                assertTrue(capacity.throttled() >= 1, "the launcher throttled the group");
                assertEquals(Map.of("TransactWriteItems", capacity.throttled() + 1), rig.calls.byOperation());
            }
            assertEquals(100_000 - 1_000, rig.ledger.balance("ACC-1"));
            assertEquals(100_000 - 300, rig.ledger.balance("ACC-2"));
            assertEquals(3, rig.ledger.entries("ACC-2").size());
            assertEquals(13, rig.metric("Approved"));
            assertEquals(0, rig.metric("Throttled"));
        }
    }

    @Test
    void throttlingTheBackOffOutlasts_decidesEveryPaymentOnce_andReturnsNothingToTheQueue() {
        try (SqsClient sqs = aws.sqs(); AuthorizerRig rig = AuthorizerRig.withoutFastPath(aws)) {
            rig.ledger.openAccount("ACC-1", 100_000, "EUR");
            rig.ledger.openAccount("ACC-2", 100_000, "EUR");
            // GIVEN a queue with a DLQ after 5 receives, holding 40 payments on two accounts
            Queue queue = queue(sqs, 60);
            List<String> bodies = new ArrayList<>(payments("TXN-1-", "ACC-1", 20));
            bodies.addAll(payments("TXN-2-", "ACC-2", 20));
            send(sqs, queue.url(), bodies);
            // AND every table limited to 20 write units a second: one batch of 10 every second
            int received = 0;
            int failed = 0;
            try (WriteCapacity capacity = aws.writeCapacity(20)) {
                // WHEN the function drains the queue, batches of 10, each invocation with 30 s
                SqsEventSourceMapping mapping = new SqsEventSourceMapping(sqs, queue.url(), LocalAws.REGION.id(), 10,
                        Duration.ZERO, event -> rig.invoke(event, new LocalContext("payment-authorizer", Duration.ofSeconds(30))));
                for (int poll = 0; poll < 20 && received < bodies.size(); poll++) {
                    SqsEventSourceMapping.Poll batch = mapping.pollOnce();
                    received += batch.received();
                    failed += batch.failed();
                }
                capacity.close();
                assertTrue(capacity.throttled() > 0, "the launcher throttled some batches");
            }
            // THEN each was received once and decided: no failure, the queue and its DLQ empty
            assertEquals(40, received);
            assertEquals(0, failed);
            assertEquals(0, messages(sqs, queue.url()));
            assertEquals(0, messages(sqs, queue.deadLetterUrl()));
            // AND each payment is debited once
            assertEquals(100_000 - 2_000, rig.ledger.balance("ACC-1"));
            assertEquals(100_000 - 2_000, rig.ledger.balance("ACC-2"));
            assertEquals(40, rig.ledger.allEntries());
            assertEquals(40, rig.metric("Approved"));
            assertEquals(0, rig.metric("Retry"));
        }
    }

    @Test
    void throttlingThatOutlastsTheInvocation_bringsTheMessageBackInSeconds_laterAtEachReceive_notToTheDlq() {
        Map<String, String> env = new HashMap<>(AuthorizerRig.environment(aws, false));
        env.put(ReceiverConfig.MIN_REMAINING_TIME_MS, "1000");
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        try (SqsClient sqs = aws.sqs(); DynamoDbClient dynamoDb = aws.dynamoDb();
             IdempotentReceiver<Payment> receiver = PaymentAuthorizer.builder(env, dynamoDb, aws::secretString,
                     Clock.systemUTC(), new PrintStream(output, true, StandardCharsets.UTF_8), new SecureRandom())
                     .sqs(aws::sqs).soonRedeliveryWithin(Duration.ofSeconds(1), Duration.ofSeconds(1))
                     .random(new SplittableRandom(3)).build()) {
            Ledger ledger = new Ledger(dynamoDb);
            ledger.openAccount("ACC-1", 10_000, "EUR");
            // GIVEN a queue whose visibility timeout is a minute, with a DLQ after 5 receives, and
            // soon redelivery set to exactly 1 s, doubled at each receive of a throttled message
            Queue queue = queue(sqs, 60);
            send(sqs, queue.url(), List.of(purchase("TXN-T1", "ACC-1", "1.00", "EUR")));
            PaymentAuthorizerHandler handler = new PaymentAuthorizerHandler(receiver);
            // AND DynamoDB throttling every attempt to commit it, beyond what 3 s of invocation outlast
            aws.moto().inject(Fault.throttling("TransactWriteItems", "TXN-T1", 10_000));
            List<Double> comesBackAfter = new ArrayList<>();
            long invocationEnded = 0;
            for (int receive = 1; receive <= 4; receive++) {
                Message message = receive(sqs, queue.url(), 20).orElseThrow(() -> new AssertionError(
                        "the throttled message should be visible again within seconds, not after 60 s"));
                if (receive > 1) {
                    comesBackAfter.add((System.nanoTime() - invocationEnded) / 1e9);
                }
                assertEquals(Integer.toString(receive), message.attributes().get(MessageSystemAttributeName.APPROXIMATE_RECEIVE_COUNT));
                if (receive == 4) {
                    // WHEN the throttling ends, the fourth receive is decided
                    aws.moto().clearFaults();
                }
                SQSBatchResponse response = handler.handleRequest(eventOf(message, queue.arn()),
                        new LocalContext("payment-authorizer", Duration.ofSeconds(3)));
                invocationEnded = System.nanoTime();
                // THEN the first three are reported failed, each a soon retry
                assertEquals(receive < 4 ? List.of(message.messageId()) : List.of(), failures(response));
                if (receive == 4) {
                    sqs.deleteMessage(request -> request.queueUrl(queue.url()).receiptHandle(message.receiptHandle()));
                }
            }
            // AND it came back after about 1, 2 and 4 s: later at each receive, far inside the minute
            assertTrue(comesBackAfter.get(0) >= 0.9 && comesBackAfter.get(0) < 3, comesBackAfter.toString());
            assertTrue(comesBackAfter.get(1) >= 1.9 && comesBackAfter.get(1) > comesBackAfter.get(0), comesBackAfter.toString());
            assertTrue(comesBackAfter.get(2) >= 3.9 && comesBackAfter.get(2) < 15, comesBackAfter.toString());
            // AND nothing reached the DLQ, the payment is debited once, each throttled receive
            // logged with its cause and counted as Throttled
            assertEquals(0, messages(sqs, queue.deadLetterUrl()));
            assertEquals(10_000 - 100, ledger.balance("ACC-1"));
            assertEquals(1, ledger.entries("ACC-1").size());
            FunctionOutput lines = FunctionOutput.parse(output.toByteArray());
            assertEquals(3, lines.logs().stream().filter(line -> "THROTTLING".equals(line.path("cause").textValue())).count());
            assertEquals(3, lines.emf().stream().mapToLong(line -> line.path("Throttled").asLong(0)).sum());
        }
    }

    /** {@code count} purchases of 1.00 on {@code account}, transaction ids {@code prefix1, prefix2, ...}. */
    private static List<String> payments(String prefix, String account, int count) {
        List<String> bodies = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            bodies.add(purchase(prefix + i, account, "1.00", "EUR"));
        }
        return bodies;
    }

    /** A queue and its DLQ, which takes a message after 5 receives. */
    private record Queue(String url, String arn, String deadLetterUrl) {
    }

    private static Queue queue(SqsClient sqs, int visibilitySeconds) {
        String name = "PaymentsQueue-throttled-" + UUID.randomUUID();
        String dlq = sqs.createQueue(request -> request.queueName(name + "-dlq")).queueUrl();
        String dlqArn = arn(sqs, dlq);
        String url = sqs.createQueue(request -> request.queueName(name).attributes(Map.of(
                QueueAttributeName.VISIBILITY_TIMEOUT, Integer.toString(visibilitySeconds),
                QueueAttributeName.REDRIVE_POLICY, "{\"deadLetterTargetArn\":\"" + dlqArn + "\",\"maxReceiveCount\":\"5\"}")))
                .queueUrl();
        return new Queue(url, arn(sqs, url), dlq);
    }

    private static String arn(SqsClient sqs, String url) {
        return sqs.getQueueAttributes(request -> request.queueUrl(url).attributeNames(QueueAttributeName.QUEUE_ARN))
                .attributes().get(QueueAttributeName.QUEUE_ARN);
    }

    private static void send(SqsClient sqs, String url, List<String> bodies) {
        bodies.forEach(body -> sqs.sendMessage(request -> request.queueUrl(url).messageBody(body)));
    }

    /** Messages in the queue, visible or in flight. */
    private static int messages(SqsClient sqs, String url) {
        Map<QueueAttributeName, String> attributes = sqs.getQueueAttributes(request -> request.queueUrl(url)
                .attributeNames(QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES,
                        QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES_NOT_VISIBLE)).attributes();
        return Integer.parseInt(attributes.get(QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES))
                + Integer.parseInt(attributes.get(QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES_NOT_VISIBLE));
    }

    private static Optional<Message> receive(SqsClient sqs, String url, int waitSeconds) {
        return sqs.receiveMessage(request -> request.queueUrl(url).waitTimeSeconds(waitSeconds)
                .messageSystemAttributeNames(MessageSystemAttributeName.ALL)).messages().stream().findFirst();
    }

    /** The event Lambda makes of one received message: receipt handle, source queue, receive count. */
    private static SQSEvent eventOf(Message message, String queueArn) {
        SQSEvent.SQSMessage record = new SQSEvent.SQSMessage();
        record.setMessageId(message.messageId());
        record.setReceiptHandle(message.receiptHandle());
        record.setBody(message.body());
        record.setEventSource("aws:sqs");
        record.setEventSourceArn(queueArn);
        record.setAttributes(new HashMap<>(message.attributesAsStrings()));
        SQSEvent event = new SQSEvent();
        event.setRecords(List.of(record));
        return event;
    }
}
