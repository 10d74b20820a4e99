package com.example.receiver.internal;

import com.example.receiver.Command;
import com.example.receiver.Outcome;
import com.example.receiver.lambda.ReceiverWindows;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * The age bound ({@code MAX_MESSAGE_AGE_SECONDS}): a message whose operation was issued more than
 * {@code maxAge} before the receiver's clock, or more than {@link #FUTURE_SKEW} after it, is
 * refused, signed or not, before the fast path or the store is asked about it. SQS's clocks play no
 * part: a redrive gives a message a new id, {@code SentTimestamp} and retention, but not a new time
 * of issue, so no number of redrives makes a copy young again, and a record that outlives
 * {@code maxAge + FUTURE_SKEW} (the receiver refuses to start otherwise) outlives every copy that
 * can still be decided. A producer's clock ahead buys nothing: a time of issue further in the
 * future than the skew is refused as well.
 *
 * <p>With a bound, a command that carries no time of issue is refused too: the record's lifetime
 * was checked against the bound alone. Without one ({@link #UNBOUNDED}: a domain whose messages
 * carry no time of issue), nothing is refused here, and the record's lifetime is checked against
 * the queues' windows instead, which bound one redrive.
 */
public final class MessageAge {

    /** The field a refusal names: the command's time of issue. */
    public static final String FIELD = "issued_at";
    /** How far a producer's clock may run ahead of the receiver's, in seconds: the producers' signatures' skew too. */
    public static final long FUTURE_SKEW_SECONDS = ReceiverWindows.PRODUCER_CLOCK_SKEW_SECONDS;
    /** {@link #FUTURE_SKEW_SECONDS} as a duration. */
    public static final Duration FUTURE_SKEW = Duration.ofSeconds(FUTURE_SKEW_SECONDS);
    /** How the rule of a refusal for age begins, so that its dead letter's reason says so ({@link #tooOld}). */
    static final String OLDER_THAN = "is older than ";

    /** No bound: nothing is refused for its age. */
    public static final MessageAge UNBOUNDED = new MessageAge(Optional.empty(), Clock.systemUTC());

    private final Optional<Duration> maxAge;
    private final Clock clock;

    private MessageAge(Optional<Duration> maxAge, Clock clock) {
        this.maxAge = Objects.requireNonNull(maxAge, "maxAge");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * The bound {@code maxAge} on {@code clock}, or none.
     *
     * @param maxAge the greatest age of a message decided; empty for none
     * @param clock  the receiver's clock, the one its records' {@code expiresAt} are written by
     * @return the bound
     */
    public static MessageAge of(Optional<Duration> maxAge, Clock clock) {
        return maxAge.isEmpty() ? UNBOUNDED : new MessageAge(maxAge, clock);
    }

    /**
     * Why {@code command} must not be decided, if it must not.
     *
     * @param command a valid message's command
     * @return the refusal, naming {@link #FIELD}; empty when it may be decided
     */
    public Optional<Outcome.Rejected> refusal(Command<?> command) {
        if (maxAge.isEmpty()) {
            return Optional.empty();
        }
        if (command.issuedAt().isEmpty()) {
            return Optional.of(new Outcome.Rejected(FIELD, "is required: the receiver bounds a message's age "
                    + "(MAX_MESSAGE_AGE_SECONDS), and this message carries no time of issue"));
        }
        Instant issuedAt = command.issuedAt().get();
        Instant now = clock.instant();
        if (Duration.between(issuedAt, now).compareTo(maxAge.get()) > 0) {
            return Optional.of(new Outcome.Rejected(FIELD, OLDER_THAN + maxAge.get().toSeconds() + " s "
                    + "(MAX_MESSAGE_AGE_SECONDS) at the receiver's clock: its record may have expired, so it is never decided; "
                    + "look the key up, and if no decision is stored, send the operation again under a new key"));
        }
        if (Duration.between(now, issuedAt).compareTo(FUTURE_SKEW) > 0) {
            return Optional.of(new Outcome.Rejected(FIELD, "is more than " + FUTURE_SKEW.toSeconds()
                    + " s ahead of the receiver's clock: the producer's clock is ahead, and a time of issue in the future "
                    + "would outlive the bound"));
        }
        return Optional.empty();
    }

    /**
     * Whether {@code rejected} is a refusal for age, whose dead letter's reason says
     * {@code too old} (not {@code rejected}): the operator's step is another one (the runbook's).
     *
     * @param rejected a rejection
     * @return true for a message older than the bound
     */
    public static boolean tooOld(Outcome.Rejected rejected) {
        return rejected.field().equals(FIELD) && rejected.rule().startsWith(OLDER_THAN);
    }
}
