package com.example.sim.oracles;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * "Every record readable by both versions": each idempotency record either version writes is read
 * by each version's own record reader as it is written, and both read the same decision and
 * fingerprint from it. A record one version cannot read is a payment that version would answer
 * with a retry, never a duplicate, for as long as the record lives.
 */
final class ReadableByBoth implements Oracle {

    private final String recordsTable;
    private final Function<Map<String, AttributeValue>, Map<String, Optional<String>>> readers;
    private final List<Violation> violations;

    /** @param readers what each version reads of a record, by version; empty where it cannot read it */
    ReadableByBoth(String recordsTable, Function<Map<String, AttributeValue>, Map<String, Optional<String>>> readers,
                   List<Violation> violations) {
        this.recordsTable = recordsTable;
        this.readers = readers;
        this.violations = violations;
    }

    @Override
    public void observe(Event event) {
        if (!(event instanceof Event.Written w) || !w.write().table().equals(recordsTable)) {
            return;
        }
        Map<String, Optional<String>> read = readers.apply(w.write().after());
        String txn = RecordedDecisions.txn(w.write().after());
        read.forEach((version, stored) -> {
            if (stored.isEmpty()) {
                violations.add(new Violation(Violation.READABLE_BY_BOTH, txn, "its record written at " + Oracles.at(w.at())
                        + " cannot be read by " + version + ": " + new java.util.TreeMap<>(w.write().after()).keySet()));
            }
        });
        if (read.values().stream().allMatch(Optional::isPresent) && read.values().stream().distinct().count() > 1) {
            violations.add(new Violation(Violation.READABLE_BY_BOTH, txn, "the versions read its record differently: " + read));
        }
    }

    @Override
    public void atEnd(End end) {
    }
}
