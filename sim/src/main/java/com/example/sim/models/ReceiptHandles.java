package com.example.sim.models;

import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * A queue's deletes and visibility changes, by receipt handle ("Amazon SQS Developer Guide"):
 * <ul>
 *   <li>only the latest receipt handle deletes a message: an older one "succeeds, but the message
 *       will not be deleted" (API_DeleteMessage.html); a visibility change with an older one, or of
 *       a message no longer in flight, fails for that entry; {@code ChangeMessageVisibility}
 *       restarts the timer with a new length from the call (sqs-visibility-timeout.html);</li>
 *   <li>at-least-once: a copy kept on a server that was unavailable to the delete comes back
 *       (standard-queues-at-least-once-delivery.html), with probability {@code extraCopies} per delete.</li>
 * </ul>
 */
final class ReceiptHandles {

    private final SqsQueue queue;
    private double extraCopies;

    ReceiptHandles(SqsQueue queue) {
        this.queue = queue;
    }

    void extraCopies(double probability) {
        this.extraCopies = probability;
    }

    /** Deletes the message of {@code receiptHandle} if it is its latest; an older handle deletes nothing. */
    void delete(String receiptHandle, RandomGenerator random) {
        SqsMessage message = byHandle(receiptHandle);
        if (message == null) {
            return;
        }
        if (extraCopies > 0 && random.nextDouble() < extraCopies) {
            return; // a server that kept a copy missed the delete: it comes back after the timeout
        }
        queue.forget(message);
    }

    /** Sets the message of {@code receiptHandle} visible after {@code seconds}; empty, or the error code. */
    Optional<String> changeVisibility(String receiptHandle, long seconds) {
        SqsMessage message = byHandle(receiptHandle);
        if (message == null) {
            return Optional.of("ReceiptHandleIsInvalid");
        }
        long now = queue.nowMicros();
        if (message.visibleAtMicros <= now) {
            return Optional.of("MessageNotInflight");
        }
        queue.hide(message, now + seconds * 1_000_000);
        return Optional.empty();
    }

    private SqsMessage byHandle(String receiptHandle) {
        int hash = receiptHandle.lastIndexOf('#');
        SqsMessage message = hash < 0 ? null : queue.byId(receiptHandle.substring(0, hash));
        return message != null && message.receiptHandle().equals(receiptHandle) ? message : null;
    }
}
