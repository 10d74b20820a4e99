package com.example.sim.deploy;

import java.util.HashMap;
import java.util.Map;

/**
 * The metrics a run makes that a deployment's alarms read: each a sum per minute (the finest
 * period the template's alarms use; a longer period's datapoint is the sum of its minutes), by
 * the metric's name as the alarm names it ({@code AWS/SQS NumberOfMessagesSent}).
 */
public final class Datapoints {

    static final long MINUTE = 60_000_000L;

    private final Map<String, Map<Long, Long>> sums = new HashMap<>();

    /** One more of {@code metric} at {@code atMicros}. */
    public void add(String metric, long atMicros) {
        sums.computeIfAbsent(metric, m -> new HashMap<>()).merge(atMicros / MINUTE, 1L, Long::sum);
    }

    /** The sum of {@code metric} over the period {@code [fromMicros, fromMicros + periodMicros)}; empty when none was made. */
    java.util.OptionalLong sum(String metric, long fromMicros, long periodMicros) {
        Map<Long, Long> minutes = sums.get(metric);
        if (minutes == null) {
            return java.util.OptionalLong.empty();
        }
        long total = 0;
        boolean any = false;
        for (long minute = fromMicros / MINUTE; minute < (fromMicros + periodMicros) / MINUTE; minute++) {
            Long value = minutes.get(minute);
            if (value != null) {
                total += value;
                any = true;
            }
        }
        return any ? java.util.OptionalLong.of(total) : java.util.OptionalLong.empty();
    }
}
