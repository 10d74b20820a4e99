package com.example.demo;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.localaws.Accounts;
import com.example.localaws.LocalAws;
import com.example.localaws.mapping.SqsEventSourceMapping;
import com.example.payment.authorizer.PaymentAuthorizer;
import com.example.payment.authorizer.PaymentAuthorizerHandler;
import com.example.receiver.BatchReceiver;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.QueueAttributeName;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchRequestEntry;

/**
 * {@code make demo}. Progress goes to stderr, the report to stdout; the exit status is 0 only
 * when every balance and the ledger equal what the generated input implies.
 */
public final class Demo {

    private static final int PAYMENTS = 1_600;
    private static final int BATCH_SIZE = 10;
    private static final int VISIBILITY_SECONDS = 2;
    private static final int MAX_RECEIVE_COUNT = 5;
    private static final int CRASH_EVERY = 25;
    /** Messages sent at a time: the producer streams, as a gateway would (and moto's queue slows with depth). */
    private static final int STREAM_CHUNK = 50;

    private Demo() {
    }

    public static void main(String[] args) {
        Instant started = Instant.now();
        Traffic traffic = Traffic.generate(PAYMENTS, new Random(20_261_202));
        progress("generated %d messages (%d unique payments)", traffic.totalMessages(), traffic.uniquePayments);
        try (LocalAws aws = LocalAws.start(); SqsClient sqs = aws.sqs()) {
            progress("local AWS up at %s, redis-server at %s", aws.endpoint(), aws.redis().endpoint());
            Queues queues = Queues.create(sqs);
            seedAccounts(aws.dynamoDb());
            ByteArrayOutputStream lines = new ByteArrayOutputStream();
            CallCounter calls = new CallCounter();
            Map<String, String> env = environment(aws);
            try (BatchReceiver<com.example.payment.Payment> receiver = PaymentAuthorizer.create(env,
                    aws.dynamoDb(calls), Clock.systemUTC(), new PrintStream(lines, true, StandardCharsets.UTF_8))) {
                PaymentAuthorizerHandler handler = new PaymentAuthorizerHandler(receiver);
                AtomicInteger invocations = new AtomicInteger();
                AtomicInteger crashes = new AtomicInteger();
                Function<SQSEvent, SQSBatchResponse> function = event -> {
                    SQSBatchResponse response = handler.handleRequest(event, null);
                    if (invocations.incrementAndGet() % CRASH_EVERY == 0) {
                        crashes.incrementAndGet();
                        throw new IllegalStateException("injected crash after commit, before the delete");
                    }
                    return response;
                };
                SqsEventSourceMapping mapping = new SqsEventSourceMapping(sqs, queues.source(), LocalAws.REGION.id(),
                        BATCH_SIZE, Duration.ZERO, function);

                Poller poller = new Poller(mapping, sqs, queues.source(), aws);
                progress("phase 1: streaming %d messages while injecting faults", traffic.phaseOne.size());
                for (int from = 0; from < traffic.phaseOne.size(); from += STREAM_CHUNK) {
                    send(sqs, queues.source(), traffic.phaseOne.subList(from, Math.min(traffic.phaseOne.size(), from + STREAM_CHUNK)));
                    poller.keepUp();
                }
                poller.drain();
                send(sqs, queues.source(), traffic.phaseTwo);
                progress("phase 2: %d late retries, conflicts and poison messages sent", traffic.phaseTwo.size());
                poller.drain();

                Report report = Report.of(traffic, lines.toString(StandardCharsets.UTF_8), calls, crashes.get(),
                        invocations.get(), new Ledger(aws.dynamoDb()), sqs, queues.dlq(),
                        Duration.between(started, Instant.now()));
                System.out.println(report.text());
                System.exit(report.balancesHold() ? 0 : 1);
            }
        }
    }

    /** The source queue and its DLQ, with Lambda's redrive settings scaled down for a demo. */
    record Queues(String source, String dlq) {
        static Queues create(SqsClient sqs) {
            String dlq = sqs.createQueue(r -> r.queueName("payments-dlq")).queueUrl();
            String dlqArn = sqs.getQueueAttributes(r -> r.queueUrl(dlq).attributeNames(QueueAttributeName.QUEUE_ARN))
                    .attributes().get(QueueAttributeName.QUEUE_ARN);
            String source = sqs.createQueue(r -> r.queueName("payments").attributes(Map.of(
                    QueueAttributeName.VISIBILITY_TIMEOUT, Integer.toString(VISIBILITY_SECONDS),
                    QueueAttributeName.REDRIVE_POLICY, "{\"deadLetterTargetArn\":\"" + dlqArn
                            + "\",\"maxReceiveCount\":\"" + MAX_RECEIVE_COUNT + "\"}"))).queueUrl();
            return new Queues(source, dlq);
        }
    }

    private static Map<String, String> environment(LocalAws aws) {
        Map<String, String> env = new HashMap<>();
        env.put("IDEMPOTENCY_TABLE", "IdempotencyTable");
        env.put("ACCOUNTS_TABLE", "AccountsTable");
        env.put("LEDGER_TABLE", "LedgerTable");
        env.put("QUEUE_RETENTION_SECONDS", "345600");
        env.put("IDEMPOTENCY_TTL_SECONDS", "604800");
        env.put("FAST_PATH_ENDPOINT", aws.redis().endpoint());
        env.put("FAST_PATH_TLS", "false");
        env.put("METRICS_NAMESPACE", "PaymentsDemo");
        return env;
    }

    private static void seedAccounts(DynamoDbClient dynamoDb) {
        List<Accounts.Account> accounts = new ArrayList<>();
        for (int a = 0; a < Traffic.RICH_ACCOUNTS + Traffic.POOR_ACCOUNTS; a++) {
            long balance = a < Traffic.RICH_ACCOUNTS ? Traffic.RICH_BALANCE : Traffic.POOR_BALANCE;
            accounts.add(new Accounts.Account(Traffic.account(a), balance, "EUR", "ACTIVE"));
        }
        Accounts.seed(dynamoDb, accounts);
    }

    private static void send(SqsClient sqs, String queue, List<Traffic.Delivery> deliveries) {
        for (int from = 0; from < deliveries.size(); from += 10) {
            List<SendMessageBatchRequestEntry> entries = new ArrayList<>();
            List<Traffic.Delivery> chunk = deliveries.subList(from, Math.min(deliveries.size(), from + 10));
            for (int i = 0; i < chunk.size(); i++) {
                entries.add(SendMessageBatchRequestEntry.builder().id("m" + i).messageBody(chunk.get(i).body()).build());
            }
            sqs.sendMessageBatch(r -> r.queueUrl(queue).entries(entries));
        }
    }

    static int count(SqsClient sqs, String queue, QueueAttributeName name) {
        return Integer.parseInt(sqs.getQueueAttributes(r -> r.queueUrl(queue).attributeNames(name)).attributes().get(name));
    }

    static void progress(String format, Object... args) {
        System.err.println("demo: " + String.format(format, args));
    }
}
