package com.example.sim.oracles;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The peak's figures: percentiles over the run, and over each minute's payments. */
class LatenciesTest {

    private static final long SECOND = 1_000_000L;

    @Test
    void percentiles_overTheRun_andByTheMinuteOfSending() {
        // GIVEN 100 payments sent in the first minute decided in 1..100 ms and one more in 30 s, and 10 sent in the third decided in 5 s each
        Latencies latencies = new Latencies();
        for (int i = 1; i <= 100; i++) {
            latencies.add(i * SECOND / 2, i * 1_000L);
        }
        latencies.add(59 * SECOND, 30 * SECOND);
        for (int i = 0; i < 10; i++) {
            latencies.add(125 * SECOND + i, 5 * SECOND);
        }
        // THEN the run's percentiles count all 111, the oldest is the longest wait
        assertEquals(56_000, latencies.percentile(0.50));
        assertEquals(5 * SECOND, latencies.percentile(0.99));
        assertEquals(30 * SECOND, latencies.oldest());
        // AND each minute's p99 and oldest count only that minute's payments (a minute none was sent in has no entry)
        assertEquals(new TreeMap<>(Map.of(0L, 100_000L, 2L, 5 * SECOND)), latencies.percentileByMinute(0.99));
        assertEquals(new TreeMap<>(Map.of(0L, 30 * SECOND, 2L, 5 * SECOND)), latencies.oldestByMinute());
    }

    @Test
    void noPayments_noFigures() {
        Latencies latencies = new Latencies();
        assertEquals(0, latencies.percentile(0.99));
        assertEquals(Map.of(), latencies.percentileByMinute(0.99));
        assertEquals(Map.of(), latencies.oldestByMinute());
    }

    @Test
    void grows_pastItsFirstArrays() {
        Latencies latencies = new Latencies();
        for (int i = 0; i < 10_000; i++) {
            latencies.add(i, i);
        }
        assertEquals(9_999, latencies.oldest());
        assertEquals(9_900, latencies.percentile(0.99));
    }
}
