package com.example.sim.oracles;

import java.util.Arrays;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Each payment's decision latency (from its producer's send to its record's put, virtual micros),
 * with the minute it was sent in: the run's percentiles, and the peak's minute by minute. Kept in
 * primitive arrays, as a peak of ten minutes decides over a million payments.
 */
public final class Latencies {

    private static final long MINUTE_MICROS = 60_000_000L;

    private long[] sent = new long[1 << 12];
    private long[] latency = new long[1 << 12];
    private int size;
    private long oldest;

    void add(long sentMicros, long latencyMicros) {
        if (size == sent.length) {
            sent = Arrays.copyOf(sent, size * 2);
            latency = Arrays.copyOf(latency, size * 2);
        }
        sent[size] = sentMicros;
        latency[size] = latencyMicros;
        size++;
        oldest = Math.max(oldest, latencyMicros);
    }

    /** The longest a payment waited for its decision. */
    public long oldest() {
        return oldest;
    }

    /** The {@code p} percentile (0 to 1) of every latency, 0 when none was measured. */
    public long percentile(double p) {
        return percentile(Arrays.copyOf(latency, size), p);
    }

    /** The {@code p} percentile of the latencies of the payments sent in each minute, by minute from the start. */
    public SortedMap<Long, Long> percentileByMinute(double p) {
        SortedMap<Long, long[]> byMinute = new TreeMap<>();
        SortedMap<Long, Integer> counts = new TreeMap<>();
        for (int i = 0; i < size; i++) {
            counts.merge(sent[i] / MINUTE_MICROS, 1, Integer::sum);
        }
        counts.forEach((minute, count) -> byMinute.put(minute, new long[count]));
        SortedMap<Long, Integer> filled = new TreeMap<>();
        for (int i = 0; i < size; i++) {
            long minute = sent[i] / MINUTE_MICROS;
            byMinute.get(minute)[filled.merge(minute, 1, Integer::sum) - 1] = latency[i];
        }
        SortedMap<Long, Long> percentiles = new TreeMap<>();
        byMinute.forEach((minute, values) -> percentiles.put(minute, percentile(values, p)));
        return percentiles;
    }

    /** The longest wait of the payments sent in each minute, by minute from the start. */
    public SortedMap<Long, Long> oldestByMinute() {
        return percentileByMinute(1.0);
    }

    private static long percentile(long[] values, double p) {
        if (values.length == 0) {
            return 0;
        }
        Arrays.sort(values);
        return values[(int) Math.min(values.length - 1, Math.floor(p * values.length))];
    }
}
