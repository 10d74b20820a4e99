package com.example.sim.faults;

import com.example.sim.runtime.Scheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The cache's faults of a run, drawn from its seed after the DynamoDB ones: 1-2 failovers of a
 * shard's primary, each at the shard's first write after the window's start, so that it finds
 * values not yet replicated (the shard answers nothing for the window's 10 s to 2 min until its
 * replica is promoted, and the values written to it in the last 0-10 s are lost:
 * {@code CacheModel.primaryFails}), and one
 * window of 1-20 min in which a shard does not answer at all (a network partition: every command
 * touching it times out; its values are kept). The shard is the window's index modulo the shards.
 */
public final class CacheFaults {

    private CacheFaults() {
    }

    /** The windows, numbered from {@code firstIndex}. */
    public static List<FaultSchedule.Window> draw(SplittableRandom random, Duration traffic, int firstIndex) {
        long span = Scheduler.micros(traffic);
        List<FaultSchedule.Window> windows = new ArrayList<>();
        int failovers = 1 + random.nextInt(2);
        for (int i = 0; i < failovers; i++) {
            windows.add(window(firstIndex + windows.size(), FaultSchedule.Kind.CACHE_FAILOVER, random, span,
                    Duration.ofSeconds(10), Duration.ofMinutes(2)));
        }
        windows.add(window(firstIndex + windows.size(), FaultSchedule.Kind.CACHE_OUTAGE, random, span,
                Duration.ofMinutes(1), Duration.ofMinutes(20)));
        return windows;
    }

    private static FaultSchedule.Window window(int index, FaultSchedule.Kind kind, SplittableRandom random, long span,
                                               Duration shortest, Duration longest) {
        long start = random.nextLong(span);
        long length = random.nextLong(Scheduler.micros(shortest), Scheduler.micros(longest) + 1);
        return new FaultSchedule.Window(index, kind, start, start + length);
    }
}
