package com.example.sim.oracles;

import com.example.sim.workload.SentMessages;
import com.example.sim.workload.Workload;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The oracles of a run, each in a file of its own, fed the same typed {@link Event}s in the order
 * the run makes them: the receiver's answers and the models' truth (every transaction DynamoDB
 * decided and every write it applied, every message that left a queue without a consumer's delete), then the tables and queues as the
 * run ends. Their failures go to one list, in the order they are found.
 */
public final class Oracles {

    /** The names of the run's tables: the idempotency records, the accounts, the ledger. */
    public record Tables(String records, String accounts, String ledger) {
    }

    private final List<Violation> violations = new ArrayList<>();
    private final RecordedDecisions recorded;
    private final HandedBack handedBack;
    private final List<Oracle> oracles = new ArrayList<>();
    private final String recordsTable;

    /**
     * @param maxAge the receiver's age bound ({@code MAX_MESSAGE_AGE_SECONDS}), or none
     * @param slack  how long after meeting a message the receiver may answer it, its clock skew allowed:
     *               the skew and the function's timeout
     */
    public Oracles(Workload workload, SentMessages sent, Tables tables, Optional<Duration> maxAge, Duration slack) {
        this.recorded = new RecordedDecisions(workload);
        this.handedBack = new HandedBack(sent, maxAge);
        this.oracles.addAll(List.of(
                new DebitedTwice(tables.ledger(), violations),
                new DecidedTwice(tables.records(), recorded, violations),
                new PassingFailuresDeadLetterNothing(recorded, violations),
                new NoneLost(workload, recorded, handedBack, violations),
                new Balances(workload, tables, violations),
                new NoGoodPaymentInTheDlq(sent, handedBack, violations),
                new NothingDecidedPastItsAge(sent, maxAge, slack, violations),
                new NothingStuck(sent, recorded, violations)));
        this.recordsTable = tables.records();
    }

    /**
     * The oracles of two versions deciding the same payments, after the others: "0 false
     * conflicts", and "every record readable by both" by {@code readers} (what each version reads
     * of a record, by version; empty where it cannot).
     */
    public void twoVersions(Function<Map<String, AttributeValue>, Map<String, Optional<String>>> readers) {
        oracles.add(new NoFalseConflict(violations));
        oracles.add(new ReadableByBoth(recordsTable, readers, violations));
    }

    /**
     * The oracle "every decision published once" across Regions, after the others: the runs across
     * Regions feed it each Region's publishes.
     */
    public PublishedOnceAcrossRegions publishedOnceAcrossRegions() {
        PublishedOnceAcrossRegions oracle = new PublishedOnceAcrossRegions(recordsTable, violations);
        oracles.add(oracle);
        return oracle;
    }

    /** {@code txn} was approved before the run: a record written for it in the run decides it again. */
    public void decidedBefore(String txn) {
        recorded.decidedBefore(txn);
    }

    /** One fact of the run, to every oracle; a record put is a decision DynamoDB holds from now on. */
    public void observe(Event event) {
        handedBack.observe(event);
        oracles.forEach(oracle -> oracle.observe(event));
        if (event instanceof Event.Written w && w.write().table().equals(recordsTable)) {
            recorded.recorded(RecordedDecisions.txn(w.write().after()), w.write().after(), w.at());
        }
    }

    /** The checks of the run's end, in the oracles' order. */
    public void atEnd(Oracle.End end) {
        oracles.forEach(oracle -> oracle.atEnd(end));
    }

    public List<Violation> violations() {
        return violations;
    }

    /** Whether {@code txn} is decided: a record put in the run, or a decision before it. */
    public boolean decided(String txn) {
        return recorded.decided(txn);
    }

    public Map<String, RecordedDecisions.Decision> decisions() {
        return recorded.decisions();
    }

    /** The good payments' decision latencies, by when they were sent. */
    public Latencies latencies() {
        return recorded.latencies();
    }

    public static String at(long micros) {
        Duration d = Duration.ofNanos(micros * 1000);
        return String.format("%dd%02dh%02dm%02ds", d.toDays(), d.toHoursPart(), d.toMinutesPart(), d.toSecondsPart());
    }

    public static long balance(Map<String, AttributeValue> account) {
        return Long.parseLong(account.get("balanceMinor").n());
    }
}
