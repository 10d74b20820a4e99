package com.example.sim.models;

import com.example.eventsource.SqsPolicy;

/**
 * A queue's redrive policy ("Using dead-letter queues in Amazon SQS", sqs-dead-letter-queues.html):
 * a message received {@code maxReceiveCount} times moves to the dead-letter queue at its next
 * receive ({@link SqsPolicy#movesToDeadLetterQueue}), keeping its id, {@code SentTimestamp},
 * enqueue time (which its retention there counts from) and group. A queue's dead-letter queue is
 * of its own type; on a FIFO queue the group's head moves and the group goes on behind it (a DLQ
 * "might disrupt the exact order of messages").
 */
final class RedrivePolicy {

    private final SqsQueue deadLetterQueue;
    private final int maxReceiveCount;

    RedrivePolicy(SqsQueue source, SqsQueue deadLetterQueue, int maxReceiveCount) {
        if (source.isFifo() != deadLetterQueue.isFifo()) {
            throw new IllegalArgumentException("InvalidParameterValue: the dead-letter queue of a "
                    + (source.isFifo() ? "FIFO" : "standard") + " queue must be of the same type");
        }
        this.deadLetterQueue = deadLetterQueue;
        this.maxReceiveCount = maxReceiveCount;
    }

    /** Whether a receive meeting {@code message} moves it instead of returning it. */
    boolean movesAtReceive(SqsMessage message) {
        return SqsPolicy.movesToDeadLetterQueue(true, message.receiveCount, maxReceiveCount);
    }

    /** Puts {@code message}, gone from its queue, in the dead-letter queue, visible at {@code nowMicros}. */
    void move(SqsMessage message, long nowMicros) {
        SqsMessage moved = new SqsMessage(message.id, message.body, message.attributes, message.sentAtMillis,
                message.enqueuedAtMillis, nowMicros, message.origin);
        moved.groupId = message.groupId;
        moved.deduplicationId = message.deduplicationId;
        deadLetterQueue.add(moved);
    }
}
