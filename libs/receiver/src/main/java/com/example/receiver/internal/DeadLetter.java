package com.example.receiver.internal;

import com.example.receiver.IdempotencyKey;
import com.example.receiver.Outcome;
import com.example.receiver.lambda.DeadLetterAttributes;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A message no delivery can ever decide, on its way to a {@link DeadLetterChannel}: a
 * {@link Outcome.Rejected} body or a {@link Outcome.Conflict}, which every redelivery would end
 * in again. Nothing else is a dead letter: a {@link Outcome.Retry} may succeed next time.
 *
 * @param message the delivery, its body as it was received
 * @param key     its idempotency key, when it was valid enough to have one (a conflict always has)
 * @param outcome why it can never be decided
 */
public record DeadLetter(InboundMessage message, Optional<IdempotencyKey> key, Outcome outcome) {

    /**
     * What a conflict is, in the one wording of its dead letter's {@code reason}, its log line's
     * message and {@code reason}, and the runbook.
     */
    public static final String CONFLICT = "the key was decided before for another operation (another fingerprint)";

    /** The names {@link #details()} may use. */
    public static final Set<String> DETAIL_NAMES = Set.of("field", "rule", "stored_fingerprint", "received_fingerprint");

    /** Checks the components as the record is made: none missing, and each rule above. */
    public DeadLetter {
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(outcome, "outcome");
        if (!isFor(outcome)) {
            throw new IllegalArgumentException(outcome.label() + " can still be decided: not a dead letter");
        }
    }

    /**
     * Whether a message that ended in {@code outcome} belongs in the dead-letter channel.
     *
     * @param outcome how a message ended
     * @return true for a rejection or a conflict
     */
    public static boolean isFor(Outcome outcome) {
        return switch (outcome) {
            case Outcome.Approved a -> false;
            case Outcome.Declined d -> false;
            case Outcome.Duplicate d -> false;
            case Outcome.Conflict c -> true;
            case Outcome.Rejected r -> true;
            case Outcome.Retry r -> false;
        };
    }

    /**
     * Why, in one line for an operator; never a payload value (a rule names the field, not its value).
     *
     * @return the reason
     */
    public String reason() {
        return reasonOf(outcome);
    }

    /**
     * The reason of a dead-lettered {@code outcome}, one line, as its dead letter's {@code reason}
     * attribute and its log line's {@code reason} field both say it: one of
     * {@link DeadLetterAttributes}' reasons, a colon, then the field and rule or the conflict.
     *
     * @param outcome a rejection or a conflict
     * @return the reason
     */
    public static String reasonOf(Outcome outcome) {
        if (outcome instanceof Outcome.Rejected rejected) {
            return (MessageAge.tooOld(rejected) ? DeadLetterAttributes.TOO_OLD : DeadLetterAttributes.REJECTED) + ": "
                    + rejected.field() + " " + rejected.rule();
        }
        return DeadLetterAttributes.CONFLICT + ": " + CONFLICT;
    }

    /**
     * What an operator filters on, under the names the receiver's log lines use: {@code field}
     * and {@code rule} of a rejection, {@code stored_fingerprint} and
     * {@code received_fingerprint} of a conflict.
     *
     * @return the fields, in a fixed order
     */
    public Map<String, String> details() {
        Map<String, String> details = new LinkedHashMap<>();
        if (outcome instanceof Outcome.Rejected rejected) {
            details.put("field", rejected.field());
            details.put("rule", rejected.rule());
        } else if (outcome instanceof Outcome.Conflict conflict) {
            details.put("stored_fingerprint", conflict.stored().hex());
            details.put("received_fingerprint", conflict.received().hex());
        }
        return details;
    }
}
