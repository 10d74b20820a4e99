package com.example.sim.oracles;

import com.example.sim.workload.Payment;
import com.example.sim.workload.Workload;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * "None lost": a good payment (not unreadable, not contested) never decided. Decided by DynamoDB's
 * truth (a record put, or a decision before the run) and by the receiver's word (a decision it
 * answered: an approval, a decline, or a duplicate replaying one); both must hold, unless the
 * payment was handed back to its producer ({@link HandedBack}: a copy refused as too old, past
 * the bound), the end the design gives a payment that waited longer than the bound.
 */
final class NoneLost implements Oracle {

    private final Workload workload;
    private final RecordedDecisions recorded;
    private final HandedBack handedBack;
    private final List<Violation> violations;
    private final Set<String> answered = new HashSet<>();

    NoneLost(Workload workload, RecordedDecisions recorded, HandedBack handedBack, List<Violation> violations) {
        this.workload = workload;
        this.recorded = recorded;
        this.handedBack = handedBack;
        this.violations = violations;
    }

    @Override
    public void observe(Event event) {
        if (event instanceof Event.Answered a && a.payment().isPresent() && a.result().outcome().decision().isPresent()) {
            answered.add(a.payment().get().txnId());
        }
    }

    @Override
    public void atEnd(End end) {
        for (Payment payment : workload.payments()) {
            if (!payment.good() || handedBack.contains(payment.txnId())) {
                continue;
            }
            if (!recorded.decided(payment.txnId())) {
                violations.add(new Violation(Violation.LOST, payment.txnId(), "never decided"));
            } else if (!answered.contains(payment.txnId())) {
                violations.add(new Violation(Violation.LOST, payment.txnId(), "recorded, but no decision of it ever answered"));
            }
        }
    }
}
