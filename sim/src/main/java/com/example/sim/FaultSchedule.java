package com.example.sim;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The faults of one run, drawn from its seed: windows of DynamoDB throttling (each at most the
 * 30 minutes of on-demand's doubling window, the longest the design promises to ride out),
 * DynamoDB outages answering 500 (longer than the queue's receives last, so that payments reach
 * the DLQ and an operator redrives them), slow calls that time invocations out; and, at every
 * call, a rare 500 whose write may have happened, a crash of the environment, an extra SQS copy.
 *
 * @param windows     the windows, by kind
 * @param serverErrors the chance of a 500 at any DynamoDB call outside the windows
 * @param crashes     the chance that an environment crashes at any AWS call
 * @param extraCopies the chance that a delete misses a copy of the message
 */
record FaultSchedule(List<Window> windows, double serverErrors, double crashes, double extraCopies) {

    /** The DynamoDB windows, and the cache's ({@link CacheFaults}: a shard's failover, a shard unreachable). */
    enum Kind { THROTTLING, OUTAGE, SLOW, CACHE_FAILOVER, CACHE_OUTAGE }

    /** A fault from {@code start} to {@code end}, virtual micros; {@code index} is what a shrunk trace keeps. */
    record Window(int index, Kind kind, long start, long end) {
        boolean covers(long now) {
            return now >= start && now < end;
        }

        @Override
        public String toString() {
            return kind + " from " + Duration.ofNanos(start * 1000) + " for " + Duration.ofNanos((end - start) * 1000);
        }
    }

    static final FaultSchedule NONE = new FaultSchedule(List.of(), 0, 0, 0);

    static FaultSchedule draw(SplittableRandom random, Duration traffic) {
        long span = Scheduler.micros(traffic);
        List<Window> windows = new ArrayList<>();
        int throttles = 1 + random.nextInt(3);
        for (int i = 0; i < throttles; i++) {
            windows.add(window(windows.size(), Kind.THROTTLING, random, span, Duration.ofMinutes(1), Duration.ofMinutes(30)));
        }
        int outages = 1 + random.nextInt(2);
        for (int i = 0; i < outages; i++) {
            windows.add(window(windows.size(), Kind.OUTAGE, random, span, Duration.ofMinutes(10), Duration.ofMinutes(150)));
        }
        windows.add(window(windows.size(), Kind.SLOW, random, span, Duration.ofMinutes(2), Duration.ofMinutes(20)));
        return new FaultSchedule(List.copyOf(windows), 0.0005, 0.0003, 0.001);
    }

    private static Window window(int index, Kind kind, SplittableRandom random, long span, Duration shortest, Duration longest) {
        long start = random.nextLong(span);
        long length = random.nextLong(Scheduler.micros(shortest), Scheduler.micros(longest) + 1);
        return new Window(index, kind, start, start + length);
    }

    boolean in(Kind kind, long now) {
        for (Window window : windows) {
            if (window.kind == kind && window.covers(now)) {
                return true;
            }
        }
        return false;
    }

    /** The end of the last window of a kind that stops a redrive from helping (an outage, throttling) covering {@code now}, else {@code now}. */
    long clearAfter(long now) {
        long clear = now;
        for (Window window : windows) {
            if ((window.kind == Kind.THROTTLING || window.kind == Kind.OUTAGE) && window.start <= now && window.end > clear) {
                clear = window.end;
            }
        }
        return clear;
    }

    /** These faults and {@code more}, numbered after them. */
    FaultSchedule plus(List<Window> more) {
        List<Window> all = new ArrayList<>(windows);
        all.addAll(more);
        return new FaultSchedule(List.copyOf(all), serverErrors, crashes, extraCopies);
    }

    FaultSchedule keeping(java.util.function.IntPredicate kept) {
        return new FaultSchedule(windows.stream().filter(w -> kept.test(w.index)).toList(), serverErrors, crashes, extraCopies);
    }
}
