package com.example.bench.endtoend;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
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
import com.example.bench.judge.ReferenceJudge;
import com.example.bench.report.SectionFile;
import com.example.lambdafakes.VirtualClock;
import com.example.localaws.LocalAws;
import com.example.localaws.ProjectRoot;
import com.example.localaws.mapping.SqsEventSourceMapping;
import com.example.localaws.proxy.LoopbackProxy;
import com.example.localpayments.downstream.Downstream;
import com.example.payment.events.SnsDecisionPublisher;
import com.example.payment.events.SqsUnpublishableRecords;
import com.example.payment.events.StreamPublisher;
import com.example.paymenttraffic.Send;
import com.example.paymenttraffic.Traffic;
import com.example.paymenttraffic.TrafficProfile;
import com.example.receiver.testkit.DynamoDbCallCounter;
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
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * The bill of a million payments ({@code make cost}), from what a small run measures: for ours and
 * each Powertools baseline, a {@link TrafficMix} of payments and duplicates, drawn by the one
 * traffic generator and judged by its reference model ({@link ReferenceJudge}), is sent to an SQS
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
    /** The accounts the payments that are not on the hot one go to in turn. */
    static final int ACCOUNTS = 50;
    /** Every payment is 2.50 EUR. */
    static final long AMOUNT_MINOR = 250;
    private static final String NAME = "COST";
    private static final long SEED = 23;

    private final LocalAws aws;
    private final Fixture fixture;
    private final URI dynamoDbThroughProxy;
    private final String redisThroughProxy;
    private final RedisCounter redis;
    private final CostQueue queues;
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
        this.queues = new CostQueue(aws.sqs());
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
            Traffic traffic = traffic(mix);
            long hot = traffic.payments().stream().filter(payment -> payment.accountId().equals(traffic.accounts().getFirst().id()))
                    .count();
            String markdown = CostMarkdown.render(mix, prices, bills, CostMethod.text(mix, hot, ACCOUNTS, authorizer, publisher,
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
        Traffic traffic = traffic(mix);
        Traffic warm = Traffic.generate(TrafficProfile.named(NAME + "-WARM").onAccountsOf(NAME)
                .richAccounts(ACCOUNTS + 1, Fixture.RICH).payments(2 * 10, 100, 100).accountsInTurn().inPaymentOrder(), SEED);
        fixture.open(traffic.accounts());
        ReferenceJudge judge = new ReferenceJudge(traffic.accounts());

        DynamoDbCallCounter dynamoDbCalls = new DynamoDbCallCounter();
        WriteUnits writeUnits = new WriteUnits(aws.dynamoDb());
        ReadUnits readUnits = new ReadUnits();
        DynamoDbCallCounter sqsCalls = new DynamoDbCallCounter();
        DynamoDbCallCounter snsCalls = new DynamoDbCallCounter();
        InvocationTimes authorizerTime = new InvocationTimes();
        InvocationTimes publisherTime = new InvocationTimes();
        boolean ours = implementation == Implementation.RECEIVER;
        try (Authorizer authorizer = ours
                ? Authorizer.ours(aws, dynamoDbThroughProxy, redisThroughProxy, VirtualClock.aheadOfSystem(),
                BatchLatency.TEMPLATE_CONCURRENCY, judge::decided, dynamoDbCalls, writeUnits, readUnits)
                : Authorizer.baseline(implementation, dynamoDbThroughProxy, PowertoolsAuthorizer.DEFAULT_EXPIRATION,
                dynamoDbCalls, writeUnits, readUnits);
             Downstream downstream = ours ? Downstream.create(aws, Duration.ofSeconds(1)) : null;
             SqsClient sqs = CostQueue.sqs(aws.endpoint(), sqsCalls);
             SnsClient sns = CostQueue.sns(dynamoDbThroughProxy, snsCalls)) {
            // Warm: two batches of other payments first (JIT, connections, the cluster's topology), not counted.
            for (int i = 0; i < 2; i++) {
                List<Send> batch = warm.sends().subList(i * 10, i * 10 + 10);
                judge.sent(implementation, batch);
                authorizer.invoke(Fixture.event(batch));
            }
            if (downstream != null) {
                StreamPublisher publisher = new StreamPublisher(new SnsDecisionPublisher(sns, downstream.topicArn()),
                        new SqsUnpublishableRecords(aws.sqs(), downstream.unpublishableQueueUrl()),
                        new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8), Clock.systemUTC());
                downstream.connect(event -> publisherTime.timeStream(() -> publisher.publish(event)),
                        notifications -> new SQSBatchResponse(List.of()));
                drainOrFail(downstream);
            }
            String queueUrl = queues.create(implementation.name());
            SqsEventSourceMapping mapping = new SqsEventSourceMapping(sqs, queueUrl, LocalAws.REGION.id(),
                    mix.batchSize(), Duration.ZERO, event -> authorizerTime.timeBatch(() -> authorizer.invoke(event)));
            dynamoDbCalls.reset();
            writeUnits.reset();
            readUnits.reset();
            sqsCalls.reset();
            snsCalls.reset();
            authorizerTime.reset();
            publisherTime.reset();
            RedisCounter.Snapshot redisBefore = redis.snapshot();

            judge.sent(implementation, traffic.sends());
            for (Send send : traffic.sends()) {
                sqs.sendMessage(request -> request.queueUrl(queueUrl).messageBody(send.body()));
            }
            long emptyReceives = queues.drain(mapping, queueUrl);
            RedisCounter.Delta redisUsed = redis.since(redisBefore);
            if (downstream != null) {
                drainOrFail(downstream);
            }
            judge.judge("cost, " + implementation.label(), fixture.tables());
            if (!readUnits.unpriced().isEmpty()) {
                throw new IllegalStateException(implementation.label() + " made reads the bill cannot price: " + readUnits.unpriced());
            }

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
                    traffic.sends().size(), authorizerTime.failures(), usage);
            return usage;
        }
    }

    /** The mix as the one generator draws it: the hot account first, then {@value #ACCOUNTS} others. */
    private static Traffic traffic(TrafficMix mix) {
        return Traffic.generate(mix.profile(NAME, ACCOUNTS + 1, Fixture.RICH, AMOUNT_MINOR), SEED);
    }

    private static void drainOrFail(Downstream downstream) {
        if (!downstream.drain(Duration.ofSeconds(60))) {
            throw new IllegalStateException("the idempotency table's stream did not drain into the publisher in 60 s");
        }
    }

    private static Map<String, Long> counts(DynamoDbCallCounter counter) {
        Map<String, Long> counts = new TreeMap<>();
        counter.byOperation().forEach((operation, count) -> counts.put(operation, (long) count));
        return counts;
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
