package com.example.sim.oracles;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * "No transaction debited twice": from DynamoDB's truth, a second ledger entry put for a
 * transaction; from the receiver's word, an approval answered for a transaction with no ledger
 * entry (an approval is its ledger entry, written in the same transaction as its record).
 */
final class DebitedTwice implements Oracle {

    private final String ledgerTable;
    private final List<Violation> violations;
    private final Map<String, Integer> debits = new HashMap<>();

    DebitedTwice(String ledgerTable, List<Violation> violations) {
        this.ledgerTable = ledgerTable;
        this.violations = violations;
    }

    @Override
    public void observe(Event event) {
        switch (event) {
            case Event.Written w when w.write().table().equals(ledgerTable) -> {
                String txn = w.write().after().get("sk").s();
                if (debits.merge(txn, 1, Integer::sum) > 1) {
                    violations.add(new Violation(Violation.DEBITED_TWICE, txn, "a second ledger entry at " + Oracles.at(w.at())));
                }
            }
            case Event.Answered a when a.payment().isPresent() && a.result().outcome() instanceof com.example.receiver.Outcome.Approved
                    && !debits.containsKey(a.payment().get().txnId()) -> violations.add(new Violation(Violation.DEBITED_TWICE,
                    a.payment().get().txnId(), "answered APPROVED at " + Oracles.at(a.at()) + " with no ledger entry"));
            default -> { }
        }
    }

    @Override
    public void atEnd(End end) {
    }
}
