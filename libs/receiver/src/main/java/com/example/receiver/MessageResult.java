package com.example.receiver;

import com.example.receiver.internal.DeadLetter;
import java.util.Objects;

/**
 * The outcome of one delivery of a batch.
 *
 * @param messageId    the transport's id of the delivery
 * @param outcome      how it ended
 * @param deadLettered whether the message, which no delivery can decide, is now held by the
 *                     batch's {@code DeadLetterChannel}
 */
public record MessageResult(String messageId, Outcome outcome, boolean deadLettered) {

    /** Checks the components as the record is made: none missing, and each rule above. */
    public MessageResult {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(outcome, "outcome");
        if (deadLettered && !DeadLetter.isFor(outcome)) {
            throw new IllegalArgumentException(outcome.label() + " is never dead-lettered");
        }
    }

    /**
     * Whether the delivery may be deleted from the queue: its outcome is acknowledged, or it is dead-lettered.
     *
     * @return whether SQS may delete it
     */
    public boolean acknowledged() {
        return outcome.acknowledged() || deadLettered;
    }
}
