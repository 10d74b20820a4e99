package com.example.reliability;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How long transactions took from their first send to their decision, in ms: median, 99th
 * percentile (nearest rank) and maximum, over {@code count} decided transactions.
 */
public record Latency(int count, double p50Ms, double p99Ms, double maxMs) {

    /** Over every transaction both sent and decided; empty when there is none. */
    static Optional<Latency> of(Map<String, Instant> decidedAt, Map<String, Instant> firstSent) {
        List<Double> millis = new ArrayList<>();
        decidedAt.forEach((txn, decided) -> {
            Instant sent = firstSent.get(txn);
            if (sent != null) {
                millis.add(Duration.between(sent, decided).toNanos() / 1e6);
            }
        });
        if (millis.isEmpty()) {
            return Optional.empty();
        }
        Collections.sort(millis);
        return Optional.of(new Latency(millis.size(), rank(millis, 0.50), rank(millis, 0.99), millis.getLast()));
    }

    private static double rank(List<Double> sorted, double quantile) {
        int index = (int) Math.ceil(quantile * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index)));
    }
}
