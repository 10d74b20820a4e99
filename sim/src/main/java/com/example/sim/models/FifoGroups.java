package com.example.sim.models;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiPredicate;

/**
 * A FIFO queue's order and deduplication ({@link SqsQueue#fifo()}; "FIFO queue delivery logic",
 * https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/FIFO-queues-understanding-logic.html,
 * "Amazon SQS FIFO queue key terms", FIFO-key-terms.html):
 * <ul>
 *   <li>every message has a {@code MessageGroupId}; a group's messages are received in the order
 *       they were sent, and a receive returns as many of one group as it can, then other groups';</li>
 *   <li>a group with a message in flight (received, neither deleted nor visible again) gives no
 *       other message: "Inflight messages block delivery of available messages within the same
 *       message group" (https://repost.aws/knowledge-center/sqs-fifo-messages-not-returned);</li>
 *   <li>a message sent with the {@code MessageDeduplicationId} of one sent in the last 5 minutes
 *       is "accepted successfully but not delivered", even after the first was deleted
 *       (FIFO-key-terms.html); the model answers with the first message;</li>
 *   <li>exactly-once processing: no extra copies;</li>
 *   <li>its dead-letter queue is a FIFO queue too; the redrive policy moves a group's head there
 *       at its next receive and the group goes on behind it (sqs-dead-letter-queues.html: a DLQ
 *       "might disrupt the exact order of messages"), and a redrive sends it as a new message at
 *       the group's tail.</li>
 * </ul>
 * The queue ({@link SqsQueue}) receives through it.
 */
final class FifoGroups {

    /** The FIFO deduplication interval. */
    static final long DEDUPLICATION_MICROS = 5 * 60 * 1_000_000L;

    /** The groups' messages in the order they were sent, the groups in the order they first had one. */
    private final Map<String, ArrayDeque<SqsMessage>> groups = new LinkedHashMap<>();
    /** Each deduplication id's message, while it deduplicates. */
    private final Map<String, SqsMessage> deduplication = new HashMap<>();
    private long sequence;

    /** The message sent with {@code deduplicationId} in the last 5 minutes, which a send with it returns instead. */
    Optional<SqsMessage> duplicateOf(String deduplicationId, long nowMicros) {
        SqsMessage earlier = deduplication.get(deduplicationId);
        return earlier != null && nowMicros - earlier.sentAtMillis * 1000 < DEDUPLICATION_MICROS
                ? Optional.of(earlier) : Optional.empty();
    }

    /** A message sent now: its deduplication id deduplicates from now on. */
    void sent(SqsMessage message, String groupId, String deduplicationId) {
        message.groupId = groupId;
        message.deduplicationId = deduplicationId;
        deduplication.put(message.deduplicationId, message);
    }

    /** A FIFO send names its group and its deduplication id (the queue has no content-based deduplication). */
    static void requireIds(String queue, String groupId, String deduplicationId) {
        if (groupId == null || deduplicationId == null) {
            throw new IllegalArgumentException("MissingParameter: MessageGroupId and MessageDeduplicationId are required ("
                    + queue + " has no content-based deduplication)");
        }
    }

    /**
     * A FIFO receive: the groups with nothing in flight, oldest head first; of each, as many
     * messages as fit, in order, each through the queue's {@code take} (which may move it to the DLQ
     * instead of receiving it).
     */
    List<SqsMessage> receive(int max, long now, BiPredicate<SqsMessage, Long> take) {
        List<SqsMessage> received = new ArrayList<>();
        for (List<SqsMessage> group : receivable(now)) {
            if (received.size() >= max) {
                break;
            }
            for (SqsMessage message : group) {
                if (received.size() >= max || message.visibleAtMicros > now) {
                    break;
                }
                if (take.test(message, now)) {
                    received.add(message);
                }
            }
        }
        return received;
    }

    /** A message in the queue (sent, moved by the redrive policy): its sequence number, and its place at its group's tail. */
    void add(SqsMessage message) {
        message.sequenceNumber = ++sequence;
        groups.computeIfAbsent(message.groupId, g -> new ArrayDeque<>()).addLast(message);
    }

    /** A message no longer in the queue. */
    void remove(SqsMessage message) {
        ArrayDeque<SqsMessage> group = groups.get(message.groupId);
        if (group != null) {
            group.remove(message);
            if (group.isEmpty()) {
                groups.remove(message.groupId);
            }
        }
    }

    /** The groups a receive may take from now, oldest head first: each a copy of its messages, in order; none in flight. */
    List<List<SqsMessage>> receivable(long now) {
        List<ArrayDeque<SqsMessage>> oldestFirst = new ArrayList<>(groups.values());
        oldestFirst.sort(Comparator.comparingLong(group -> group.peekFirst().sequenceNumber));
        List<List<SqsMessage>> receivable = new ArrayList<>();
        for (ArrayDeque<SqsMessage> group : oldestFirst) {
            if (!inFlight(group, now)) {
                receivable.add(List.copyOf(group));
            }
        }
        return receivable;
    }

    /** How many messages a receive could take now, counted up to {@code limit}. */
    int visible(int limit, long now) {
        int deliverable = 0;
        for (ArrayDeque<SqsMessage> group : groups.values()) {
            if (deliverable >= limit) {
                break;
            }
            if (!inFlight(group, now)) {
                for (SqsMessage message : group) {
                    if (deliverable >= limit || message.visibleAtMicros > now) {
                        break;
                    }
                    deliverable++;
                }
            }
        }
        return Math.min(deliverable, limit);
    }

    /** When a group can next give a message (virtual micros), {@code Long.MAX_VALUE} when none has one. */
    long nextAt(long now) {
        long next = Long.MAX_VALUE;
        for (ArrayDeque<SqsMessage> group : groups.values()) {
            next = Math.min(next, nextAt(group, now));
        }
        return next;
    }

    /** Whether a message of {@code group} is in flight: received, and neither deleted nor visible again. */
    private static boolean inFlight(ArrayDeque<SqsMessage> group, long now) {
        for (SqsMessage message : group) {
            if (message.receiveCount > 0 && message.visibleAtMicros > now) {
                return true;
            }
        }
        return false;
    }

    /** When a group can give a message: now (or its head's delay) when nothing is in flight, else when its last in flight shows again. */
    private static long nextAt(ArrayDeque<SqsMessage> group, long now) {
        long blockedUntil = Long.MIN_VALUE;
        for (SqsMessage message : group) {
            if (message.receiveCount > 0 && message.visibleAtMicros > now) {
                blockedUntil = Math.max(blockedUntil, message.visibleAtMicros);
            }
        }
        return blockedUntil != Long.MIN_VALUE ? blockedUntil : group.peekFirst().visibleAtMicros;
    }
}
