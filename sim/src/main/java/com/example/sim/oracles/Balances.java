package com.example.sim.oracles;

import com.example.paymenttraffic.Send;
import com.example.paymenttraffic.reference.ReferenceModel;
import com.example.sim.workload.Workload;
import java.util.List;
import java.util.Optional;

/**
 * "Balances equal the sequential model": each account's balance in the accounts table as the run
 * ends is the reference model's ({@link ReferenceModel}), opened with the run's accounts and the
 * payments approved before it, and fed each transaction's operation in the order the run put their
 * decisions (a contested one's by what its record says was decided); and never negative.
 */
record Balances(Workload workload, RecordedDecisions recorded, List<Violation> violations) implements Oracle {

    @Override
    public void observe(Event event) {
    }

    @Override
    public void atEnd(End end) {
        ReferenceModel model = new ReferenceModel(workload.accounts());
        workload.appliedBefore().forEach(model::appliedBefore);
        recorded.decisions().forEach((txn, decision) -> workload.operation(txn, decision.recordedChange()).ifPresent(
                operation -> model.decide(new Send("", Send.Kind.NEW, Send.Moment.STREAM, txn, Optional.of(operation)))));
        model.balances().forEach((account, balance) -> {
            long actual = end.balances().getOrDefault(account, Long.MIN_VALUE);
            if (actual != balance) {
                violations.add(new Violation(Violation.BALANCES, "-", account + " holds " + actual
                        + ", the reference model makes it " + balance));
            }
            if (actual < 0) {
                violations.add(new Violation(Violation.BALANCES, "-", account + " is overdrawn: " + actual));
            }
        });
    }
}
