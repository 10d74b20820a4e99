package com.example.demo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What happened when, for the HTML report's chart: the function's outcomes counted per second
 * of wall time since the start (received, approved, declined, duplicates by source, failures,
 * rejected and conflicting messages the function sent to the DLQ at once),
 * the decisions published and the notifications delivered,
 * and the run's events (phases, faults) as markers.
 */
final class Timeline {

    /** The chart's series, in legend order. */
    static final List<String> SERIES = List.of("received", "approved", "declined", "duplicate FAST_PATH",
            "duplicate STORE", "duplicate IN_BATCH", "duplicate LATE", "failures", "dead-lettered", "published", "notified");

    /** A marker on the time axis. */
    record Marker(long second, String label) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Clock clock;
    private final Instant start;
    private final Map<String, TreeMap<Long, Long>> counts = new LinkedHashMap<>();
    private final List<Marker> markers = new ArrayList<>();

    Timeline(Clock clock) {
        this.clock = clock;
        this.start = clock.instant();
        SERIES.forEach(series -> counts.put(series, new TreeMap<>()));
    }

    /** Counts the function's log line, if it is a per-message outcome line. */
    synchronized void line(String line) {
        if (!line.contains("\"outcome\"")) {
            return;
        }
        JsonNode node;
        try {
            node = JSON.readTree(line);
        } catch (IOException notJson) {
            return;
        }
        String series = switch (node.path("outcome").asText()) {
            case "APPROVED" -> "approved";
            case "DECLINED" -> "declined";
            case "DUPLICATE" -> "duplicate " + node.path("source").asText();
            default -> node.path("dead_lettered").asBoolean(false) ? "dead-lettered" : "failures";
        };
        long second = now();
        count("received", second);
        if (counts.containsKey(series)) {
            count(series, second);
        }
    }

    /**
     * Counts a publisher or notifier log line: a decision event published ({@code "event":
     * "PaymentAuthorized"} or {@code "PaymentDeclined"}), or a notification the push API accepted
     * ({@code "outcome": "DELIVERED"}).
     */
    synchronized void downstreamLine(String line) {
        JsonNode node;
        try {
            node = JSON.readTree(line);
        } catch (IOException notJson) {
            return;
        }
        if (node == null) {
            return;
        }
        if (node.path("event").asText().startsWith("Payment")) {
            count("published", now());
        } else if (node.path("outcome").asText().equals("DELIVERED")) {
            count("notified", now());
        }
    }

    /** Marks an event (a phase, a fault) at the current second. */
    synchronized void mark(String label) {
        markers.add(new Marker(now(), label));
    }

    private void count(String series, long second) {
        counts.get(series).merge(second, 1L, Long::sum);
    }

    private long now() {
        return Duration.between(start, clock.instant()).toSeconds();
    }

    /** The seconds covered: from 0 to the last second anything happened. */
    synchronized long length() {
        long last = markers.stream().mapToLong(Marker::second).max().orElse(0);
        for (TreeMap<Long, Long> series : counts.values()) {
            if (!series.isEmpty()) {
                last = Math.max(last, series.lastKey());
            }
        }
        return last + 1;
    }

    /** The running total of {@code series} at the end of each second from 0 to {@link #length()}. */
    synchronized long[] cumulative(String series) {
        long[] totals = new long[(int) length()];
        long sum = 0;
        TreeMap<Long, Long> perSecond = counts.get(series);
        for (int s = 0; s < totals.length; s++) {
            sum += perSecond.getOrDefault((long) s, 0L);
            totals[s] = sum;
        }
        return totals;
    }

    synchronized List<Marker> markers() {
        return List.copyOf(markers);
    }
}
