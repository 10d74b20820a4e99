package com.example.sim.oracles;

import com.example.receiver.record.IdempotencyRecordAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * "Every decision published once", across Regions: each decision recorded (its first idempotency
 * record put, in any Region) reaches the topic of exactly one Region, once, as what the record
 * says. Fed the records table's applied writes (the truth) and each Region's publishes
 * ({@link #published}); a decision published by two Regions, twice by one, never, or as another
 * decision fails it.
 */
public final class PublishedOnceAcrossRegions implements Oracle {

    private record Recorded(String status, long at) {
    }

    private final String recordsTable;
    private final List<Violation> violations;
    private final Map<String, Recorded> recorded = new TreeMap<>();
    private final Map<String, List<String>> publishes = new TreeMap<>();

    PublishedOnceAcrossRegions(String recordsTable, List<Violation> violations) {
        this.recordsTable = recordsTable;
        this.violations = violations;
    }

    /** Region {@code region}'s publisher published {@code txn}'s decision {@code status} to its topic at {@code at}. */
    public void published(String region, String txn, String status, long at) {
        publishes.computeIfAbsent(txn, t -> new ArrayList<>()).add(region + " " + status + " at " + Oracles.at(at));
    }

    @Override
    public void observe(Event event) {
        if (event instanceof Event.Written w && w.write().table().equals(recordsTable) && w.write().before().isEmpty()) {
            recorded.putIfAbsent(RecordedDecisions.txn(w.write().after()),
                    new Recorded(w.write().after().get(IdempotencyRecordAttributes.STATUS).s(), w.at()));
        }
    }

    @Override
    public void atEnd(End end) {
        recorded.forEach((txn, decision) -> {
            List<String> by = publishes.getOrDefault(txn, List.of());
            if (by.isEmpty()) {
                violations.add(new Violation(Violation.PUBLISHED_ONCE, txn, "decided " + decision.status() + " at "
                        + Oracles.at(decision.at()) + ", never published by any Region"));
            } else if (by.size() > 1) {
                violations.add(new Violation(Violation.PUBLISHED_ONCE, txn, "published " + by.size() + " times: " + by));
            } else if (!by.get(0).contains(" " + decision.status() + " at ")) {
                violations.add(new Violation(Violation.PUBLISHED_ONCE, txn, "published as " + by.get(0) + ", recorded "
                        + decision.status()));
            }
        });
        publishes.keySet().stream().filter(txn -> !recorded.containsKey(txn)).forEach(txn -> violations.add(
                new Violation(Violation.PUBLISHED_ONCE, txn, "published " + publishes.get(txn) + ", but no record was written")));
    }
}
