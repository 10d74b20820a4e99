package com.example.sim.conformance;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.payment.AccountAttributes;
import com.example.payment.Payment;
import com.example.payment.PaymentParser;
import com.example.payment.PaymentPosting;
import com.example.payment.PaymentTables;
import com.example.payment.authorizer.PaymentAuthorizer;
import com.example.receiver.lambda.IdempotentReceiver;
import com.example.receiver.lambda.ReceiverRuntime;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Executors;
import java.util.function.Function;
import java.util.random.RandomGenerator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * Runs one {@link ConformanceTrace} through the real receiver on the given clients (the local
 * AWS's, or the models'), batch by batch, its faults armed before their batch and cleared after
 * it, and observes what a user would check: each batch's failures, every item of the trace
 * (records, accounts, ledger entries), the dead letters with their outcome, and each DynamoDB
 * write call the receiver made with its answer and the attempts the SDK spent on it
 * ({@link CallLog}).
 */
final class ConformanceRun {

    static final String RECORDS = "IdempotencyTable";
    static final String ACCOUNTS = "AccountsTable";
    static final String LEDGER = "LedgerTable";
    private static final Pattern TXN = Pattern.compile("\"transaction_id\":\"([^\"]+)\"");
    /** The receiver's pauses between attempts, taken as nothing: they change when an attempt comes, not what it meets (the faults are counted, not timed). */
    private static final ReceiverRuntime.Sleeper NO_PAUSE = pause -> { };

    /** What the trace came to. */
    record Observed(List<List<String>> failures, Map<String, Map<String, AttributeValue>> items, List<String> deadLetters,
                    List<String> calls) {
    }

    /** One side's DynamoDB as the receiver meets it: its faults, and the client of a function environment. */
    interface Side {
        /** Arms a fault on this trace's calls until {@link #clearFaults}. */
        void arm(ConformanceTrace.TraceFault fault, String prefix);

        void clearFaults();

        /** A function environment's DynamoDB client, the SDK's retries included, its write calls logged to {@code calls}. */
        DynamoDbClient environmentClient(List<String> calls);
    }

    private ConformanceRun() {
    }

    /** What differs between two observations, on the local AWS and on the models, in a line. */
    static String difference(Observed local, Observed models) {
        StringBuilder text = new StringBuilder();
        if (!local.failures().equals(models.failures())) {
            text.append("failures ").append(local.failures()).append(" vs ").append(models.failures()).append("; ");
        }
        TreeSet<String> names = new TreeSet<>(local.items().keySet());
        names.addAll(models.items().keySet());
        for (String name : names) {
            if (!java.util.Objects.equals(local.items().get(name), models.items().get(name))) {
                text.append(name).append(" ").append(local.items().get(name)).append(" vs ").append(models.items().get(name)).append("; ");
            }
        }
        if (!local.deadLetters().equals(models.deadLetters())) {
            text.append("dead letters ").append(local.deadLetters()).append(" vs ").append(models.deadLetters()).append("; ");
        }
        if (!local.calls().equals(models.calls())) {
            text.append("calls ").append(local.calls()).append(" vs ").append(models.calls());
        }
        return text.toString();
    }

    static Observed run(ConformanceTrace trace, DynamoDbClient dynamoDb, Side side, SqsClient sqs, String deadLetterQueueUrl,
                        Clock clock, Function<String, List<String>> deadLetters) {
        for (int a = 0; a < trace.accounts().size(); a++) {
            long[] account = trace.accounts().get(a);
            String id = trace.prefix() + "A" + a;
            dynamoDb.putItem(request -> request.tableName(ACCOUNTS).item(Map.of(
                    AccountAttributes.PK, AttributeValue.fromS(id),
                    AccountAttributes.BALANCE_MINOR, AttributeValue.fromN(Long.toString(account[0])),
                    AccountAttributes.CURRENCY, AttributeValue.fromS("EUR"),
                    AccountAttributes.ACCOUNT_STATUS, AttributeValue.fromS(account[1] == 1 ? AccountAttributes.ACTIVE
                            : AccountAttributes.BLOCKED))));
        }
        Map<String, String> env = Map.of("IDEMPOTENCY_TABLE", RECORDS, "ACCOUNTS_TABLE", ACCOUNTS, "LEDGER_TABLE", LEDGER,
                "QUEUE_RETENTION_SECONDS", "345600", "SOON_REDELIVERY", "false", "DEAD_LETTER_QUEUE_URL", deadLetterQueueUrl,
                "DEAD_LETTER_AT_ONCE", "true", "AWS_LAMBDA_LOG_LEVEL", "ERROR");
        SplittableRandom jitter = new SplittableRandom(1);
        List<List<String>> failures = new ArrayList<>();
        List<String> calls = new ArrayList<>();
        Function<EnvironmentCrash, IdempotentReceiver<Payment>> environment = crash -> IdempotentReceiver.builder(new PaymentParser(),
                        new PaymentPosting(PaymentTables.from(new com.example.lambdakit.config.Environment(env)), clock))
                .service(PaymentAuthorizer.SERVICE).keyPrefix(PaymentAuthorizer.KEY_PREFIX).keyField(PaymentAuthorizer.KEY_FIELD)
                .environment(env).dynamoDb(crash.dynamoDb(side.environmentClient(calls))).sqs(() -> crash.sqs(sqs)).clock(clock)
                .out(new PrintStream(OutputStream.nullOutputStream()))
                .runtime(ReceiverRuntime.system().withClock(clock).withRandom((RandomGenerator) jitter::nextLong)
                        .withTime(System::nanoTime, NO_PAUSE, lanes -> Executors.newSingleThreadExecutor()))
                .build();
        EnvironmentCrash crash = new EnvironmentCrash();
        IdempotentReceiver<Payment> receiver = environment.apply(crash);
        try {
            for (int b = 0; b < trace.batches().size(); b++) {
                for (ConformanceTrace.TraceFault fault : trace.faultsAt(b)) {
                    if (fault.kind() == ConformanceTrace.FaultKind.CRASH) {
                        crash.arm(fault.operation(), fault.count());
                    } else {
                        side.arm(fault, trace.prefix());
                    }
                }
                SQSBatchResponse response;
                try {
                    response = receiver.handle(event(trace, b, 1, clock), null);
                } catch (EnvironmentCrash.Crashed crashed) {
                    response = null;
                } finally {
                    side.clearFaults();
                }
                if (crash.crashed()) {
                    // the batch comes back after its visibility timeout, to a new environment, received twice
                    failures.add(List.of("crashed"));
                    closeQuietly(receiver);
                    crash = new EnvironmentCrash();
                    receiver = environment.apply(crash);
                    response = receiver.handle(event(trace, b, 2, clock), null);
                } else {
                    crash.arm(null, 0);
                }
                List<String> failed = new ArrayList<>();
                response.getBatchItemFailures().forEach(failure -> failed.add(failure.getItemIdentifier()));
                failures.add(failed);
            }
        } finally {
            closeQuietly(receiver);
        }
        return new Observed(failures, items(trace, dynamoDb), deadLetters.apply(deadLetterQueueUrl), List.copyOf(calls));
    }

    private static void closeQuietly(IdempotentReceiver<Payment> receiver) {
        try {
            receiver.close();
        } catch (EnvironmentCrash.Crashed gone) {
            // a dead environment's clients close with it
        }
    }

    private static SQSEvent event(ConformanceTrace trace, int batch, int receiveCount, Clock clock) {
        List<SQSEvent.SQSMessage> records = new ArrayList<>();
        List<String> bodies = trace.batches().get(batch);
        for (int m = 0; m < bodies.size(); m++) {
            SQSEvent.SQSMessage record = new SQSEvent.SQSMessage();
            record.setMessageId(trace.prefix() + "m" + batch + "-" + m);
            record.setReceiptHandle("rh-" + batch + "-" + m);
            record.setBody(bodies.get(m));
            record.setAttributes(Map.of("ApproximateReceiveCount", Integer.toString(receiveCount),
                    "SentTimestamp", Long.toString(clock.millis()), "ApproximateFirstReceiveTimestamp", Long.toString(clock.millis())));
            record.setMessageAttributes(Map.of());
            record.setEventSource("aws:sqs");
            record.setEventSourceArn("arn:aws:sqs:us-east-1:123456789012:conformance");
            records.add(record);
        }
        SQSEvent event = new SQSEvent();
        event.setRecords(records);
        return event;
    }

    /** Every item a trace can have written, read back by key: records, accounts, ledger entries. */
    private static Map<String, Map<String, AttributeValue>> items(ConformanceTrace trace, DynamoDbClient dynamoDb) {
        TreeSet<String> txns = new TreeSet<>();
        trace.batches().forEach(batch -> batch.forEach(body -> {
            Matcher txn = TXN.matcher(body);
            if (txn.find()) {
                txns.add(txn.group(1));
            }
        }));
        Map<String, Map<String, AttributeValue>> items = new TreeMap<>();
        for (int a = 0; a < trace.accounts().size(); a++) {
            String account = trace.prefix() + "A" + a;
            read(items, "account " + account, dynamoDb, ACCOUNTS, Map.of(AccountAttributes.PK, AttributeValue.fromS(account)));
            for (String txn : txns) {
                read(items, "ledger " + account + "/" + txn, dynamoDb, LEDGER,
                        Map.of("pk", AttributeValue.fromS(account), "sk", AttributeValue.fromS(txn)));
            }
        }
        for (String txn : txns) {
            read(items, "record " + txn, dynamoDb, RECORDS, Map.of("pk", AttributeValue.fromS(PaymentAuthorizer.KEY_PREFIX + "#" + txn)));
        }
        return items;
    }

    private static void read(Map<String, Map<String, AttributeValue>> items, String name, DynamoDbClient dynamoDb,
                             String table, Map<String, AttributeValue> key) {
        Map<String, AttributeValue> item = dynamoDb.getItem(request -> request.tableName(table).key(key).consistentRead(true)).item();
        if (item != null && !item.isEmpty()) {
            items.put(name, new HashMap<>(item));
        }
    }
}
