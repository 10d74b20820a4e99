package com.example.sim.oracles;

import com.example.receiver.MessageResult;
import com.example.receiver.Outcome;
import com.example.sim.models.SqsQueue;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * "Throttling that lasts the doubling window dead-letters nothing": the redrive policy moved a
 * good, undecided payment's message whose every failed receive failed for a passing reason. A
 * receive failed for a passing reason when the receiver answered a {@link Outcome.Retry} whose
 * cause {@link com.example.receiver.RetryCause#soon() is a passing one} (throttling, contention,
 * time running out), or Lambda throttled its invocation (a receive spent, no answer); any other
 * failure (an answer that is no retry, a retry for a failure, an invocation that crashed or timed
 * out) is a hard one. A redrive starts the message's count afresh.
 */
final class PassingFailuresDeadLetterNothing implements Oracle {

    private final RecordedDecisions recorded;
    private final List<Violation> violations;
    /** The messages (by their first id) with a hard failure since they were last sent or redriven. */
    private final Set<String> hardFailures = new HashSet<>();

    PassingFailuresDeadLetterNothing(RecordedDecisions recorded, List<Violation> violations) {
        this.recorded = recorded;
        this.violations = violations;
    }

    @Override
    public void observe(Event event) {
        switch (event) {
            case Event.Answered a when !a.result().acknowledged() && !passing(a.result()) -> hardFailures.add(a.message().origin());
            case Event.InvocationFailed f -> f.messages().forEach(message -> hardFailures.add(message.origin()));
            case Event.Departed d when d.why() == SqsQueue.Departure.REDRIVEN -> hardFailures.remove(d.message().origin());
            case Event.Departed d when d.why() == SqsQueue.Departure.MOVED_TO_DEAD_LETTER_QUEUE && d.sourceQueue()
                    && d.payment().isPresent() && d.payment().get().good() && !hardFailures.contains(d.message().origin())
                    && !recorded.decided(d.payment().get().txnId()) -> violations.add(new Violation(
                    Violation.DEAD_LETTERED_BY_PASSING, d.payment().get().txnId(), "moved to the DLQ at " + Oracles.at(d.at())
                    + " after " + d.message().receiveCount() + " receives that all failed for passing reasons (throttling, contention)"));
            default -> { }
        }
    }

    private static boolean passing(MessageResult result) {
        return result.outcome() instanceof Outcome.Retry retry && retry.soon();
    }

    @Override
    public void atEnd(End end) {
    }
}
