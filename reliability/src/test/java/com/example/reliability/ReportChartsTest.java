package com.example.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The double debits of the fault points, pictured beside their table in docs/reliability.md. Under a second. */
class ReportChartsTest {

    @Test
    void doubleDebits_oneChartPerImplementation_onOneScale_withTheTablesFigures() {
        // GIVEN the fault-point results of ours (0) and the two baselines (179 and 20)
        List<Result> faultPoints = ResultsFileTest.results().stream()
                .filter(r -> r.scenario().fault() instanceof FaultPoint && r.scenario().pollers() == 1).toList();

        // WHEN charted
        StringBuilder md = new StringBuilder();
        ReportMarkdown.doubleDebitCharts(md, faultPoints);

        // THEN three charts, fault points down the side, each titled with its implementation, every axis up to 200,
        // each bar the table's figure
        List<String> charts = Pattern.compile("```mermaid\n.*?```\n", Pattern.DOTALL).matcher(md).results()
                .map(m -> m.group()).toList();
        assertEquals(3, charts.size(), md.toString());
        assertChart(charts.get(0), "ours", "\"response lost\"", "[0]");
        assertChart(charts.get(1), "Powertools baseline", "\"response lost\"", "[179]");
        assertChart(charts.get(2), "Powertools as fixed upstream", "\"crash before COMPLETED\"", "[20]");
    }

    private static void assertChart(String chart, String implementation, String category, String bars) {
        assertTrue(chart.contains("---\nxychart-beta horizontal\n"), chart);
        assertTrue(chart.contains("  title \"Double debits per fault point: " + implementation + "\"\n"), chart);
        assertTrue(chart.contains("  x-axis [" + category + "]\n"), chart);
        assertTrue(chart.contains("  y-axis \"payments debited twice\" 0 --> 200\n"), chart);
        Matcher bar = Pattern.compile("  bar (\\[.*])\n").matcher(chart);
        assertTrue(bar.find(), chart);
        assertEquals(bars, bar.group(1));
    }
}
