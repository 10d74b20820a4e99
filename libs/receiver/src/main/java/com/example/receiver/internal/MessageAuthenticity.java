package com.example.receiver.internal;

import com.example.receiver.Outcome;
import java.util.Objects;

/**
 * Whether a message comes from whom it claims, checked before its body is parsed: a message rule
 * of the transport, not of the domain, so it reads the message's attributes and body as they
 * arrived and never the parsed operation. The {@link BatchReceiver} asks it once per message,
 * first: a {@link Verdict.Refused refused} message ends {@link Outcome.Rejected} and an
 * {@link Verdict.Unverifiable unverifiable} one {@link Outcome.Retry}, before any lookup or write.
 *
 * <p>Contract: never throws; answers for every message, however hostile; a refusal names the
 * attribute and the rule it broke, never a value (a signature or a key); {@link Verdict.Unverifiable}
 * only when the check itself cannot be made now (its keys unreadable), since such a message must
 * be neither decided nor rejected; safe to call from several threads.
 */
@FunctionalInterface
public interface MessageAuthenticity {

    /** Every message is authentic: nothing is checked. */
    MessageAuthenticity NOT_CHECKED = message -> Verdict.AUTHENTIC;

    /**
     * Checks one delivery.
     *
     * @param message the delivery as it arrived
     * @return authentic, refused (with the attribute and rule) or unverifiable now
     */
    Verdict verify(InboundMessage message);

    /** What {@link #verify} found. */
    sealed interface Verdict {

        /** The one {@link Authentic} verdict. */
        Verdict AUTHENTIC = new Authentic();

        /** The message may be parsed and decided. */
        record Authentic() implements Verdict {}

        /**
         * The message is not authentic, for good: {@code field} broke {@code rule}.
         *
         * @param field the attribute, e.g. {@code messageAttributes.signature}
         * @param rule  the rule it broke, never its value
         */
        record Refused(String field, String rule) implements Verdict {
            /** Refuses a missing component. */
            public Refused {
                Objects.requireNonNull(field, "field");
                Objects.requireNonNull(rule, "rule");
            }
        }

        /**
         * The check cannot be made now; the message must come back later.
         *
         * @param cause why, e.g. the producers' keys unreadable
         */
        record Unverifiable(String cause) implements Verdict {
            /** Refuses a missing component. */
            public Unverifiable {
                Objects.requireNonNull(cause, "cause");
            }
        }
    }
}
