package com.example.sim.oracles;

import com.example.receiver.Outcome;
import com.example.receiver.lambda.DeadLetterAttributes;
import com.example.sim.runtime.Scheduler;
import com.example.sim.workload.SentMessages;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * The good payments handed back to their producers: a copy refused as too old, dead-lettered
 * with the reason {@code too old}, never decided. That is an end the design gives a payment that
 * waited longer than {@code MAX_MESSAGE_AGE_SECONDS} (an outage, then an operator's redrive past
 * the bound): the runbook looks its key up, finds its decision if it has one, and otherwise asks
 * its producer for a new one. It counts only when the refusal was due: the copy's stamp older
 * than the bound when the receiver answered (a refusal of a younger one is the receiver's
 * defect, and "none lost" names it).
 */
final class HandedBack {

    private final SentMessages sent;
    private final Optional<Duration> maxAge;
    private final Set<String> payments = new HashSet<>();

    HandedBack(SentMessages sent, Optional<Duration> maxAge) {
        this.sent = sent;
        this.maxAge = maxAge;
    }

    void observe(Event event) {
        if (maxAge.isEmpty() || !(event instanceof Event.Answered a) || a.payment().isEmpty()
                || !(a.result().outcome() instanceof Outcome.Rejected rejected) || !DeadLetterAttributes.tooOld(rejected)) {
            return;
        }
        Optional<Instant> issuedAt = sent.issuedAt(a.message());
        Instant answeredAt = Scheduler.EPOCH.plusNanos(a.at() * 1000);
        if (issuedAt.isPresent() && Duration.between(issuedAt.get(), answeredAt).compareTo(maxAge.get()) > 0) {
            payments.add(a.payment().get().txnId());
        }
    }

    /** Whether a copy of {@code txn} was refused as too old, its stamp older than the bound. */
    boolean contains(String txn) {
        return payments.contains(txn);
    }
}
