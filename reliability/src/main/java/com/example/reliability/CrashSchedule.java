package com.example.reliability;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Which passages through a fault point crash: every {@code every}-th, at most {@code max} times.
 * Shared by every environment of a scenario; thread-safe.
 */
final class CrashSchedule {

    private final int every;
    private final int max;
    private final AtomicInteger passages = new AtomicInteger();
    private final AtomicInteger crashes = new AtomicInteger();

    CrashSchedule(int every, int max) {
        if (every < 1 || max < 0) {
            throw new IllegalArgumentException("every must be >= 1 and max >= 0");
        }
        this.every = every;
        this.max = max;
    }

    /** Counts a passage; true when this one must crash. */
    boolean due() {
        if (passages.incrementAndGet() % every != 0) {
            return false;
        }
        int n = crashes.incrementAndGet();
        if (n > max) {
            crashes.decrementAndGet();
            return false;
        }
        return true;
    }

    int crashes() {
        return crashes.get();
    }
}
