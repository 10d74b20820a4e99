package com.example.bench.endtoend;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.example.bench.report.SectionFile;
import com.example.lambdafakes.VirtualClock;
import com.example.localaws.DynamoDbCallCounter;
import com.example.localaws.LocalAws;
import com.example.localaws.Sleeper;
import com.example.reliability.Implementation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Round trips and write units per message kind, ours vs the Powertools baseline, on the local AWS
 * without added delay: for each kind one batch of 10 messages on 10 accounts, counted by
 * {@link DynamoDbCallCounter} (DynamoDB calls by operation), {@link WriteUnits} and
 * {@link RedisCounter}. Writes the section {@code 10-round-trips}.
 */
public final class RoundTrips {

    /** The baseline's record window here: short, so that its late duplicate can be shown in seconds. */
    static final Duration BASELINE_WINDOW = Duration.ofSeconds(3);
    static final int BATCH = 10;
    static final String SECTION = "10-round-trips";

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
        List<String> rich = Fixture.accounts("ACC-RICH", BATCH);
        List<String> poor = Fixture.accounts("ACC-POOR", BATCH);
        List<String> hot = Fixture.accounts("ACC-HOT", 1);
        fixture.open(rich, Fixture.RICH);
        fixture.open(hot, Fixture.RICH);
        fixture.open(poor, 100);
        DynamoDbCallCounter calls = new DynamoDbCallCounter();
        WriteUnits units = new WriteUnits(reader);
        VirtualClock clock = VirtualClock.aheadOfSystem();
        List<Row> rows = new ArrayList<>();
        try (Authorizer authorizer = implementation == Implementation.RECEIVER
                ? Authorizer.ours(aws, aws.endpoint(), aws.redis().endpoint(), clock, BATCH, calls, units)
                : Authorizer.baseline(aws.endpoint(), BASELINE_WINDOW, calls, units)) {
            authorizer.invoke(Fixture.event(Fixture.purchases(rich, "1.00")));
            List<String> approved = Fixture.purchases(rich, "12.50");
            rows.add(measure(implementation, Kind.NEW_APPROVED, authorizer, approved, rich, calls, units));
            rows.add(measure(implementation, Kind.NEW_ONE_ACCOUNT, authorizer,
                    Fixture.purchases(Collections.nCopies(BATCH, hot.getFirst()), "3.75"), hot, calls, units));
            rows.add(measure(implementation, Kind.DECLINED, authorizer, Fixture.purchases(poor, "50.00"), poor, calls, units));
            rows.add(measure(implementation, Kind.FAST_PATH_DUPLICATE, authorizer, approved, rich, calls, units));
            aws.redis().flushAll();
            rows.add(measure(implementation, Kind.STORE_DUPLICATE, authorizer, approved, rich, calls, units));
            if (implementation == Implementation.RECEIVER) {
                clock.advance(Duration.ofDays(31));
            } else {
                Sleeper.THREAD.pause(BASELINE_WINDOW.plusMillis(1_500));
            }
            aws.redis().flushAll();
            rows.add(measure(implementation, Kind.LATE_DUPLICATE, authorizer, approved, rich, calls, units));
        }
        return rows;
    }

    private Row measure(Implementation implementation, Kind kind, Authorizer authorizer, List<String> bodies,
                        List<String> accounts, DynamoDbCallCounter calls, WriteUnits units) {
        long balanceBefore = fixture.balances(accounts);
        calls.reset();
        units.reset();
        RedisCounter.Snapshot before = redis.snapshot();
        SQSBatchResponse response = authorizer.invoke(Fixture.event(bodies));
        RedisCounter.Delta delta = redis.since(before);
        Map<String, Integer> byOperation = calls.byOperation();
        int messages = bodies.size();
        return new Row(implementation.label(), kind.label, messages, byOperation,
                (double) calls.total() / messages, (double) units.total() / messages, units.largestItem(),
                delta.roundTrips(), delta.commands(), response.getBatchItemFailures().size(),
                fixture.balances(accounts) - balanceBefore);
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
