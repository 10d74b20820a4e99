package com.example.sim.oracles;

import com.example.receiver.Outcome;
import com.example.sim.workload.Payment;
import java.util.List;

/**
 * "0 false conflicts", while two versions decide the same payments: a conflict answered for a
 * payment no producer contested (one operation under its transaction id, however many copies) is
 * a version reading the other's record as another operation's (its fingerprint computed
 * differently, or its record misread). A copy of a payment the other version decided must be a
 * duplicate.
 */
final class NoFalseConflict implements Oracle {

    private final List<Violation> violations;

    NoFalseConflict(List<Violation> violations) {
        this.violations = violations;
    }

    @Override
    public void observe(Event event) {
        if (event instanceof Event.Answered a && a.result().outcome() instanceof Outcome.Conflict conflict
                && a.payment().filter(payment -> !payment.conflicting()).isPresent()) {
            Payment payment = a.payment().get();
            violations.add(new Violation(Violation.FALSE_CONFLICT, payment.txnId(), "answered a conflict at " + Oracles.at(a.at())
                    + " for a payment no producer contested (stored " + conflict.stored().hex() + ", received "
                    + conflict.received().hex() + ")"));
        }
    }

    @Override
    public void atEnd(End end) {
    }
}
