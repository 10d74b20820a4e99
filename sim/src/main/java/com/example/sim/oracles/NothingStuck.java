package com.example.sim.oracles;

import com.example.sim.models.SqsMessage;
import com.example.sim.models.SqsQueue;
import com.example.sim.workload.Payment;
import com.example.sim.workload.SentMessages;
import java.util.List;

/**
 * "Nothing stuck past the windows": a message left in the payments queue as the run ends, or a
 * good payment's message that expired (SQS's retention) before its payment was decided.
 */
record NothingStuck(SentMessages sent, RecordedDecisions recorded, List<Violation> violations) implements Oracle {

    @Override
    public void observe(Event event) {
        if (event instanceof Event.Departed d && d.why() == SqsQueue.Departure.EXPIRED && d.payment().isPresent()
                && d.payment().get().good() && !recorded.decided(d.payment().get().txnId())) {
            violations.add(new Violation(Violation.STUCK, d.payment().get().txnId(), "expired undecided in "
                    + d.queue().name() + " at " + Oracles.at(d.at())));
        }
    }

    @Override
    public void atEnd(End end) {
        for (SqsMessage message : end.queueLeft()) {
            violations.add(new Violation(Violation.STUCK, sent.payment(message).map(Payment::txnId).orElse("-"),
                    "still in the payments queue as the run ends"));
        }
    }
}
