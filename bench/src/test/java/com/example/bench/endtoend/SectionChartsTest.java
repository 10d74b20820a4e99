package com.example.bench.endtoend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.reliability.Implementation;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The round-trips and batch-latency sections' charts, drawn from their own figures, and the
 * sections written again from their saved figures ({@code make bench-report}). Under a second.
 */
class SectionChartsTest {

    @Test
    void callsPerMessage_oursAsBars_theBaselineAsALine_byShortKind() {
        // GIVEN a row per kind for ours (1 call each but the fast path) and the baseline (4 each)
        List<RoundTrips.Row> rows = rows(1);

        // WHEN charted
        String chart = RoundTripsMarkdown.chart(rows);

        // THEN every kind by its short name, ours' bars then the baseline's line, both named in the title
        assertTrue(chart.contains("  x-axis [\"new\", \"new, one account\", \"new, declined\", \"duplicate, fast path\", "
                + "\"duplicate, store\", \"duplicate, late\"]\n"), chart);
        assertTrue(chart.contains("  bar [1, 1, 1, 0, 1, 1]\n  line [4, 4, 4, 4, 4, 4]\n"), chart);
        assertTrue(chart.contains("· ours: blue bars · Powertools baseline: orange line\"\n"), chart);
        assertTrue(chart.contains("  y-axis \"calls / message\" 0 --> 5\n"), chart);
    }

    @Test
    void batchLatency_withTheDelayAsBars_itsFloorAndNoDelayAsLines() {
        // GIVEN two configurations
        List<BatchLatency.Run> runs = List.of(
                new BatchLatency.Run("ours, MAX_CONCURRENCY 10", "ours c=10, 10 accounts", "ours", 10,
                        constant(69.0), constant(78.7), 76.2),
                new BatchLatency.Run("Powertools baseline", "baseline, 10 accounts", "Powertools baseline", 10,
                        constant(201.8), constant(497.8), 209.0));

        // WHEN charted
        String chart = BatchLatencyMarkdown.chart(runs);

        // THEN the medians in the table's order, under one title naming the three series
        assertTrue(chart.contains("  x-axis [\"ours c=10, 10 accounts\", \"baseline, 10 accounts\"]\n"), chart);
        assertTrue(chart.contains("  bar [78.7, 497.8]\n  line [76.2, 209]\n  line [69, 201.8]\n"), chart);
        assertTrue(chart.contains("  title \"Batch of 10, ms (median) · with delay: blue bars · floor: orange line · no delay: green line\"\n"), chart);
        assertTrue(chart.contains("  y-axis \"ms\" 0 --> 500\n"), chart);
    }

    @Test
    void sectionsWrittenAgainFromTheirSavedFigures_areTheSectionsTheRunWrote() throws Exception {
        // GIVEN both sections' figures, as the runs save them (SectionFile's JSON)
        List<RoundTrips.Row> rows = rows(1);
        RoundTrips.Figures trips = new RoundTrips.Figures(RoundTripsMarkdown.WRITE_UNITS_SOURCE, rows, RoundTripsMarkdown.goals(rows));
        List<BatchLatency.Run> runs = List.of(
                run("ours, MAX_CONCURRENCY 10", "ours", 10), run("ours, MAX_CONCURRENCY 8", "ours", 10),
                run("Powertools baseline", "Powertools baseline", 10), run("ours, MAX_CONCURRENCY 10", "ours", 1),
                run("Powertools baseline", "Powertools baseline", 1));
        BatchLatency.Figures latency = new BatchLatency.Figures(2.5, 0.5, constant(13.7), constant(1.5), constant(7.7),
                constant(0.3), 6.0, 1.2, runs, BatchLatencyMarkdown.goals(runs), "1.08 / 1.13 / 1.69 (1 / 5 / 15 min)",
                "https");
        ObjectMapper json = new ObjectMapper();

        // WHEN read back and rendered
        RoundTrips.Figures tripsAgain = json.readValue(json.writeValueAsString(trips), RoundTrips.Figures.class);
        BatchLatency.Figures latencyAgain = json.readValue(json.writeValueAsString(latency), BatchLatency.Figures.class);

        // THEN the same markdown, the run's load average included
        assertEquals(RoundTripsMarkdown.render(rows, trips.goals()), RoundTripsMarkdown.render(tripsAgain.rows(), tripsAgain.goals()));
        assertEquals(BatchLatencyMarkdown.render(latency), BatchLatencyMarkdown.render(latencyAgain));
        assertTrue(BatchLatencyMarkdown.render(latencyAgain).contains("Load average at the end: 1.08 / 1.13 / 1.69"));
    }

    @Test
    void everyKind_isFoundByItsTableLabel() {
        Map<String, RoundTrips.Kind> byLabel = new HashMap<>();
        for (RoundTrips.Kind kind : RoundTrips.Kind.values()) {
            byLabel.put(kind.label, RoundTrips.Kind.labelled(kind.label));
            assertEquals(kind, byLabel.get(kind.label));
        }
    }

    /** A row per kind: ours {@code ours} DynamoDB call(s) per message (none on the fast path), the baseline 4. */
    private static List<RoundTrips.Row> rows(double ours) {
        List<RoundTrips.Row> rows = new ArrayList<>();
        for (Implementation implementation : List.of(Implementation.RECEIVER, Implementation.POWERTOOLS)) {
            for (RoundTrips.Kind kind : RoundTrips.Kind.values()) {
                double calls = implementation == Implementation.POWERTOOLS ? 4 : kind == RoundTrips.Kind.FAST_PATH_DUPLICATE ? 0 : ours;
                rows.add(new RoundTrips.Row(implementation.label(), kind.label, 10, Map.of("TransactWriteItems", 10),
                        calls, 6, 300, 2, Map.of("get", 10L), 0, -12_500));
            }
        }
        return rows;
    }

    private static BatchLatency.Run run(String name, String implementation, int accounts) {
        return new BatchLatency.Run(name, name.startsWith("ours") ? "ours, " + accounts : "baseline, " + accounts,
                implementation, accounts, constant(69.0 + accounts), constant(78.7 + accounts), 76.2);
    }

    private static Distribution constant(double ms) {
        return Distribution.of(List.of(ms));
    }
}
