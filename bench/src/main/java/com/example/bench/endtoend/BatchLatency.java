package com.example.bench.endtoend;

import com.example.bench.judge.ReferenceJudge;
import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.example.bench.report.SectionFile;
import com.example.lambdafakes.VirtualClock;
import com.example.localaws.LocalAws;
import com.example.localaws.LocalTls;
import com.example.localaws.proxy.LoopbackProxy;
import com.example.payment.AccountAttributes;
import com.example.paymenttraffic.Account;
import com.example.paymenttraffic.Send;
import com.example.paymenttraffic.Traffic;
import com.example.paymenttraffic.TrafficProfile;
import com.example.reliability.Implementation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Batch latency with network delay, ours vs the Powertools baseline vs the floor: a
 * {@link LoopbackProxy} in front of the moto launcher holds every chunk {@link #DYNAMODB_HOP}
 * each way, one in front of the Redis Cluster's node (announced by it) {@link #REDIS_HOP} each way; batches of 10 new messages
 * on 10 accounts and on 1 account (drawn by the one traffic generator; the run judged by its
 * reference model, {@link ReferenceJudge}), {@value #WARMUP} warm-up batches then {@value #MEASURED}
 * measured ones each, first with the proxies passing bytes unchanged (the local processing), then
 * delaying. The delay each round trip adds is measured through the same proxies (a GetItem, a
 * PING, with and without delay); the floor is the local processing plus the delay of the round
 * trips the batch cannot avoid. Writes the section {@code 20-batch-latency}.
 */
public final class BatchLatency {

    /** Per chunk, each way: about 5 ms a DynamoDB call when request and answer are a chunk each. */
    static final Duration DYNAMODB_HOP = Duration.ofNanos(2_500_000);
    static final Duration REDIS_HOP = Duration.ofNanos(500_000);
    static final int WARMUP = 5;
    static final int MEASURED = 25;
    static final int BATCH = 10;
    /** template.yaml's default InFunctionConcurrency. */
    static final int TEMPLATE_CONCURRENCY = 8;
    static final String SECTION = "20-batch-latency";
    private static final long SEED = 20;

    /**
     * One configuration measured: batch times in ms without and with the delay, and its floor
     * (the median without delay plus the delay of the round trips it cannot avoid).
     */
    record Run(String name, String chartLabel, String implementation, int accounts, Distribution noDelayMs,
               Distribution delayedMs, double floorMs) {
    }

    /** The section's figures. */
    record Figures(double dynamoDbHopMs, double redisHopMs, Distribution dynamoDbRttMs, Distribution redisRttMs,
                   Distribution dynamoDbRttNoDelayMs, Distribution redisRttNoDelayMs, double addedDynamoDbMs,
                   double addedRedisMs, List<Run> runs, Map<String, Boolean> goals, String loadAverage, String awsScheme) {
    }

    /**
     * {@code chartLabel}: the configuration's name on the chart's axis, short enough to stay
     * legible; {@code traffic}: its batches, one after another, in turn over its accounts.
     */
    private record Configuration(String name, String chartLabel, Implementation implementation,
                                 Supplier<Authorizer> start, Traffic traffic) {

        int accounts() {
            return traffic.accounts().size();
        }
    }

    /** Measures every configuration, or with {@value SectionFile#FROM_SAVED_FIGURES} writes the section again from the saved figures. */
    public static void main(String[] args) {
        if (args.length == 1 && args[0].equals(SectionFile.FROM_SAVED_FIGURES)) {
            SectionFile.figures(SECTION, Figures.class).ifPresentOrElse(
                    figures -> SectionFile.write(SECTION, BatchLatencyMarkdown.render(figures), figures),
                    () -> System.err.println("bench-report: no saved figures for " + SECTION + ", left as it is"));
            return;
        }
        try (LocalAws aws = LocalAws.start();
             LoopbackProxy dynamoDb = aws.proxyToAws();
             LoopbackProxy redis = LoopbackProxy.start(aws.redis().port())) {
            // The cluster's one node announces the proxy: the cluster client, which learns the
            // nodes from CLUSTER SLOTS, then reaches the node only through the proxy (its delay).
            aws.redis().announce(aws.redis().node(0), redis.port());
            Fixture fixture = new Fixture(aws);
            fixture.reset();
            List<Account> accounts = new ArrayList<>(traffic(0, BATCH).accounts());
            accounts.addAll(traffic(0, 1).accounts());
            fixture.open(accounts);
            ReferenceJudge judge = new ReferenceJudge(accounts);
            VirtualClock clock = VirtualClock.aheadOfSystem();
            Supplier<Authorizer> ours = () -> Authorizer.ours(aws, dynamoDb.uri(), redis.endpoint(), clock, BATCH, judge::decided);
            Supplier<Authorizer> oursDefault = () -> Authorizer.ours(aws, dynamoDb.uri(), redis.endpoint(), clock, TEMPLATE_CONCURRENCY,
                    judge::decided);
            Supplier<Authorizer> baseline = () -> Authorizer.baseline(dynamoDb.uri(), Duration.ofHours(1));
            List<Configuration> configurations = List.of(
                    new Configuration("ours, MAX_CONCURRENCY 10", "ours c=10, 10 accounts", Implementation.RECEIVER, ours,
                            traffic(1, BATCH)),
                    new Configuration("ours, MAX_CONCURRENCY 8 (template default)", "ours c=8, 10 accounts",
                            Implementation.RECEIVER, oursDefault, traffic(2, BATCH)),
                    new Configuration("Powertools baseline", "baseline, 10 accounts", Implementation.POWERTOOLS, baseline,
                            traffic(3, BATCH)),
                    new Configuration("ours, MAX_CONCURRENCY 10", "ours c=10, 1 account", Implementation.RECEIVER, ours, traffic(4, 1)),
                    new Configuration("Powertools baseline", "baseline, 1 account", Implementation.POWERTOOLS, baseline,
                            traffic(5, 1)));

            Delay delay = new Delay(dynamoDb, redis);
            Pair dynamoDbRtt = delay.interleaved(timed(dynamoDbRoundTrip(dynamoDb, accounts.getLast().id())));
            Pair redisRtt = delay.interleaved(timed(redisRoundTrip(redis, aws.redis().tls())));
            double addedDynamoDb = dynamoDbRtt.delayed().median() - dynamoDbRtt.none().median();
            double addedRedis = redisRtt.delayed().median() - redisRtt.none().median();
            List<Run> runs = new ArrayList<>();
            for (Configuration configuration : configurations) {
                Pair times;
                try (Authorizer authorizer = configuration.start().get()) {
                    times = delay.interleaved(batch(configuration, authorizer, judge));
                }
                // Ours makes one DynamoDB round trip either way: ten transactions in flight together
                // on 10 accounts, one group commit on 1; the baseline's one account is one payment
                // after another, and that is its floor.
                int unavoidableDynamoDb = configuration.accounts() == 1
                        && configuration.implementation() == Implementation.POWERTOOLS ? BATCH : 1;
                double floor = times.none().median() + addedRedis + unavoidableDynamoDb * addedDynamoDb;
                runs.add(new Run(configuration.name(), configuration.chartLabel(), configuration.implementation().label(),
                        configuration.accounts(), times.none(), times.delayed(), floor));
            }
            judge.judge("batch latency", fixture.tables());
            Map<String, Boolean> goals = BatchLatencyMarkdown.goals(runs);
            Figures figures = new Figures(millis(DYNAMODB_HOP), millis(REDIS_HOP), dynamoDbRtt.delayed(), redisRtt.delayed(),
                    dynamoDbRtt.none(), redisRtt.none(), addedDynamoDb, addedRedis, runs, goals, SectionFile.loadAverage(),
                    aws.endpoint().getScheme());
            String markdown = BatchLatencyMarkdown.render(figures);
            SectionFile.write(SECTION, markdown, figures);
            System.out.println(markdown);
        }
    }

    /** The same measurement without and with the delay. */
    private record Pair(Distribution none, Distribution delayed) {
    }

    /** Switches both proxies between passing and delaying. */
    private record Delay(LoopbackProxy dynamoDb, LoopbackProxy redis) {

        void on(boolean delayed) {
            if (delayed) {
                dynamoDb.delay(DYNAMODB_HOP);
                redis.delay(REDIS_HOP);
            } else {
                dynamoDb.pass();
                redis.pass();
            }
        }

        /**
         * {@value #WARMUP} warm-up runs of {@code timed} each way, then {@value #MEASURED} pairs
         * (without, with): interleaved, so that JIT warm-up and the machine's other load fall on
         * both sides alike.
         */
        Pair interleaved(Supplier<Double> timed) {
            List<Double> none = new ArrayList<>();
            List<Double> delayed = new ArrayList<>();
            for (int i = 0; i < WARMUP + MEASURED; i++) {
                on(false);
                double without = timed.get();
                on(true);
                double with = timed.get();
                if (i >= WARMUP) {
                    none.add(without);
                    delayed.add(with);
                }
            }
            on(false);
            return new Pair(Distribution.of(none), Distribution.of(delayed));
        }
    }

    /**
     * The traffic of configuration {@code n}: {@value #BATCH} new purchases of 1.25 EUR a batch, as
     * many batches as {@link Delay#interleaved} times, in turn over {@code accounts} accounts (the
     * configurations on as many accounts share them).
     */
    private static Traffic traffic(int n, int accounts) {
        return Traffic.generate(TrafficProfile.named("LAT-" + n).onAccountsOf(accounts == 1 ? "ONE" : "LAT")
                .richAccounts(accounts, Fixture.RICH).payments(2 * (WARMUP + MEASURED) * BATCH, 125, 125)
                .accountsInTurn().inPaymentOrder(), SEED);
    }

    /**
     * The configuration's next batch of new purchases, timed in ms, fed to the reference model
     * first; every message must be acknowledged.
     */
    private static Supplier<Double> batch(Configuration configuration, Authorizer authorizer, ReferenceJudge judge) {
        Iterator<Send> sends = configuration.traffic().sends().iterator();
        return () -> {
            List<Send> batch = new ArrayList<>();
            while (batch.size() < BATCH) {
                batch.add(sends.next());
            }
            judge.sent(configuration.implementation(), batch);
            var event = Fixture.event(batch);
            long begin = System.nanoTime();
            SQSBatchResponse response = authorizer.invoke(event);
            double elapsed = (System.nanoTime() - begin) / 1e6;
            if (!response.getBatchItemFailures().isEmpty()) {
                throw new IllegalStateException(configuration.name() + ": " + response.getBatchItemFailures().size()
                        + " of a batch of new payments failed; the figures would not be comparable");
            }
            return elapsed;
        };
    }

    /** A GetItem of one account through the proxy: one DynamoDB round trip as the function's client makes it. */
    private static Runnable dynamoDbRoundTrip(LoopbackProxy proxy, String account) {
        DynamoDbClient client = DynamoDbClient.builder()
                .endpointOverride(proxy.uri())
                .region(LocalAws.REGION)
                .credentialsProvider(LocalAws.credentials())
                .httpClient(UrlConnectionHttpClient.create())
                .build();
        return () -> client.getItem(r -> r.tableName(Fixture.ACCOUNTS)
                .key(Map.of(AccountAttributes.PK, AttributeValue.fromS(account))));
    }

    /** A PING through the proxy, over TLS as the function's calls are. */
    private static Runnable redisRoundTrip(LoopbackProxy proxy, LocalTls tls) {
        Jedis jedis = new Jedis(new HostAndPort("127.0.0.1", proxy.port()), tls.clientConfig(Duration.ofSeconds(5)));
        return jedis::ping;
    }

    private static Supplier<Double> timed(Runnable call) {
        return () -> {
            long begin = System.nanoTime();
            call.run();
            return (System.nanoTime() - begin) / 1e6;
        };
    }

    private static double millis(Duration duration) {
        return duration.toNanos() / 1e6;
    }
}
