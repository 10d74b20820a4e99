package com.example.sim.oracles;

import com.example.receiver.Outcome;
import com.example.sim.runtime.Scheduler;
import com.example.sim.workload.SentMessages;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * "Nothing decided past its age": a message whose {@code headers.timestamp} (the time of issue its
 * producer stamped it with) was longer ago than the receiver's {@code MAX_MESSAGE_AGE_SECONDS} when
 * the receiver met it is never decided (approved or declined): it is refused as too old, or it is a
 * duplicate of a decision its record still holds. The receiver's answer is observed when the
 * invocation ends, which is at most the function's timeout after the receiver met the message, and
 * the receiver may allow the producers' clock skew: so a decision counts here when it was answered
 * more than the bound, the skew and the function's timeout after the message's stamp. Without a
 * bound (the rules before the age bound) there is nothing to hold a decision to.
 */
final class NothingDecidedPastItsAge implements Oracle {

    private final SentMessages sent;
    private final Optional<Duration> oldestDecided;
    private final List<Violation> violations;

    /**
     * @param maxAge  the receiver's bound, or none
     * @param slack   the skew it allows and the function's timeout together
     */
    NothingDecidedPastItsAge(SentMessages sent, Optional<Duration> maxAge, Duration slack, List<Violation> violations) {
        this.sent = sent;
        this.oldestDecided = maxAge.map(age -> age.plus(slack));
        this.violations = violations;
    }

    @Override
    public void observe(Event event) {
        if (oldestDecided.isEmpty() || !(event instanceof Event.Answered a) || a.payment().isEmpty()
                || !decided(a.result().outcome())) {
            return;
        }
        Optional<Instant> issuedAt = sent.issuedAt(a.message());
        Instant answeredAt = Scheduler.EPOCH.plusNanos(a.at() * 1000);
        if (issuedAt.isPresent() && Duration.between(issuedAt.get(), answeredAt).compareTo(oldestDecided.get()) > 0) {
            violations.add(new Violation(Violation.DECIDED_PAST_ITS_AGE, a.payment().get().txnId(), "issued at "
                    + issuedAt.get() + ", answered " + a.result().outcome().getClass().getSimpleName().toUpperCase()
                    + " at " + Oracles.at(a.at()) + " (" + answeredAt + "), older than " + oldestDecided.get().toSeconds()
                    + " s (the bound, the skew and the function's timeout)"));
        }
    }

    private static boolean decided(Outcome outcome) {
        return outcome instanceof Outcome.Approved || outcome instanceof Outcome.Declined;
    }

    @Override
    public void atEnd(End end) {
    }
}
