package com.example.receiver.internal.config;

import com.example.lambdakit.config.ConfigurationException;
import com.example.lambdakit.config.Environment;
import com.example.receiver.internal.MessageAge;
import com.example.receiver.lambda.ReceiverVariables;
import java.time.Duration;
import java.util.Optional;

/**
 * The one rule that protects money: the idempotency record must outlive every copy of its message
 * that can still be decided. A shorter record would let a copy find no record and be decided
 * again: a declined payment approved later, since only approvals have the ledger's permanent guard.
 *
 * <p>With an age bound ({@code MAX_MESSAGE_AGE_SECONDS}), no copy issued longer ago than the bound
 * is decided, and none issued more than {@link MessageAge#FUTURE_SKEW} ahead of the receiver's
 * clock: a decision is made at most the skew before its time of issue, so every copy still decided
 * arrives within {@code bound + skew} of it, however many times it was redriven.
 * {@code IDEMPOTENCY_TTL_SECONDS} must exceed that ({@link #ofAgeBound}).
 *
 * <p>Without one (a domain whose messages carry no time of issue) only the queues bound a copy: it
 * waits in the source queue at most {@code QUEUE_RETENTION_SECONDS}, dead-lettered at most
 * {@code DEAD_LETTER_RETENTION_SECONDS} more, and an operator's redrive sends it again as a new
 * message that may wait the source queue's retention once more; with the producers' signature
 * window and their clock skew, the TTL must exceed {@link #longestCopyLife}. That bounds
 * <em>one</em> redrive: a redrive gives a message a new id, {@code SentTimestamp} and retention, so
 * a copy dead-lettered again and redriven again can outlive it.
 */
final class RecordLifetime {

    /** The bound's limits, in days: see {@link #maxMessageAge}. */
    static final Duration MIN_MAX_MESSAGE_AGE = Duration.ofDays(1);
    static final Duration MAX_MAX_MESSAGE_AGE = Duration.ofDays(364);

    private RecordLifetime() {
    }

    /**
     * {@code MAX_MESSAGE_AGE_SECONDS}, given in code or in the environment; empty when neither.
     * At least a day, so that a message that failed every receive of its plan for a passing reason
     * (15 receives take about 90 minutes, 50 about 13 hours) is still decided when an operator
     * redrives it the same day; at most 364 days, so that a record of the longest TTL the template
     * allows (365 days) outlives it with the skew.
     */
    static Optional<Duration> maxMessageAge(Environment env, TypedSettings typed) {
        String name = ReceiverVariables.MAX_MESSAGE_AGE_SECONDS;
        Optional<Duration> bound = TypedSettings.either(env, name, TypedSettings.positive(name, typed.maxMessageAge()).map(Optional::of),
                () -> env.optional(name).map(text -> env.seconds(name, Optional.empty())),
                value -> value.map(seconds -> Long.toString(seconds.toSeconds())).orElse(""));
        bound.filter(age -> age.compareTo(MIN_MAX_MESSAGE_AGE) < 0 || age.compareTo(MAX_MAX_MESSAGE_AGE) > 0).ifPresent(age -> {
            throw new ConfigurationException(name, "must be between " + MIN_MAX_MESSAGE_AGE.toSeconds() + " and "
                    + MAX_MAX_MESSAGE_AGE.toSeconds() + " (1 to 364 days), was " + age.toSeconds());
        });
        return bound;
    }

    /**
     * What a record's lifetime must exceed under the age bound: the bound and the clock skew.
     *
     * @param maxMessageAge the age bound
     * @return the bound plus {@link MessageAge#FUTURE_SKEW}
     */
    static Duration ofAgeBound(Duration maxMessageAge) {
        return maxMessageAge.plus(MessageAge.FUTURE_SKEW);
    }

    /**
     * The longest after a decision that a copy of its message can still reach the function with no
     * age bound: a copy sent up to {@code signatureWindow} (and the clock skew) later, its wait in
     * the source queue, in the dead-letter queue, and in the source queue again after one redrive.
     *
     * @param queueRetention the source queue's retention
     * @param deadLetterRetention the dead-letter queue's retention
     * @param signatureWindow the producers' signature window
     * @return what a record's lifetime must exceed
     */
    static Duration longestCopyLife(Duration queueRetention, Duration deadLetterRetention, Duration signatureWindow) {
        return signatureWindow.plus(queueRetention.multipliedBy(2)).plus(deadLetterRetention).plus(MessageAge.FUTURE_SKEW);
    }

    /** Refuses a {@code recordTtl} that a copy still decided could outlive, naming the variables it is measured by. */
    static void require(Duration recordTtl, Optional<Duration> maxMessageAge, Duration queueRetention,
                        Duration deadLetterRetention, Duration signatureWindow) {
        if (maxMessageAge.isPresent()) {
            Duration longest = ofAgeBound(maxMessageAge.get());
            if (recordTtl.compareTo(longest) <= 0) {
                throw new ConfigurationException(ReceiverVariables.IDEMPOTENCY_TTL_SECONDS, "must exceed "
                        + ReceiverVariables.MAX_MESSAGE_AGE_SECONDS + " + " + MessageAge.FUTURE_SKEW_SECONDS
                        + " s of clock skew (" + recordTtl.toSeconds() + " <= " + longest.toSeconds() + "): a copy young "
                        + "enough to be decided could outlive its record and be decided again");
            }
            return;
        }
        Duration longest = longestCopyLife(queueRetention, deadLetterRetention, signatureWindow);
        if (recordTtl.compareTo(longest) <= 0) {
            throw new ConfigurationException(ReceiverVariables.IDEMPOTENCY_TTL_SECONDS,
                    "must exceed " + ReceiverVariables.PRODUCER_SIGNATURE_WINDOW_SECONDS + " + 2 x "
                            + ReceiverVariables.QUEUE_RETENTION_SECONDS + " + " + ReceiverVariables.DEAD_LETTER_RETENTION_SECONDS
                            + " + " + MessageAge.FUTURE_SKEW_SECONDS + " s of clock skew (" + recordTtl.toSeconds() + " <= "
                            + longest.toSeconds() + "): a copy redriven from the dead-letter queue could outlive its record "
                            + "and be decided again");
        }
    }
}
