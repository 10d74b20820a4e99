package com.example.receiver.lambda;

/**
 * The SQS message attributes of a dead letter the receiver sends at once
 * ({@link ReceiverVariables#DEAD_LETTER_QUEUE_URL}): the library's own names, for an operator's
 * tool, a redrive or a harness that reads them, so that nobody outside the library spells them again.
 */
public final class DeadLetterAttributes {

    /** The message attribute naming the outcome: {@code REJECTED} or {@code CONFLICT}. */
    public static final String OUTCOME = "outcome";
    /** The message attribute saying why: the field and rule broken, or both fingerprints. */
    public static final String REASON = "reason";
    /** The message attribute holding the SQS message id of the delivery that failed. */
    public static final String SOURCE_MESSAGE_ID = "source_message_id";
    /** The message attribute holding when SQS first delivered it ({@code ApproximateFirstReceiveTimestamp}). */
    public static final String FIRST_RECEIVED_AT = "first_received_at";
    /** The message attribute naming the function version that decided it, when known. */
    public static final String FUNCTION_VERSION = "function_version";

    private DeadLetterAttributes() {
    }
}
