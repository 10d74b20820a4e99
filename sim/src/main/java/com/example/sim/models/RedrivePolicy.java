package com.example.sim.models;

import com.example.eventsource.SqsPolicy;

/**
 * A queue's redrive policy ("Using dead-letter queues in Amazon SQS", sqs-dead-letter-queues.html):
 * a message received {@code maxReceiveCount} times moves to the dead-letter queue at its next
 * receive ({@link SqsPolicy#movesToDeadLetterQueue}), keeping its id, {@code SentTimestamp} and
 * group. Its retention there counts from its enqueue time: on a standard queue the original one,
 * "unchanged" by the move; on a FIFO queue "the enqueue timestamp resets when the message is moved
 * to a dead-letter queue", so a FIFO dead letter stays the DLQ's whole retention whatever its age
 * ("Setting-up dead-letter queue retention in Amazon SQS",
 * https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/setting-up-dead-letter-queue-retention.html);
 * and on a FIFO DLQ "the original message's deduplication ID will be replaced with the original
 * message's ID" ("Learn how to configure a dead-letter queue redrive in Amazon SQS",
 * https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/sqs-configure-dead-letter-queue-redrive.html).
 * A queue's dead-letter queue is of its own type; on a FIFO queue the group's head moves and the
 * group goes on behind it (a DLQ "might disrupt the exact order of messages").
 */
final class RedrivePolicy {

    private final SqsQueue deadLetterQueue;
    private final int maxReceiveCount;
    /** {@link Softness#FIFO_DEAD_LETTERS_KEEP_THEIR_CLOCK}: a test's switch, never a run's. */
    private final boolean keepsFifoClock;

    RedrivePolicy(SqsQueue source, SqsQueue deadLetterQueue, int maxReceiveCount) {
        this(source, deadLetterQueue, maxReceiveCount, false);
    }

    RedrivePolicy(SqsQueue source, SqsQueue deadLetterQueue, int maxReceiveCount, boolean keepsFifoClock) {
        if (source.isFifo() != deadLetterQueue.isFifo()) {
            throw new IllegalArgumentException("InvalidParameterValue: the dead-letter queue of a "
                    + (source.isFifo() ? "FIFO" : "standard") + " queue must be of the same type");
        }
        this.deadLetterQueue = deadLetterQueue;
        this.maxReceiveCount = maxReceiveCount;
        this.keepsFifoClock = keepsFifoClock;
    }

    /** Whether a receive meeting {@code message} moves it instead of returning it. */
    boolean movesAtReceive(SqsMessage message) {
        return SqsPolicy.movesToDeadLetterQueue(true, message.receiveCount, maxReceiveCount);
    }

    /** Puts {@code message}, gone from its queue, in the dead-letter queue, visible at {@code nowMicros}. */
    void move(SqsMessage message, long nowMicros) {
        boolean reset = deadLetterQueue.isFifo() && !keepsFifoClock;
        SqsMessage moved = new SqsMessage(message.id, message.body, message.attributes, message.sentAtMillis,
                reset ? nowMicros / 1000 : message.enqueuedAtMillis, nowMicros, message.origin);
        moved.groupId = message.groupId;
        moved.deduplicationId = reset ? message.id : message.deduplicationId;
        deadLetterQueue.add(moved);
    }
}
