package com.example.sim.oracles;

import com.example.receiver.Outcome;
import com.example.receiver.record.IdempotencyRecordAttributes;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * "None decided twice", from both sides of a decision: DynamoDB's truth (a second idempotency
 * record put for a transaction, or any record put for one approved before the run) and the
 * receiver's word (an approval or a decline answered for a transaction it had already answered,
 * or that was approved before the run). A decision the store never recorded is still one the
 * receiver answered: a decline answered twice fails here even when neither was written.
 */
final class DecidedTwice implements Oracle {

    private record First(String status, long at) {
    }

    private final String recordsTable;
    private final RecordedDecisions decided;
    private final List<Violation> violations;
    private final Map<String, First> recorded = new HashMap<>();
    private final Map<String, First> answered = new HashMap<>();

    DecidedTwice(String recordsTable, RecordedDecisions decided, List<Violation> violations) {
        this.recordsTable = recordsTable;
        this.decided = decided;
        this.violations = violations;
    }

    @Override
    public void observe(Event event) {
        switch (event) {
            case Event.Written w when w.write().table().equals(recordsTable) -> twice(recorded, "decided ", "",
                    RecordedDecisions.txn(w.write().after()), w.write().after().get(
                            IdempotencyRecordAttributes.STATUS).s(), w.at());
            case Event.Answered a when a.payment().isPresent() && decision(a.result().outcome()) != null ->
                    twice(answered, "answered ", "answered ", a.payment().get().txnId(), decision(a.result().outcome()), a.at());
            default -> { }
        }
    }

    /** The status an outcome decides: approved or declined now; {@code null} for any other outcome. */
    private static String decision(Outcome outcome) {
        return switch (outcome) {
            case Outcome.Approved a -> "APPROVED";
            case Outcome.Declined d -> "DECLINED";
            case Outcome.Duplicate d -> null;
            case Outcome.Conflict c -> null;
            case Outcome.Rejected r -> null;
            case Outcome.Retry r -> null;
        };
    }

    private void twice(Map<String, First> firsts, String firstHow, String how, String txn, String status, long at) {
        if (decided.isDecidedBefore(txn)) {
            violations.add(new Violation(Violation.DECIDED_TWICE, txn, "approved before the run (its record since"
                    + " expired, its ledger entry kept), then " + how + status + " at " + Oracles.at(at)
                    + ("APPROVED".equals(status) ? "" : " (differently)")));
        }
        First first = firsts.putIfAbsent(txn, new First(status, at));
        if (first != null) {
            violations.add(new Violation(Violation.DECIDED_TWICE, txn, firstHow + first.status() + " at "
                    + Oracles.at(first.at()) + ", then " + how + status + " at " + Oracles.at(at)
                    + (first.status().equals(status) ? "" : " (differently)")));
        }
    }

    @Override
    public void atEnd(End end) {
    }
}
