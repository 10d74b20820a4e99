package com.example.sim.models;

/**
 * A redrive ({@code StartMessageMoveTask}, "Configuring a dead-letter queue redrive",
 * sqs-configure-dead-letter-queue-redrive.html): each message is sent again to the destination as
 * a new one, "with a new messageID and enqueueTime"; on a FIFO queue in its group, at the group's
 * tail, with a new deduplication id. A message past its retention leaves instead.
 */
final class MessageMoveTask {

    private MessageMoveTask() {
    }

    /** Moves every message of {@code source} to {@code destination}; how many. */
    static int moveAll(SqsQueue source, SqsQueue destination) {
        long now = source.nowMicros();
        int moved = 0;
        for (SqsMessage message : source.stored()) {
            if (source.expired(message, now)) {
                source.depart(message, SqsQueue.Departure.EXPIRED);
                continue;
            }
            source.depart(message, SqsQueue.Departure.REDRIVEN);
            resend(message, destination);
            moved++;
        }
        return moved;
    }

    /** Moves {@code message} of {@code source} to {@code destination}, if it is still there. */
    static void moveOne(SqsQueue source, SqsMessage message, SqsQueue destination) {
        if (!source.holds(message)) {
            return;
        }
        source.depart(message, SqsQueue.Departure.REDRIVEN);
        resend(message, destination);
    }

    private static void resend(SqsMessage message, SqsQueue destination) {
        if (destination.isFifo()) {
            destination.send(message.body, message.attributes, 0, message.origin, message.groupId,
                    "redrive-" + destination.nextId());
        } else {
            destination.send(message.body, message.attributes, 0, message.origin, null, null);
        }
    }
}
