package com.example.sim.models;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.PriorityQueue;

/**
 * A standard queue's order: its messages by when each becomes visible, then by the order they
 * were put there ("receives return visible messages oldest-visible first"; SQS's order is best
 * effort, and this is one of the orders it may give). A message hidden again is tracked anew; its
 * earlier entries, and those of a message gone, are dropped as they are met.
 */
final class VisibilityOrder {

    private record Entry(long visibleAt, long order, SqsMessage message, int version) implements Comparable<Entry> {
        @Override
        public int compareTo(Entry other) {
            int byTime = Long.compare(visibleAt, other.visibleAt);
            return byTime != 0 ? byTime : Long.compare(order, other.order);
        }

        boolean stale() {
            return message.gone || version != message.version;
        }
    }

    private final PriorityQueue<Entry> byVisibility = new PriorityQueue<>();
    private long order;

    /** A message put in the queue, or hidden again: visible from its {@code visibleAtMicros}. */
    void track(SqsMessage message) {
        byVisibility.add(new Entry(message.visibleAtMicros, order++, message, message.version));
    }

    /** The next message visible now, taken out of the order (a receive hides it, and tracks it again); empty if none. */
    Optional<SqsMessage> pollVisible(long now) {
        while (!byVisibility.isEmpty()) {
            Entry next = byVisibility.peek();
            if (next.stale()) {
                byVisibility.poll();
                continue;
            }
            if (next.visibleAt > now) {
                return Optional.empty();
            }
            byVisibility.poll();
            return Optional.of(next.message);
        }
        return Optional.empty();
    }

    /** How many messages are visible now, counted up to {@code limit}. */
    int visible(int limit, long now) {
        List<Entry> seen = new ArrayList<>();
        int visible = 0;
        while (visible < limit && !byVisibility.isEmpty() && byVisibility.peek().visibleAt <= now) {
            Entry next = byVisibility.poll();
            if (!next.stale()) {
                seen.add(next);
                visible++;
            }
        }
        byVisibility.addAll(seen);
        return visible;
    }

    /** When the next message becomes visible (virtual micros), {@code Long.MAX_VALUE} when none is in the queue. */
    long nextAt() {
        while (!byVisibility.isEmpty()) {
            Entry next = byVisibility.peek();
            if (next.stale()) {
                byVisibility.poll();
                continue;
            }
            return next.visibleAt;
        }
        return Long.MAX_VALUE;
    }
}
