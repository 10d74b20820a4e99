package com.example.sim.oracles;

import com.example.sim.workload.Workload;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * "Balances equal the sequential model": each account's balance in the accounts table as the run
 * ends is its opening balance plus the amounts of the payments decided approved (a good payment's
 * by what its producer sent, a contested one's by what its record says was decided), and never
 * negative.
 */
record Balances(Workload workload, RecordedDecisions recorded, List<Violation> violations) implements Oracle {

    @Override
    public void observe(Event event) {
    }

    @Override
    public void atEnd(End end) {
        Map<String, Long> expected = new TreeMap<>(end.initial());
        recorded.decisions().forEach((txn, decision) -> {
            if (decision.status().equals("APPROVED")) {
                workload.byTxn(txn).ifPresent(p -> expected.merge(p.account(),
                        p.good() ? p.balanceChange() : decision.recordedChange().orElse(p.balanceChange()), Long::sum));
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
