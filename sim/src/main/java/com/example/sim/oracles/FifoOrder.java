package com.example.sim.oracles;

import com.example.sim.models.SqsQueue;
import com.example.sim.workload.Payment;
import com.example.sim.workload.Workload;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The FIFO oracle: on a FIFO queue whose group is the account, an account's payments are decided
 * in the order their producer sent them, none skipped. Watched from the truth: the records
 * DynamoDB put (each payment's first decision) and the messages the redrive policy moved out of
 * the queue.
 *
 * <p>A payment Q decided before a payment P of its account that was sent earlier fails it, unless
 * P had left the queue for the DLQ (the redrive policy moved it) before Q was decided: a
 * dead-letter queue takes a message out of its group, and the group goes on behind it
 * ("Using dead-letter queues", sqs-dead-letter-queues.html, which warns that this disrupts the
 * order); a redrive brings it back at the group's tail. Unreadable payments, and those contested by
 * a conflicting operation, are not among the group's payments the oracle orders (they are the
 * DLQ's, at once), nor those decided before the run ({@link History}: the run writes nothing for
 * them, so nothing tells when their copy was taken).
 */
public final class FifoOrder implements Oracle {

    private final Workload workload;
    private final Map<String, RecordedDecisions.Decision> decisions;
    private final List<Violation> violations;
    /** When the redrive policy first moved a copy of a payment out of the payments queue. */
    private final Map<String, Long> leftTheGroup = new HashMap<>();

    public FifoOrder(Workload workload, Map<String, RecordedDecisions.Decision> decisions, List<Violation> violations) {
        this.workload = workload;
        this.decisions = decisions;
        this.violations = violations;
    }

    /** A message the redrive policy moved out of the payments queue: its payment has left its group. */
    @Override
    public void observe(Event event) {
        if (event instanceof Event.Departed d && d.sourceQueue() && d.why() == SqsQueue.Departure.MOVED_TO_DEAD_LETTER_QUEUE) {
            d.payment().ifPresent(payment -> leftTheGroup.putIfAbsent(payment.txnId(), d.at()));
        }
    }

    /** After the run: each account's decided payments against the order they were sent in. */
    @Override
    public void atEnd(End end) {
        Map<String, List<Payment>> byAccount = new LinkedHashMap<>();
        for (Payment payment : workload.payments()) { // in the order the producers send them
            if (payment.good() && !payment.late()) {
                byAccount.computeIfAbsent(payment.account(), a -> new ArrayList<>()).add(payment);
            }
        }
        byAccount.forEach((account, payments) -> {
            for (int q = 1; q < payments.size(); q++) {
                Payment later = payments.get(q);
                RecordedDecisions.Decision decided = decisions.get(later.txnId());
                if (decided == null) {
                    continue; // "none lost" says so
                }
                for (int p = 0; p < q; p++) {
                    Payment earlier = payments.get(p);
                    RecordedDecisions.Decision first = decisions.get(earlier.txnId());
                    Long left = leftTheGroup.get(earlier.txnId());
                    boolean excused = left != null && left <= decided.at();
                    if (!excused && (first == null || first.at() > decided.at())) {
                        violations.add(new Violation(Violation.FIFO_ORDER, later.txnId(), "decided at "
                                + Oracles.at(decided.at()) + " (sent " + Oracles.at(later.at()) + ") before " + earlier.txnId()
                                + " of its group " + account + ", sent earlier (" + Oracles.at(earlier.at()) + ") and "
                                + (first == null ? "never decided" : "decided at " + Oracles.at(first.at()))
                                + ", still in the queue"));
                        return; // one per group: the rest follow from it
                    }
                }
            }
        });
    }
}
