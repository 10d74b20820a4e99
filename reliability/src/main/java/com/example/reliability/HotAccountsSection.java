package com.example.reliability;

import java.util.List;
import java.util.Locale;

/**
 * The report's section on hot accounts: ours on few accounts, every batch committed in groups;
 * DynamoDB's capacity throttling there, ours beside the baselines; then many environments on one
 * account, with real transaction conflicts.
 */
final class HotAccountsSection {

    private HotAccountsSection() {
    }

    /** Whether a result ran on fewer accounts than the traffic has: a hot-accounts row. */
    static boolean hot(Result result) {
        return result.scenario().accounts() < ScenarioTraffic.MAX_ACCOUNTS;
    }

    /** Ours on few accounts: every batch committed in groups; then many environments on one account, with real conflicts. */
    static void append(StringBuilder md, List<Result> results) {
        List<Result> hot = results.stream().filter(HotAccountsSection::hot).toList();
        if (hot.isEmpty()) {
            return;
        }
        md.append("\n## Hot accounts (group commit on)\n\n");
        md.append("The same fault points and dependency faults with the payments on ").append(ReliabilityReport.HOT_ACCOUNTS)
                .append(" accounts, so that every batch holds several new payments of one account and commits them in ")
                .append("one transaction (`GROUP_COMMIT`, on by default): a crash after a group's commit, a group's lost ")
                .append("response and a throttled group must leave the same exact balances as one by one.\n\n");
        ResultsTable.append(md, hot.stream().filter(r -> r.scenario().pollers() == 1 && !capacity(r)).toList(), false);
        capacityThrottling(md, hot.stream().filter(HotAccountsSection::capacity).toList());
        List<Result> contended = hot.stream().filter(r -> r.scenario().pollers() > 1).toList();
        if (contended.isEmpty()) {
            return;
        }
        md.append("\n").append(ReliabilityReport.HOT_POLLERS).append(" pollers, each its own execution environment, on ")
                .append("one account, with the moto launcher's transaction conflicts on (a transaction touching an item that ")
                .append("another in-flight transaction holds is cancelled with `TransactionConflict`, as DynamoDB does; each ")
                .append("holds its items ").append(ReliabilityReport.CONFLICT_HOLD.toMillis()).append(" ms): the conflicts are ")
                .append("retried within the invocation, a payment still contended comes back in 1-2 s (`SoonRedelivery`), ")
                .append("and none may reach the DLQ. *Send to decision* runs from a transaction's first send (the producer ")
                .append("keeps at most ").append(QueueConsumption.STREAM_BACKLOG).append(" messages waiting, as a gateway would) ")
                .append("to its record's `processedAt`.\n\n");
        ResultsTable.append(md, contended, false);
        md.append("\n| run | conflicts answered by the launcher | send to decision, median (ms) | p99 (ms) | max (ms) |\n");
        md.append("|---|---:|---:|---:|---:|\n");
        for (Result r : contended) {
            Latency latency = r.sendToDecision().orElse(new Latency(0, 0, 0, 0));
            md.append(String.format(Locale.ROOT, "| %s, %d messages | %d | %.0f | %.0f | %.0f |%n",
                    r.scenario().fault().label(), r.scenario().messages(), r.conflictsAnswered(), latency.p50Ms(),
                    latency.p99Ms(), latency.maxMs()));
        }
    }

    private static boolean capacity(Result result) {
        return result.scenario().fault() == DependencyFault.DYNAMODB_CAPACITY;
    }

    /** The capacity shape of throttling, ours beside the baselines, with how much the launcher throttled. */
    private static void capacityThrottling(StringBuilder md, List<Result> rows) {
        if (rows.isEmpty()) {
            return;
        }
        md.append("\nDynamoDB throttling in its other shape, capacity, on the same ").append(ReliabilityReport.HOT_ACCOUNTS)
                .append(" accounts, ours beside the baselines: every table admits ").append(DependencyFaults.WRITE_UNITS_PER_SECOND)
                .append(" write units a second (a bucket refilled continuously, holding one second's units; a transactional ")
                .append("write of a small item costs 2, a standard one 1), until half of the messages have been handled, and the ")
                .append("moto launcher refuses the excess as DynamoDB refuses it: a transaction is cancelled with ")
                .append("`ThrottlingError` at the throttled items (the SDK does not retry it), a single write fails with ")
                .append("`ThrottlingException`. The bursts above throttle whatever the load; capacity comes back as the ")
                .append("load falls, so waiting relieves it. Ours waits in the invocation (jittered exponential back-off, a ")
                .append("group tried again whole), then brings the message back in seconds, later at each receive; none may ")
                .append("reach the DLQ. The baselines' writes are the same Powertools calls as in the rows above.\n\n");
        ResultsTable.append(md, rows, false);
        md.append("\n| run | implementation | requests throttled by the launcher | deliveries (redeliveries included) |\n")
                .append("|---|---|---:|---:|\n");
        for (Result r : rows) {
            md.append(String.format(Locale.ROOT, "| %s, %d messages | %s | %d | %d |%n", r.scenario().fault().label(),
                    r.scenario().messages(), r.scenario().implementation().label(), r.throttled(), r.deliveries()));
        }
    }
}
