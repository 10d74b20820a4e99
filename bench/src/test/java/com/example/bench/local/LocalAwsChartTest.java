package com.example.bench.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The local AWS at volume, pictured: deliveries per second by size against the goal; and its
 * section written again from the saved figures ({@code make bench-report}). Under a second.
 */
class LocalAwsChartTest {

    /** Two sizes: 1250 deliveries drained in 19 s, 50000 in 346.2 s. */
    private final List<VolumeRun> runs = List.of(
            new VolumeRun(500, 400, 2.4, 19.0, 1250, 400, 100, 400, 400, 0),
            new VolumeRun(20000, 16000, 11.8, 346.2, 50000, 16000, 4000, 16000, 16000, 0));

    @Test
    void deliveriesPerSecond_bySize_againstTheGoalLine() {
        // WHEN charted
        String chart = LocalAwsMarkdown.chart(runs);

        // THEN one bar per size (deliveries / drain seconds) and the goal as a line
        assertTrue(chart.contains("  x-axis [\"500 messages\", \"20000 messages\"]\n"), chart);
        assertTrue(chart.contains("  bar [65.789, 144.425]\n  line [100, 100]\n"), chart);
        assertTrue(chart.contains("measured: blue bars · goal: orange line\"\n"), chart);
    }

    @Test
    void theSectionFromItsSavedFigures_isTheSectionTheRunWrote() throws Exception {
        // GIVEN the figures as the run saves them
        LocalAwsVolume.Figures figures = new LocalAwsVolume.Figures("1.30 / 2.05 / 2.05 (1 / 5 / 15 min)", runs);
        ObjectMapper json = new ObjectMapper();

        // WHEN read back
        LocalAwsVolume.Figures again = json.readValue(json.writeValueAsString(figures), LocalAwsVolume.Figures.class);

        // THEN the same section, with the run's load average
        assertEquals(LocalAwsMarkdown.section(runs, figures.loadAverage()), LocalAwsMarkdown.section(again.runs(), again.loadAverage()));
    }
}
