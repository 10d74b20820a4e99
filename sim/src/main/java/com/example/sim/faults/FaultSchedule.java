package com.example.sim.faults;

import com.example.sim.runtime.Scheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The faults of one run, drawn from its seed: windows of DynamoDB throttling (each at most the
 * 30 minutes of on-demand's doubling window, the longest the design promises to ride out),
 * DynamoDB outages answering 500 (longer than the queue's receives last, so that payments reach
 * the DLQ and an operator redrives them), slow calls that time invocations out, windows of up to
 * 30 minutes (the profile's) in which Lambda throttles every invocation (the account's concurrency taken by
 * other functions, as the runbook's {@code function-throttles} alarm says); and, at every
 * call, a rare 500 whose write may have happened, a crash of the environment, an extra SQS copy, a
 * transaction throttled at its last table's actions beside its other actions' own reasons;
 * and downstream, windows of the topic throttling the publisher, answering 500, or gone for longer
 * than the stream event source's {@code MaximumRecordAgeInSeconds} (12 h), so that the failure
 * queue fills and an operator replays it.
 *
 * @param windows     the windows, by kind
 * @param serverErrors the chance of a 500 at any DynamoDB call outside the windows
 * @param crashes     the chance that an environment crashes at any AWS call
 * @param extraCopies the chance that a delete misses a copy of the message
 * @param hotPartitionThrottles the chance that a transaction outside the windows is throttled at
 *                    its last table's actions only (a hot partition of the ledger), its other
 *                    actions' conditions answered beside it
 */
public record FaultSchedule(List<Window> windows, double serverErrors, double crashes, double extraCopies,
                     double hotPartitionThrottles) {

    /** DynamoDB's windows, Lambda's, the cache's ({@link CacheFaults}: a shard's failover, a shard unreachable) and the topic's. */
    public enum Kind {
        THROTTLING, OUTAGE, SLOW, LAMBDA_THROTTLING, CACHE_FAILOVER, CACHE_OUTAGE,
        /** The topic answers {@code Throttled}. */
        TOPIC_THROTTLED,
        /** The topic answers 500 (10 % of them after accepting the message). */
        TOPIC_ERRORS,
        /** The topic answers {@code NotFound}: deleted and re-created, or a wrong ARN deployed. */
        TOPIC_GONE;

        boolean downstream() {
            return this == TOPIC_THROTTLED || this == TOPIC_ERRORS || this == TOPIC_GONE;
        }
    }

    /** A fault from {@code start} to {@code end}, virtual micros; {@code index} is what a shrunk trace keeps. */
    public record Window(int index, Kind kind, long start, long end) {
        boolean covers(long now) {
            return now >= start && now < end;
        }

        @Override
        public String toString() {
            return kind + " from " + Duration.ofNanos(start * 1000) + " for " + Duration.ofNanos((end - start) * 1000);
        }
    }

    public static final FaultSchedule NONE = new FaultSchedule(List.of(), 0, 0, 0, 0);

    /** The windows of a run of {@code traffic}, as long and the calls' faults as often as {@code rates} says. */
    public static FaultSchedule draw(SplittableRandom random, Duration traffic, FaultRates rates) {
        long span = Scheduler.micros(traffic);
        List<Window> windows = new ArrayList<>();
        int throttles = 1 + random.nextInt(3);
        for (int i = 0; i < throttles; i++) {
            windows.add(window(windows.size(), Kind.THROTTLING, random, span, Duration.ofMinutes(1), rates.longestThrottling()));
        }
        int outages = 1 + random.nextInt(2);
        for (int i = 0; i < outages; i++) {
            windows.add(window(windows.size(), Kind.OUTAGE, random, span, Duration.ofMinutes(10), rates.longestOutage()));
        }
        windows.add(window(windows.size(), Kind.SLOW, random, span, Duration.ofMinutes(2), Duration.ofMinutes(20)));
        int lambdaThrottles = random.nextInt(3); // the account's concurrency taken by other functions: Lambda throttles every invocation
        for (int i = 0; i < lambdaThrottles; i++) {
            windows.add(window(windows.size(), Kind.LAMBDA_THROTTLING, random, span, Duration.ofMinutes(1), rates.longestLambdaThrottle()));
        }
        windows.add(window(windows.size(), Kind.TOPIC_THROTTLED, random, span, Duration.ofMinutes(1), Duration.ofMinutes(30)));
        windows.add(window(windows.size(), Kind.TOPIC_ERRORS, random, span, Duration.ofMinutes(10), Duration.ofMinutes(150)));
        if (random.nextBoolean()) {
            windows.add(window(windows.size(), Kind.TOPIC_GONE, random, span, Duration.ofHours(12).plusMinutes(10), Duration.ofHours(16)));
        }
        return new FaultSchedule(List.copyOf(windows), rates.serverErrors(), rates.crashes(), rates.extraCopies(),
                rates.hotPartitionThrottles());
    }

    private static Window window(int index, Kind kind, SplittableRandom random, long span, Duration shortest, Duration longest) {
        long start = random.nextLong(span);
        long length = random.nextLong(Scheduler.micros(shortest), Scheduler.micros(longest) + 1);
        return new Window(index, kind, start, start + length);
    }

    public boolean in(Kind kind, long now) {
        for (Window window : windows) {
            if (window.kind == kind && window.covers(now)) {
                return true;
            }
        }
        return false;
    }

    /** The end of the last window of a kind that stops a redrive from helping (an outage, DynamoDB's or Lambda's throttling) covering {@code now}, else {@code now}. */
    public long clearAfter(long now) {
        long clear = now;
        for (Window window : windows) {
            boolean blocksRedrive = window.kind == Kind.THROTTLING || window.kind == Kind.OUTAGE || window.kind == Kind.LAMBDA_THROTTLING;
            if (blocksRedrive && window.start <= now && window.end > clear) {
                clear = window.end;
            }
        }
        return clear;
    }

    /** The end of the last topic fault covering {@code now}, and of those that overlap it in turn, else {@code now}. */
    public long topicClearAfter(long now) {
        long clear = now;
        boolean extended = true;
        while (extended) {
            extended = false;
            for (Window window : windows) {
                if (window.kind.downstream() && window.start <= clear && window.end > clear) {
                    clear = window.end;
                    extended = true;
                }
            }
        }
        return clear;
    }

    /** Whether a topic fault covers some of {@code from} .. {@code to}. */
    public boolean topicFaultBetween(long from, long to) {
        for (Window window : windows) {
            if (window.kind.downstream() && window.start <= to && window.end > from) {
                return true;
            }
        }
        return false;
    }

    /** These faults and {@code more}, numbered after them. */
    public FaultSchedule plus(List<Window> more) {
        List<Window> all = new ArrayList<>(windows);
        all.addAll(more);
        return new FaultSchedule(List.copyOf(all), serverErrors, crashes, extraCopies, hotPartitionThrottles);
    }

    public FaultSchedule keeping(java.util.function.IntPredicate kept) {
        return new FaultSchedule(windows.stream().filter(w -> kept.test(w.index)).toList(), serverErrors, crashes, extraCopies,
                hotPartitionThrottles);
    }
}
