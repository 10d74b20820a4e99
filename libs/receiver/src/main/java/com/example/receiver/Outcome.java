package com.example.receiver;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * How a message ended: the closed set every message falls in, exactly one each.
 *
 * <table>
 *   <caption>Outcomes and what the queue does with them</caption>
 *   <tr><th>outcome</th><th>when</th><th>queue</th><th>stored</th></tr>
 *   <tr><td>{@link Approved}</td><td>new, committed</td><td>acknowledged</td><td>record and effect</td></tr>
 *   <tr><td>{@link Declined}</td><td>new, the domain declined it</td><td>acknowledged</td><td>record only</td></tr>
 *   <tr><td>{@link Duplicate}</td><td>seen before</td><td>acknowledged</td><td>nothing; the original decision is replayed</td></tr>
 *   <tr><td>{@link Conflict}</td><td>same key, other fingerprint</td><td>dead-lettered at once, or failed until the DLQ</td><td>nothing</td></tr>
 *   <tr><td>{@link Rejected}</td><td>unparseable or invalid</td><td>dead-lettered at once, or failed until the DLQ</td><td>nothing</td></tr>
 *   <tr><td>{@link Retry}</td><td>could not be decided now</td><td>failed, redelivered</td><td>nothing</td></tr>
 * </table>
 *
 * <p>Only {@link #acknowledged() acknowledged} outcomes may be deleted from the queue, and a
 * {@code DeadLetter} once its {@code DeadLetterChannel} holds it; anything else, including an
 * outcome nobody could determine, is returned as a batch item failure.
 */
public sealed interface Outcome {

    /** The new operation was committed: idempotency record and effect, atomically. */
    record Approved() implements Outcome {}

    /**
     * The new operation was declined by the domain; the decline itself is recorded.
     *
     * @param reason the domain's reason, an upper-case code
     */
    record Declined(String reason) implements Outcome {
        /** Refuses a missing component. */
        public Declined {
            Objects.requireNonNull(reason, "reason");
        }
    }

    /**
     * The operation was decided before; {@code original} is that decision, replayed.
     *
     * @param source          what recognised it: the cache, the store's record, the domain's guard, the batch
     * @param original        the first decision
     * @param recordExpiresAt when the stored record that recognised it stops counting (its
     *                        {@code expiresAt}), so that no cache keeps the decision longer; empty
     *                        when no record recognised it (the cache, the batch, a guard after the
     *                        record expired)
     */
    record Duplicate(DuplicateSource source, Decision original, Optional<Instant> recordExpiresAt) implements Outcome {
        /** Refuses a missing component. */
        public Duplicate {
            Objects.requireNonNull(source, "source");
            Objects.requireNonNull(original, "original");
            Objects.requireNonNull(recordExpiresAt, "recordExpiresAt");
        }

        /**
         * A duplicate no stored record recognised.
         *
         * @param source   what recognised it
         * @param original the first decision
         */
        public Duplicate(DuplicateSource source, Decision original) {
            this(source, original, Optional.empty());
        }
    }

    /**
     * The key was decided before for a different operation: a producer bug or an attack.
     *
     * @param stored   the fingerprint of the operation decided under the key
     * @param received the fingerprint of this message's operation
     */
    record Conflict(Fingerprint stored, Fingerprint received) implements Outcome {
        /** Refuses a missing component. */
        public Conflict {
            Objects.requireNonNull(stored, "stored");
            Objects.requireNonNull(received, "received");
        }
    }

    /**
     * The message is unparseable or invalid; {@code field} broke {@code rule}.
     *
     * @param field the path of the offending field, e.g. {@code body.amount}
     * @param rule  the rule it broke; never the offending value
     */
    record Rejected(String field, String rule) implements Outcome {
        /** Refuses a missing component. */
        public Rejected {
            Objects.requireNonNull(field, "field");
            Objects.requireNonNull(rule, "rule");
        }
    }

    /**
     * The message could not be decided now, for {@code cause} (throttling, timeouts, contention,
     * time running out); nothing is known to be written for it.
     *
     * @param cause  why, from a closed set: what is counted, and how soon it is brought back
     * @param detail what happened, for the log (an error code, how many attempts were made)
     */
    record Retry(RetryCause cause, String detail) implements Outcome {
        /** Refuses a missing component. */
        public Retry {
            Objects.requireNonNull(cause, "cause");
            Objects.requireNonNull(detail, "detail");
        }

        /**
         * A retry for a {@link RetryCause#FAILURE failure}, brought back after the queue's visibility timeout.
         *
         * @param detail what happened, for the log
         */
        public Retry(String detail) {
            this(RetryCause.FAILURE, detail);
        }

        /**
         * Whether it should come back in seconds; see {@link RetryCause#soon()}.
         *
         * @return whether its cause is a passing one
         */
        public boolean soon() {
            return cause.soon();
        }
    }

    /**
     * Whether the message may be deleted from the queue.
     *
     * @return true for an approval, a decline and a duplicate
     */
    default boolean acknowledged() {
        return switch (this) {
            case Approved a -> true;
            case Declined d -> true;
            case Duplicate d -> true;
            case Conflict c -> false;
            case Rejected r -> false;
            case Retry r -> false;
        };
    }

    /**
     * The decision a later duplicate of this message replays, if this outcome carries one.
     *
     * @return the decision; empty for a conflict, a rejection or a retry
     */
    default Optional<Decision> decision() {
        return switch (this) {
            case Approved a -> Optional.of(Decision.approved());
            case Declined d -> Optional.of(Decision.declined(d.reason()));
            case Duplicate d -> Optional.of(d.original());
            case Conflict c -> Optional.empty();
            case Rejected r -> Optional.empty();
            case Retry r -> Optional.empty();
        };
    }

    /**
     * The upper-case name of the outcome, as logged: {@code APPROVED}, {@code DUPLICATE}, ...
     *
     * @return the label
     */
    default String label() {
        return switch (this) {
            case Approved a -> "APPROVED";
            case Declined d -> "DECLINED";
            case Duplicate d -> "DUPLICATE";
            case Conflict c -> "CONFLICT";
            case Rejected r -> "REJECTED";
            case Retry r -> "RETRY";
        };
    }
}
