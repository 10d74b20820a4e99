package com.example.sim.models;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A FIFO queue's order and deduplication ("FIFO queue delivery logic", "Exactly-once processing
 * in Amazon SQS", Amazon SQS Developer Guide): each message group's messages in the order they
 * were sent, a group blocked while a message of it is in flight (received, and neither deleted nor
 * visible again), and a deduplication id's message kept for 5 minutes, in which a send with the
 * same id is accepted but not delivered. The queue ({@link SqsQueue}) receives through it.
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
    void sent(SqsMessage message) {
        deduplication.put(message.deduplicationId, message);
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
