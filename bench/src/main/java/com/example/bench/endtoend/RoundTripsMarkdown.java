package com.example.bench.endtoend;

import com.example.bench.report.SectionFile;
import com.example.reliability.Implementation;
import com.example.reliability.chart.XyChart;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The round-trips section: a table per implementation, then where each goal lands. */
final class RoundTripsMarkdown {

    static final String WRITE_UNITS_SOURCE = "computed from item sizes (moto returns no ConsumedCapacity for "
            + "TransactWriteItems): 1 WCU per started KB per written item, 2 per KB per item in a transaction, "
            + "failed conditions and cancelled transactions counted as charged";

    static final String GOAL_NEW = "a new message: 1 DynamoDB call";
    static final String GOAL_FAST = "a fast-path duplicate: 0 DynamoDB calls";
    static final String GOAL_STORE = "a store duplicate: 1 DynamoDB call (no follow-up read)";
    static final String GOAL_REDIS = "a batch of 10 new messages: 2 Redis round trips";
    static final String GOAL_HALF = "a new message: at most half the baseline's DynamoDB calls";
    static final String GOAL_HOT_CALLS = "10 new messages on one account: 1 DynamoDB call for the batch";
    static final String GOAL_HOT_UNITS = "10 new messages on one account: at most 4.5 WCU per message";

    private RoundTripsMarkdown() {
    }

    static Map<String, Boolean> goals(List<RoundTrips.Row> rows) {
        RoundTrips.Row newOurs = row(rows, Implementation.RECEIVER, RoundTrips.Kind.NEW_APPROVED);
        RoundTrips.Row newBaseline = row(rows, Implementation.POWERTOOLS, RoundTrips.Kind.NEW_APPROVED);
        Map<String, Boolean> goals = new LinkedHashMap<>();
        goals.put(GOAL_NEW, newOurs.dynamoDbCallsPerMessage() == 1.0);
        goals.put(GOAL_FAST, row(rows, Implementation.RECEIVER, RoundTrips.Kind.FAST_PATH_DUPLICATE).dynamoDbCallsPerMessage() == 0.0);
        goals.put(GOAL_STORE, row(rows, Implementation.RECEIVER, RoundTrips.Kind.STORE_DUPLICATE).dynamoDbCallsPerMessage() == 1.0);
        goals.put(GOAL_REDIS, newOurs.redisRoundTripsPerBatch() == 2);
        goals.put(GOAL_HALF, newOurs.dynamoDbCallsPerMessage() <= newBaseline.dynamoDbCallsPerMessage() / 2);
        RoundTrips.Row hotOurs = row(rows, Implementation.RECEIVER, RoundTrips.Kind.NEW_ONE_ACCOUNT);
        goals.put(GOAL_HOT_CALLS, hotOurs.dynamoDbCallsPerMessage() * hotOurs.messages() == 1.0);
        goals.put(GOAL_HOT_UNITS, hotOurs.writeUnitsPerMessage() <= 4.5);
        return goals;
    }

    static String render(List<RoundTrips.Row> rows, Map<String, Boolean> goals) {
        StringBuilder md = new StringBuilder();
        md.append("## Round trips and write units per message kind\n\n");
        md.append("`make bench-round-trips`: for each kind, one batch of ").append(RoundTrips.BATCH)
                .append(" messages on ").append(RoundTrips.BATCH)
                .append(" accounts (one account where the kind says so), drawn by the one traffic generator (testing/payment-traffic), "
                        + "through the real receiver (ours as its handler decides a batch), warm, against the local AWS (moto "
                        + "launcher + the one-node TLS Redis Cluster, no added delay); every run judged by the generator's "
                        + "reference model (balances, ledger rows, idempotency records and ours' decisions; the baseline's before "
                        + "its late duplicate, which it does not recognise). DynamoDB calls are counted by an SDK `ExecutionInterceptor` "
                        + "(`DynamoDbCallCounter`, one per API call whatever the SDK retried); Redis round trips and "
                        + "commands from the Redis node's own `INFO stats` (`total_reads_processed`) and "
                        + "`INFO commandstats` deltas. Write units are ")
                .append(WRITE_UNITS_SOURCE).append(". The baseline has no fast path: its \"fast path\" row is the same "
                        + "redelivery, answered by its store; its records are kept ")
                .append(RoundTrips.BASELINE_WINDOW.toSeconds())
                .append(" s here (1 h by default) so its late duplicate shows in seconds; ours moves its clock 31 days "
                        + "(past the 30-day record TTL). Counts are exact, one run is enough: they do not vary.\n\n");
        md.append("| implementation | message kind | DynamoDB calls / message | by operation (per message) | WCU / message "
                + "| Redis round trips / batch | Redis commands / batch | batch item failures | balance change (minor units) |\n");
        md.append("|---|---|---:|---|---:|---:|---|---:|---:|\n");
        for (RoundTrips.Row row : rows) {
            md.append("| ").append(row.implementation())
                    .append(" | ").append(row.kind())
                    .append(" | ").append(SectionFile.number(row.dynamoDbCallsPerMessage(), 1))
                    .append(" | ").append(RoundTrips.operations(row.dynamoDbCalls(), row.messages()))
                    .append(" | ").append(SectionFile.number(row.writeUnitsPerMessage(), 1))
                    .append(" | ").append(row.redisRoundTripsPerBatch())
                    .append(" | ").append(commands(row.redisCommandsPerBatch()))
                    .append(" | ").append(row.batchItemFailures())
                    .append(" | ").append(row.balanceChangeMinor())
                    .append(" |\n");
        }
        md.append('\n').append(chart(rows));
        RoundTrips.Row newOurs = row(rows, Implementation.RECEIVER, RoundTrips.Kind.NEW_APPROVED);
        RoundTrips.Row newBaseline = row(rows, Implementation.POWERTOOLS, RoundTrips.Kind.NEW_APPROVED);
        RoundTrips.Row lateBaseline = row(rows, Implementation.POWERTOOLS, RoundTrips.Kind.LATE_DUPLICATE);
        md.append("\nRatios: a new message costs ours ")
                .append(SectionFile.number(newOurs.dynamoDbCallsPerMessage(), 1)).append(" DynamoDB call(s) and the baseline ")
                .append(SectionFile.number(newBaseline.dynamoDbCallsPerMessage(), 1)).append(" (")
                .append(SectionFile.number(newOurs.dynamoDbCallsPerMessage() / newBaseline.dynamoDbCallsPerMessage(), 2))
                .append("x); write units ").append(SectionFile.number(newOurs.writeUnitsPerMessage(), 1)).append(" vs ")
                .append(SectionFile.number(newBaseline.writeUnitsPerMessage(), 1)).append(" (")
                .append(SectionFile.number(newOurs.writeUnitsPerMessage() / newBaseline.writeUnitsPerMessage(), 2))
                .append("x: the transaction pays 2 WCU per item for its atomicity). Largest item written: ")
                .append(rows.stream().mapToInt(RoundTrips.Row::largestItemBytes).max().orElse(0))
                .append(" bytes (every item under 1 KB). The baseline's late duplicate changed its accounts' balances by ")
                .append(lateBaseline.balanceChangeMinor())
                .append(" minor units: with its record expired it debits again; ours answers it from the ledger row.");
        RoundTrips.Row hotOurs = row(rows, Implementation.RECEIVER, RoundTrips.Kind.NEW_ONE_ACCOUNT);
        RoundTrips.Row hotBaseline = row(rows, Implementation.POWERTOOLS, RoundTrips.Kind.NEW_ONE_ACCOUNT);
        md.append(" On one account, ours commits the batch's ten payments together (group commit): ")
                .append(SectionFile.number(hotOurs.dynamoDbCallsPerMessage() * hotOurs.messages(), 0))
                .append(" DynamoDB call for the batch (ten records, one account update with the summed amount, ten ledger "
                        + "rows) against ").append(SectionFile.number(hotBaseline.dynamoDbCallsPerMessage() * hotBaseline.messages(), 0))
                .append(" for the baseline, and ").append(SectionFile.number(hotOurs.writeUnitsPerMessage(), 1))
                .append(" WCU per payment against ").append(SectionFile.number(newOurs.writeUnitsPerMessage(), 1))
                .append(" on ten accounts (the account item is written once for ten).\n\n");
        md.append("| goal | result |\n|---|---|\n");
        goals.forEach((goal, met) -> md.append("| ").append(goal).append(" | ").append(SectionFile.verdict(met)).append(" |\n"));
        md.append('\n');
        return md.toString();
    }

    /**
     * DynamoDB calls per message by kind, ours as bars and the baseline as a line (a line hides
     * nothing where the two are equal), over the kinds ours was measured on, in its order.
     */
    static String chart(List<RoundTrips.Row> rows) {
        List<RoundTrips.Kind> kinds = rows.stream()
                .filter(r -> r.implementation().equals(Implementation.RECEIVER.label()))
                .map(r -> RoundTrips.Kind.labelled(r.kind()))
                .toList();
        return XyChart.of("DynamoDB calls per message, by message kind", "calls / message",
                        kinds.stream().map(kind -> kind.chartLabel).toList())
                .bar("ours", kinds.stream().map(kind -> row(rows, Implementation.RECEIVER, kind).dynamoDbCallsPerMessage()).toList())
                .line("Powertools baseline",
                        kinds.stream().map(kind -> row(rows, Implementation.POWERTOOLS, kind).dynamoDbCallsPerMessage()).toList())
                .markdown();
    }

    private static String commands(Map<String, Long> commands) {
        if (commands.isEmpty()) {
            return "–";
        }
        return commands.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "));
    }

    private static RoundTrips.Row row(List<RoundTrips.Row> rows, Implementation implementation, RoundTrips.Kind kind) {
        return rows.stream()
                .filter(r -> r.implementation().equals(implementation.label()) && r.kind().equals(kind.label))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no row for " + implementation + " " + kind));
    }
}
