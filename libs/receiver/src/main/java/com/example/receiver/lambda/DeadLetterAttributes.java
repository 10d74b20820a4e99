package com.example.receiver.lambda;

import com.example.receiver.Outcome;
import com.example.receiver.internal.MessageAge;

/**
 * The SQS message attributes of a dead letter the receiver sends at once
 * ({@link ReceiverVariables#DEAD_LETTER_QUEUE_URL}): the library's own names, for an operator's
 * tool, a redrive or a harness that reads them, so that nobody outside the library spells them again.
 */
public final class DeadLetterAttributes {

    /** The message attribute naming the outcome: {@code REJECTED} or {@code CONFLICT}. */
    public static final String OUTCOME = "outcome";
    /**
     * The message attribute saying why: one of the reasons below, a colon and a space, then the
     * field and rule broken, or the conflict.
     */
    public static final String REASON = "reason";
    /** The reason of a message that broke a rule of its domain's or the receiver's ({@code REJECTED}). */
    public static final String REJECTED = "rejected";
    /** The reason of a key decided before for another operation ({@code CONFLICT}). */
    public static final String CONFLICT = "conflict";
    /**
     * The reason of a message issued longer ago than {@code MAX_MESSAGE_AGE_SECONDS} at the
     * receiver's clock ({@code REJECTED}, field {@code issued_at}): never decided, since its record
     * may have expired. The runbook's step: look its key up; with no decision stored, the producer
     * sends the operation again under a new key.
     */
    public static final String TOO_OLD = "too old";
    /** The message attribute holding the SQS message id of the delivery that failed. */
    public static final String SOURCE_MESSAGE_ID = "source_message_id";
    /** The message attribute holding when SQS first delivered it ({@code ApproximateFirstReceiveTimestamp}). */
    public static final String FIRST_RECEIVED_AT = "first_received_at";
    /** The message attribute naming the function version that decided it, when known. */
    public static final String FUNCTION_VERSION = "function_version";

    private DeadLetterAttributes() {
    }

    /**
     * Whether {@code rejected} is a refusal for age, dead-lettered with the reason {@link #TOO_OLD}
     * (field {@code issued_at}): handed back to its producer, never decided.
     *
     * @param rejected a rejection
     * @return true for a message the receiver found older than {@code MAX_MESSAGE_AGE_SECONDS}
     */
    public static boolean tooOld(Outcome.Rejected rejected) {
        return MessageAge.tooOld(rejected);
    }
}
