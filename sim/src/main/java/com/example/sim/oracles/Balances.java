package com.example.sim.oracles;

import com.example.paymenttraffic.Account;
import com.example.sim.workload.Workload;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * "Balances equal the sequential model": each account's balance in the accounts table as the run
 * ends is its opening balance plus the amounts of the operations its records say were approved
 * (of a contested transaction, the one its record names), and never negative.
 */
record Balances(Workload workload, RecordedDecisions recorded, List<Violation> violations) implements Oracle {

    @Override
    public void observe(Event event) {
    }

    @Override
    public void atEnd(End end) {
        Map<String, Long> expected = new TreeMap<>();
        workload.accounts().forEach((Account a) -> expected.put(a.id(), a.balanceMinor()));
        recorded.decisions().forEach((txn, decision) -> {
            if (decision.status().equals("APPROVED")) {
                workload.operation(txn, decision.recordedChange())
                        .ifPresent(o -> expected.merge(o.accountId(), o.balanceChange(), Long::sum));
            }
        });
        expected.forEach((account, balance) -> {
            long actual = end.balances().getOrDefault(account, Long.MIN_VALUE);
            if (actual != balance) {
                violations.add(new Violation(Violation.BALANCES, "-", account + " holds " + actual
                        + ", the approved payments make it " + balance));
            }
            if (actual < 0) {
                violations.add(new Violation(Violation.BALANCES, "-", account + " is overdrawn: " + actual));
            }
        });
    }
}
