package com.example.bench.endtoend;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.example.bench.judge.EndTables;
import com.example.bench.judge.ReferenceJudge;
import com.example.bench.report.SectionFile;
import com.example.lambdafakes.VirtualClock;
import com.example.localaws.LocalAws;
import com.example.paymenttraffic.Account;
import com.example.paymenttraffic.Operation;
import com.example.paymenttraffic.Traffic;
import com.example.paymenttraffic.TrafficProfile;
import com.example.receiver.testkit.DynamoDbCallCounter;
import com.example.receiver.testkit.Sleeper;
import com.example.reliability.Implementation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Round trips and write units per message kind, ours vs the Powertools baseline, on the local AWS
 * without added delay: for each kind one batch of 10 messages on 10 accounts, drawn by the one
 * traffic generator and judged by its reference model ({@link ReferenceJudge}), counted by
 * {@link DynamoDbCallCounter} (DynamoDB calls by operation), {@link WriteUnits} and
 * {@link RedisCounter}. Writes the section {@code 10-round-trips}.
 */
public final class RoundTrips {

    /**
     * The baseline's record window here: short, so that its late duplicate can be shown in seconds,
     * and long enough that its duplicates before it still find their records on a loaded machine
     * (at 3 s, under a load average of 13 on 2 cores, its store duplicates were applied again, and
     * the reference model failed the run).
     */
    static final Duration BASELINE_WINDOW = Duration.ofSeconds(15);
    static final int BATCH = 10;
    static final String SECTION = "10-round-trips";
    private static final long SEED = 10;

    /** A message kind: {@code label} in the table, {@code chartLabel} on the chart's axis. */
    enum Kind {
        NEW_APPROVED("new, approved", "new"),
        NEW_ONE_ACCOUNT("new, approved, all 10 on one account", "new, one account"),
        DECLINED("new, declined (insufficient funds)", "new, declined"),
        FAST_PATH_DUPLICATE("duplicate, fast path (redelivered at once)", "duplicate, fast path"),
        STORE_DUPLICATE("duplicate, store (Redis emptied first)", "duplicate, store"),
        LATE_DUPLICATE("duplicate, late (after the record's TTL, Redis emptied)", "duplicate, late");

        final String label;
        final String chartLabel;

        Kind(String label, String chartLabel) {
            this.label = label;
            this.chartLabel = chartLabel;
        }

        /** The kind a row's label names. */
        static Kind labelled(String label) {
            for (Kind kind : values()) {
                if (kind.label.equals(label)) {
                    return kind;
                }
            }
            throw new IllegalArgumentException("no message kind is labelled '" + label + "'");
        }
    }

    /** One kind on one implementation: per message, except Redis (per batch of {@value #BATCH}). */
    record Row(String implementation, String kind, int messages, Map<String, Integer> dynamoDbCalls,
               double dynamoDbCallsPerMessage, double writeUnitsPerMessage, int largestItemBytes,
               long redisRoundTripsPerBatch, Map<String, Long> redisCommandsPerBatch, int batchItemFailures,
               long balanceChangeMinor) {
    }

    /** The section's figures: the rows and where each goal lands. */
    record Figures(String writeUnitsSource, List<Row> rows, Map<String, Boolean> goals) {
    }

    private final LocalAws aws;
    private final Fixture fixture;
    private final RedisCounter redis;
    private final DynamoDbClient reader;

    private RoundTrips(LocalAws aws) {
        this.aws = aws;
        this.fixture = new Fixture(aws);
        this.redis = new RedisCounter(aws.redis().node(0));
        this.reader = aws.dynamoDb();
    }

    /** Measures every kind, or with {@value SectionFile#FROM_SAVED_FIGURES} writes the section again from the saved figures. */
    public static void main(String[] args) {
        if (args.length == 1 && args[0].equals(SectionFile.FROM_SAVED_FIGURES)) {
            SectionFile.figures(SECTION, Figures.class).ifPresentOrElse(
                    figures -> SectionFile.write(SECTION, RoundTripsMarkdown.render(figures.rows(), figures.goals()), figures),
                    () -> System.err.println("bench-report: no saved figures for " + SECTION + ", left as it is"));
            return;
        }
        try (LocalAws aws = LocalAws.start()) {
            RoundTrips bench = new RoundTrips(aws);
            List<Row> rows = new ArrayList<>();
            rows.addAll(bench.run(Implementation.RECEIVER));
            rows.addAll(bench.run(Implementation.POWERTOOLS));
            Map<String, Boolean> goals = RoundTripsMarkdown.goals(rows);
            String markdown = RoundTripsMarkdown.render(rows, goals);
            SectionFile.write(SECTION, markdown, new Figures(RoundTripsMarkdown.WRITE_UNITS_SOURCE, rows, goals));
            System.out.println(markdown);
        }
    }

    private List<Row> run(Implementation implementation) {
        fixture.reset();
        Traffic warm = traffic(TrafficProfile.named("RT-WARM").onAccountsOf("RT-RICH").richAccounts(BATCH, Fixture.RICH), 100);
        Traffic approved = traffic(TrafficProfile.named("RT-NEW").onAccountsOf("RT-RICH").richAccounts(BATCH, Fixture.RICH), 1_250);
        Traffic oneAccount = traffic(TrafficProfile.named("RT-HOT").richAccounts(1, Fixture.RICH), 375);
        // every payment to one of the poor accounts (after the one rich account a profile opens), each holding 1.00 EUR
        Traffic declined = traffic(TrafficProfile.named("RT-POOR").richAccounts(1, Fixture.RICH).poorAccounts(BATCH, 100)
                .mix(0, 1, 0), 5_000);
        List<Account> accounts = new ArrayList<>(approved.accounts());
        accounts.addAll(oneAccount.accounts());
        accounts.addAll(declined.accounts());
        fixture.open(accounts);
        ReferenceJudge judge = new ReferenceJudge(accounts);
        DynamoDbCallCounter calls = new DynamoDbCallCounter();
        WriteUnits units = new WriteUnits(reader);
        VirtualClock clock = VirtualClock.aheadOfSystem();
        List<Row> rows = new ArrayList<>();
        boolean ours = implementation == Implementation.RECEIVER;
        try (Authorizer authorizer = ours
                ? Authorizer.ours(aws, aws.endpoint(), aws.redis().endpoint(), clock, BATCH, judge::decided, calls, units)
                : Authorizer.baseline(aws.endpoint(), BASELINE_WINDOW, calls, units)) {
            judge.sent(implementation, warm.sends());
            authorizer.invoke(Fixture.event(warm.sends()));
            rows.add(measure(implementation, Kind.NEW_APPROVED, authorizer, approved, judge, calls, units));
            rows.add(measure(implementation, Kind.NEW_ONE_ACCOUNT, authorizer, oneAccount, judge, calls, units));
            rows.add(measure(implementation, Kind.DECLINED, authorizer, declined, judge, calls, units));
            rows.add(measure(implementation, Kind.FAST_PATH_DUPLICATE, authorizer, approved, judge, calls, units));
            aws.redis().flushAll();
            rows.add(measure(implementation, Kind.STORE_DUPLICATE, authorizer, approved, judge, calls, units));
            if (ours) {
                clock.advance(Duration.ofDays(31));
                judge.recordsExpired();
            } else {
                // the baseline forgets a payment once its record expired: the model's late duplicate is not its answer
                judge.judge("round trips, " + implementation.label(), fixture.tables());
                Sleeper.THREAD.pause(BASELINE_WINDOW.plusMillis(1_500));
            }
            aws.redis().flushAll();
            rows.add(measure(implementation, Kind.LATE_DUPLICATE, authorizer, approved, judge, calls, units));
            if (ours) {
                judge.judge("round trips, " + implementation.label(), fixture.tables());
            }
        }
        return rows;
    }

    /** One batch of {@value #BATCH} payments of {@code amountMinor}, in turn over the profile's accounts. */
    private static Traffic traffic(TrafficProfile profile, long amountMinor) {
        return Traffic.generate(profile.payments(BATCH, amountMinor, amountMinor).accountsInTurn().inPaymentOrder(), SEED);
    }

    /** Measures one kind's batch on one implementation, its messages first fed to the reference model. */
    private Row measure(Implementation implementation, Kind kind, Authorizer authorizer, Traffic traffic, ReferenceJudge judge,
                        DynamoDbCallCounter calls, WriteUnits units) {
        judge.sent(implementation, traffic.sends());
        List<String> accounts = traffic.payments().stream().map(Operation::accountId).distinct().toList();
        long balanceBefore = balances(accounts);
        calls.reset();
        units.reset();
        RedisCounter.Snapshot before = redis.snapshot();
        SQSBatchResponse response = authorizer.invoke(Fixture.event(traffic.sends()));
        RedisCounter.Delta delta = redis.since(before);
        int messages = traffic.sends().size();
        return new Row(implementation.label(), kind.label, messages, calls.byOperation(),
                (double) calls.total() / messages, (double) units.total() / messages, units.largestItem(),
                delta.roundTrips(), delta.commands(), response.getBatchItemFailures().size(),
                balances(accounts) - balanceBefore);
    }

    private long balances(List<String> accounts) {
        EndTables tables = fixture.tables();
        return accounts.stream().mapToLong(tables::balance).sum();
    }

    static String operations(Map<String, Integer> calls, int messages) {
        if (calls.isEmpty()) {
            return "–";
        }
        return calls.entrySet().stream()
                .map(e -> e.getKey() + " " + SectionFile.number((double) e.getValue() / messages, 1))
                .collect(Collectors.joining(", "));
    }
}
