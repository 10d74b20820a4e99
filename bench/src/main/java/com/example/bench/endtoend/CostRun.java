package com.example.bench.endtoend;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.example.bench.cost.Bill;
import com.example.bench.cost.CostMarkdown;
import com.example.bench.cost.FunctionSettings;
import com.example.bench.cost.FunctionUsage;
import com.example.bench.cost.Price;
import com.example.bench.cost.PriceList;
import com.example.bench.cost.PricedItem;
import com.example.bench.cost.Stage;
import com.example.bench.cost.TrafficMix;
import com.example.bench.cost.Usage;
import com.example.bench.report.SectionFile;
import com.example.lambdafakes.VirtualClock;
import com.example.localaws.DynamoDbCallCounter;
import com.example.localaws.LocalAws;
import com.example.localaws.ProjectRoot;
import com.example.localaws.Sleeper;
import com.example.localaws.mapping.SqsEventSourceMapping;
import com.example.localaws.proxy.LoopbackProxy;
import com.example.localpayments.downstream.Downstream;
import com.example.payment.events.SnsDecisionPublisher;
import com.example.payment.events.SqsUnpublishableRecords;
import com.example.payment.events.StreamPublisher;
import com.example.reliability.Implementation;
import com.example.reliability.baseline.PowertoolsAuthorizer;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Supplier;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.QueueAttributeName;

/**
 * The bill of a million payments ({@code make cost}), from what a small run measures: for ours and
 * each Powertools baseline, a {@link TrafficMix} of payments and duplicates is sent to an SQS
 * queue of the local AWS and drained through {@link SqsEventSourceMapping} (batch size from
 * template.yaml) into the real handler, behind {@link BatchLatency}'s loopback proxies (about 5 ms
 * per DynamoDB call, 1 ms per Redis round trip), counting SQS requests by operation, DynamoDB calls,
 * {@link WriteUnits} and {@link ReadUnits}, the Redis node's commands and bytes
 * ({@link RedisCounter}) and each invocation's duration; behind ours, the idempotency table's
 * stream is drained into the publisher ({@link Downstream}, as template.yaml wires it), counting
 * its SNS publishes and its durations. Writes the section {@code 70-cost}.
 *
 * <p>Arguments: payments (default {@value #DEFAULT_PAYMENTS}), duplicate rate (0.10), hot-account
 * share (0.05), price region (us-east-1).
 */
public final class CostRun {

    static final int DEFAULT_PAYMENTS = 200;
    static final int ACCOUNTS = 50;
    /** Every payment is 2.50 EUR: the accounts' balances say whether each was applied once. */
    static final long AMOUNT_MINOR = 250;
    private static final Duration VISIBILITY = Duration.ofSeconds(2);
    private static final Duration DEADLINE = Duration.ofMinutes(5);
    private static final long SEED = 23;

    private final LocalAws aws;
    private final Fixture fixture;
    private final URI dynamoDbThroughProxy;
    private final String redisThroughProxy;
    private final RedisCounter redis;
    private final SqsClient uncountedSqs;
    private final TrafficMix mix;
    private final FunctionSettings authorizerSettings;
    private final FunctionSettings publisherSettings;

    private CostRun(LocalAws aws, URI dynamoDbThroughProxy, String redisThroughProxy, TrafficMix mix,
                    FunctionSettings authorizerSettings, FunctionSettings publisherSettings) {
        this.aws = aws;
        this.fixture = new Fixture(aws);
        this.dynamoDbThroughProxy = dynamoDbThroughProxy;
        this.redisThroughProxy = redisThroughProxy;
        this.redis = new RedisCounter(aws.redis().node(0));
        this.uncountedSqs = aws.sqs();
        this.mix = mix;
        this.authorizerSettings = authorizerSettings;
        this.publisherSettings = publisherSettings;
    }

    public static void main(String[] args) {
        Instant started = Instant.now();
        Path template = ProjectRoot.find().resolve("template.yaml");
        FunctionSettings authorizer = FunctionSettings.read(template, "PaymentAuthorizerFunction");
        FunctionSettings publisher = FunctionSettings.read(template, "PaymentEventsFunction");
        TrafficMix mix = new TrafficMix(
                argument(args, 0, "payments", Integer::parseInt, DEFAULT_PAYMENTS),
                argument(args, 1, "duplicate rate", Double::parseDouble, TrafficMix.DEFAULT_DUPLICATE_RATE),
                argument(args, 2, "hot-account share", Double::parseDouble, TrafficMix.DEFAULT_HOT_SHARE),
                authorizer.batchSize());
        PriceList prices = PriceList.of(argument(args, 3, "price region", Function.identity(), "us-east-1"));
        try (LocalAws aws = LocalAws.start();
             LoopbackProxy dynamoDb = aws.proxyToAws();
             LoopbackProxy redisProxy = LoopbackProxy.start(aws.redis().port())) {
            aws.redis().announce(aws.redis().node(0), redisProxy.port());
            dynamoDb.delay(BatchLatency.DYNAMODB_HOP);
            redisProxy.delay(BatchLatency.REDIS_HOP);
            CostRun run = new CostRun(aws, dynamoDb.uri(), redisProxy.endpoint(), mix, authorizer, publisher);
            List<Usage> usages = new ArrayList<>();
            for (Implementation implementation : Implementation.values()) {
                usages.add(run.measure(implementation));
            }
            List<Bill> bills = usages.stream().map(usage -> Bill.of(usage, prices)).toList();
            String markdown = CostMarkdown.render(mix, prices, bills, method(mix, authorizer, publisher,
                    Duration.between(started, Instant.now())));
            SectionFile.write("70-cost", markdown, new Figures(mix, prices.region(), prices.date().toString(),
                    prices.prices(), usages, bills));
            System.out.println(markdown);
        }
    }

    /** The section's figures. */
    record Figures(TrafficMix mix, String priceRegion, String priceDate, Map<PricedItem, Price> prices, List<Usage> usages,
                   List<Bill> bills) {
    }

    private Usage measure(Implementation implementation) {
        fixture.reset();
        List<String> accounts = Fixture.accounts("ACC-COST", ACCOUNTS);
        String hot = "ACC-COST-HOT";
        fixture.open(accounts, Fixture.RICH);
        fixture.open(List.of(hot), Fixture.RICH);
        List<String> everyAccount = new ArrayList<>(accounts);
        everyAccount.add(hot);
        List<String> deliveries = deliveries(accounts, hot);

        DynamoDbCallCounter dynamoDbCalls = new DynamoDbCallCounter();
        WriteUnits writeUnits = new WriteUnits(aws.dynamoDb());
        ReadUnits readUnits = new ReadUnits();
        DynamoDbCallCounter sqsCalls = new DynamoDbCallCounter();
        DynamoDbCallCounter snsCalls = new DynamoDbCallCounter();
        Timed authorizerTime = new Timed();
        Timed publisherTime = new Timed();
        boolean ours = implementation == Implementation.RECEIVER;
        try (Authorizer authorizer = ours
                ? Authorizer.ours(aws, dynamoDbThroughProxy, redisThroughProxy, VirtualClock.aheadOfSystem(), BatchLatency.TEMPLATE_CONCURRENCY,
                dynamoDbCalls, writeUnits, readUnits)
                : Authorizer.baseline(implementation, dynamoDbThroughProxy, PowertoolsAuthorizer.DEFAULT_EXPIRATION,
                dynamoDbCalls, writeUnits, readUnits);
             Downstream downstream = ours ? Downstream.create(aws, Duration.ofSeconds(1)) : null;
             SqsClient sqs = sqs(aws.endpoint(), sqsCalls);
             SnsClient sns = sns(dynamoDbThroughProxy, snsCalls)) {
            // Warm: two batches of other payments first (JIT, connections, the cluster's topology), not counted.
            for (int i = 0; i < 2; i++) {
                authorizer.invoke(Fixture.event(Fixture.purchases(accounts.subList(i * 10, i * 10 + 10), "1.00")));
            }
            if (downstream != null) {
                StreamPublisher publisher = new StreamPublisher(new SnsDecisionPublisher(sns, downstream.topicArn()),
                        new SqsUnpublishableRecords(uncountedSqs, downstream.unpublishableQueueUrl()),
                        new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8), Clock.systemUTC());
                downstream.connect(event -> publisherTime.timeStream(() -> publisher.publish(event)),
                        notifications -> new SQSBatchResponse(List.of()));
                drainOrFail(downstream);
            }
            String queueUrl = queue(implementation);
            SqsEventSourceMapping mapping = new SqsEventSourceMapping(sqs, queueUrl, LocalAws.REGION.id(),
                    mix.batchSize(), Duration.ZERO, event -> authorizerTime.timeBatch(() -> authorizer.invoke(event)));
            long balancesBefore = fixture.balances(everyAccount);
            dynamoDbCalls.reset();
            writeUnits.reset();
            readUnits.reset();
            sqsCalls.reset();
            snsCalls.reset();
            authorizerTime.reset();
            publisherTime.reset();
            RedisCounter.Snapshot redisBefore = redis.snapshot();

            for (String body : deliveries) {
                sqs.sendMessage(request -> request.queueUrl(queueUrl).messageBody(body));
            }
            long emptyReceives = drain(mapping, queueUrl);
            RedisCounter.Delta redisUsed = redis.since(redisBefore);
            if (downstream != null) {
                drainOrFail(downstream);
            }
            check(implementation, fixture.balances(everyAccount) - balancesBefore, readUnits);

            Map<String, Long> sqsRequests = counts(sqsCalls);
            sqsRequests.computeIfPresent("ReceiveMessage", (operation, count) -> count - emptyReceives);
            sqsRequests.remove("GetQueueAttributes");
            List<FunctionUsage> functions = new ArrayList<>();
            functions.add(authorizerTime.usage("authorizer", Stage.AUTHORIZATION, authorizerSettings));
            if (ours) {
                functions.add(publisherTime.usage("publisher", Stage.PUBLICATION, publisherSettings));
            }
            long publishes = snsCalls.of("Publish") + 10L * snsCalls.of("PublishBatch");
            Usage usage = new Usage(implementation.label(), mix.payments(), functions, counts(dynamoDbCalls),
                    writeUnits.total(), readUnits.total(), sqsRequests, publishes, redisUsed.commands(), redisUsed.bytes());
            System.err.printf(Locale.ROOT, "cost: %-30s %d deliveries, %d batch item failures, %s%n", implementation.label(),
                    deliveries.size(), authorizerTime.failures, usage);
            return usage;
        }
    }

    /**
     * The mix's deliveries in the order they are sent: the payments (the hot account's share on
     * one account, the rest round the others), shuffled, each copy somewhere after its original.
     */
    private List<String> deliveries(List<String> accounts, String hot) {
        Random random = new Random(SEED);
        List<String> targets = new ArrayList<>(Collections.nCopies(mix.hotPayments(), hot));
        for (int i = targets.size(); i < mix.payments(); i++) {
            targets.add(accounts.get(i % accounts.size()));
        }
        Collections.shuffle(targets, random);
        List<String> payments = Fixture.purchases(targets, "2.50");
        List<String> deliveries = new ArrayList<>(payments);
        for (int i = 0; i < mix.duplicates(); i++) {
            String original = payments.get(random.nextInt(payments.size()));
            int after = deliveries.indexOf(original) + 1;
            deliveries.add(after + random.nextInt(deliveries.size() - after + 1), original);
        }
        return deliveries;
    }

    /** Polls until the queue holds nothing, visible or in flight; returns the receives that found nothing. */
    private long drain(SqsEventSourceMapping mapping, String queueUrl) {
        Instant deadline = Instant.now().plus(DEADLINE);
        long empty = 0;
        while (Instant.now().isBefore(deadline)) {
            if (mapping.pollOnce().received() > 0) {
                continue;
            }
            empty++;
            if (backlog(queueUrl) == 0) {
                return empty;
            }
            Sleeper.THREAD.pause(Duration.ofMillis(200));
        }
        throw new IllegalStateException("the queue did not drain in " + DEADLINE);
    }

    private int backlog(String queueUrl) {
        Map<QueueAttributeName, String> attributes = uncountedSqs.getQueueAttributes(request -> request.queueUrl(queueUrl)
                .attributeNames(QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES,
                        QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES_NOT_VISIBLE)).attributes();
        return attributes.values().stream().mapToInt(Integer::parseInt).sum();
    }

    private static void drainOrFail(Downstream downstream) {
        if (!downstream.drain(Duration.ofSeconds(60))) {
            throw new IllegalStateException("the idempotency table's stream did not drain into the publisher in 60 s");
        }
    }

    /** Fails the run unless every payment was applied once and every read was priced. */
    private void check(Implementation implementation, long balanceChange, ReadUnits readUnits) {
        long expected = -AMOUNT_MINOR * mix.payments();
        if (balanceChange != expected) {
            throw new IllegalStateException(implementation.label() + " changed the balances by " + balanceChange
                    + " minor units, not " + expected + ": not every payment was applied exactly once");
        }
        if (!readUnits.unpriced().isEmpty()) {
            throw new IllegalStateException(implementation.label() + " made reads the bill cannot price: " + readUnits.unpriced());
        }
    }

    /** A queue of the run's own, with a visibility timeout short enough for a failure to come back within it. */
    private String queue(Implementation implementation) {
        String name = "CostPayments-" + implementation.name() + "-" + UUID.randomUUID().toString().substring(0, 8);
        return uncountedSqs.createQueue(request -> request.queueName(name)
                .attributes(Map.of(QueueAttributeName.VISIBILITY_TIMEOUT, Long.toString(VISIBILITY.toSeconds())))).queueUrl();
    }

    private static SqsClient sqs(URI endpoint, ExecutionInterceptor counter) {
        return SqsClient.builder().endpointOverride(endpoint).region(LocalAws.REGION).credentialsProvider(LocalAws.credentials())
                .httpClientBuilder(UrlConnectionHttpClient.builder())
                .overrideConfiguration(c -> c.addExecutionInterceptor(counter)).build();
    }

    private static SnsClient sns(URI endpoint, ExecutionInterceptor counter) {
        return SnsClient.builder().endpointOverride(endpoint).region(LocalAws.REGION).credentialsProvider(LocalAws.credentials())
                .httpClientBuilder(UrlConnectionHttpClient.builder())
                .overrideConfiguration(c -> c.addExecutionInterceptor(counter)).build();
    }

    private static Map<String, Long> counts(DynamoDbCallCounter counter) {
        Map<String, Long> counts = new TreeMap<>();
        counter.byOperation().forEach((operation, count) -> counts.put(operation, (long) count));
        return counts;
    }

    /** A function's invocations and their durations, each rounded up to the millisecond as Lambda bills them. */
    private static final class Timed {
        private long invocations;
        private long billedMs;
        private long failures;

        SQSBatchResponse timeBatch(Supplier<SQSBatchResponse> invocation) {
            long start = System.nanoTime();
            SQSBatchResponse response = invocation.get();
            record(start);
            failures += response.getBatchItemFailures().size();
            return response;
        }

        StreamsEventResponse timeStream(Supplier<StreamsEventResponse> invocation) {
            long start = System.nanoTime();
            StreamsEventResponse response = invocation.get();
            record(start);
            return response;
        }

        private void record(long start) {
            invocations++;
            billedMs += (System.nanoTime() - start + 999_999) / 1_000_000;
        }

        void reset() {
            invocations = 0;
            billedMs = 0;
            failures = 0;
        }

        FunctionUsage usage(String function, Stage stage, FunctionSettings settings) {
            return new FunctionUsage(function, stage, settings.architecture(), settings.memoryMb(), invocations, billedMs);
        }
    }

    private static String method(TrafficMix mix, FunctionSettings authorizer, FunctionSettings publisher, Duration took) {
        return String.format(Locale.ROOT, "Measured, not typed in: for each implementation %d distinct payments of 2.50 EUR "
                        + "(%d on the hot account, the rest over %d accounts) and %d copies of earlier ones (each sent after "
                        + "its original) are sent to an SQS queue of the local AWS one SendMessage each and drained by the "
                        + "project's SQS event source mapping (batches of %d, a ReceiveMessage and a DeleteMessageBatch each; "
                        + "receives that found the queue empty are left out) into the real handler, behind the latency "
                        + "benchmark's loopback proxies (about 5 ms per DynamoDB call, 1 ms per Redis round trip). Counted: "
                        + "SQS and SNS requests by SDK interceptors, DynamoDB calls and request units from item sizes "
                        + "(`WriteUnits`, `ReadUnits`: 2 per KB per item in a transaction, 1 per KB otherwise, a strongly "
                        + "consistent read 1 per 4 KB), Redis commands and bytes from the node's own counters (ECPUs: 1 per KB "
                        + "transferred, at least 1 per command), each invocation's wall time rounded up to the ms, at "
                        + "template.yaml's MemorySize (authorizer %d MB %s, publisher %d MB %s). Behind ours, the idempotency "
                        + "table's stream drained into the publisher after the run, so its batches are as full as its "
                        + "BatchSize (%d) allows: at a low rate Lambda invokes it more often, with fewer records. The run "
                        + "checks that every payment moved its account once. Durations are this machine's, under the "
                        + "local AWS (which serialises DynamoDB requests), not Lambda's CPU share at that memory; the counts "
                        + "are exact. Whole run: %d s; load average at its end %s.",
                mix.payments(), mix.hotPayments(), ACCOUNTS, mix.duplicates(), mix.batchSize(), authorizer.memoryMb(),
                authorizer.architecture(), publisher.memoryMb(), publisher.architecture(), publisher.batchSize(),
                took.toSeconds(), SectionFile.loadAverage());
    }

    private static <T> T argument(String[] args, int index, String name, Function<String, T> parse, T otherwise) {
        if (args.length <= index || args[index].isBlank()) {
            return otherwise;
        }
        try {
            return parse.apply(args[index].strip());
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("the " + name + " must be a number, was '" + args[index] + "'", e);
        }
    }
}
