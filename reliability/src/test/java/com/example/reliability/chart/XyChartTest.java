package com.example.reliability.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The Mermaid text the reports embed (https://mermaid.js.org/syntax/xyChart.html). Milliseconds. */
class XyChartTest {

    @Test
    void oneBarSeries_isAFencedXyChartWithTheTitleAsGiven() {
        // GIVEN one series of bars WHEN written
        String md = XyChart.of("Cold start (ms, median)", "ms", List.of("ours", "baseline"))
                .bar("init", List.of(2509.0, 1889.0)).markdown();

        // THEN a mermaid block, its size and colour set in front matter, no legend in the title for one series
        assertEquals("""
                ```mermaid
                ---
                config:
                  xyChart:
                    width: 900
                    height: 420
                    titleFontSize: 15
                  themeVariables:
                    xyChart:
                      plotColorPalette: "#1f77b4"
                ---
                xychart-beta
                  title "Cold start (ms, median)"
                  x-axis ["ours", "baseline"]
                  y-axis "ms" 0 --> 5000
                  bar [2509, 1889]
                ```
                """, md);
    }

    @Test
    void severalSeries_areColouredInOrderAndNamedInTheTitle() {
        // GIVEN bars then a line
        String md = XyChart.of("Batch of 10 (ms)", "ms", List.of("a", "b"))
                .bar("with delay", List.of(78.7, 497.8))
                .line("floor", List.of(76.2, 209.0))
                .markdown();

        // THEN the palette is set for two plots, the title names each colour, bars and line in that order
        assertTrue(md.contains("plotColorPalette: \"#1f77b4, #ff7f0e\"\n"), md);
        assertTrue(md.contains("  title \"Batch of 10 (ms) · with delay: blue bars · floor: orange line\"\n"), md);
        assertTrue(md.indexOf("  bar [78.7, 497.8]\n") < md.indexOf("  line [76.2, 209]\n"), md);
    }

    @Test
    void quotesAndLineBreaks_inTitlesAndLabels_cannotBreakTheChart() {
        // GIVEN text with a double quote and a line break (Mermaid strings cannot escape a quote)
        String md = XyChart.of("the \"late\" duplicate\nafter TTL", "calls", List.of("a \"b\"", "c, [d]"))
                .bar("x", List.of(1.0, 2.0)).markdown();

        // THEN the quote becomes a single quote, the break a space; commas and brackets stay inside the quotes
        assertTrue(md.contains("  title \"the 'late' duplicate after TTL\"\n"), md);
        assertTrue(md.contains("  x-axis [\"a 'b'\", \"c, [d]\"]\n"), md);
    }

    @Test
    void numbers_areWrittenInPlainDecimal() {
        assertEquals("12500000", XyChart.number(1.25e7));
        assertEquals("0.001", XyChart.number(0.0012));
        assertEquals("-3.5", XyChart.number(-3.5));
        assertEquals("0", XyChart.number(-0.0));
        assertEquals("0", XyChart.number(0.0001));
    }

    @Test
    void yAxis_runsFromZeroToARoundNumberAboveTheData_orToTheTopGiven() {
        XyChart chart = XyChart.of("t", "ms", List.of("a", "b")).bar("x", List.of(3.0, 179.0));
        assertTrue(chart.markdown().contains("  y-axis \"ms\" 0 --> 200\n"));
        assertTrue(chart.yMax(400).markdown().contains("  y-axis \"ms\" 0 --> 400\n"));
        // all zero (ours' double debits): still a visible axis
        assertTrue(XyChart.of("t", "n", List.of("a")).bar("x", List.of(0.0)).markdown().contains(" 0 --> 1\n"));
        // below zero (a balance change): the axis starts at the lowest value
        assertTrue(XyChart.of("t", "n", List.of("a", "b")).bar("x", List.of(-12.5, 4.0)).markdown()
                .contains(" -12.5 --> 5\n"));
    }

    @Test
    void roundAbove_takesOneTwoTwoAndAHalfOrFiveTimesAPowerOfTen() {
        assertEquals(1, XyChart.roundAbove(1));
        assertEquals(2.5, XyChart.roundAbove(2.1));
        assertEquals(50, XyChart.roundAbove(25.1));
        assertEquals(100, XyChart.roundAbove(50.5));
        assertEquals(0.2, XyChart.roundAbove(0.15), 1e-12);
    }

    @Test
    void horizontal_isDeclaredRightAfterTheFrontMatter() {
        String md = XyChart.of("t", "n", List.of("a")).bar("x", List.of(1.0)).horizontally().markdown();
        assertTrue(md.contains("---\nxychart-beta horizontal\n"), md);
    }

    @Test
    void badCharts_areRefusedNamingTheFieldAndRule() {
        XyChart chart = XyChart.of("t", "ms", List.of("a", "b"));
        assertEquals("series 'x' has 1 values for 2 categories: one value per category",
                assertThrows(IllegalArgumentException.class, () -> chart.bar("x", List.of(1.0))).getMessage());
        assertEquals("series 'x': every value must be a finite number, was NaN",
                assertThrows(IllegalArgumentException.class, () -> chart.line("x", List.of(1.0, Double.NaN))).getMessage());
        assertEquals("category 'a label far too long to stay legible' is longer than 24 characters: labels that long overlap",
                assertThrows(IllegalArgumentException.class,
                        () -> XyChart.of("t", "ms", List.of("a label far too long to stay legible"))).getMessage());
        assertEquals("title must be non-blank text",
                assertThrows(IllegalArgumentException.class, () -> XyChart.of(" ", "ms", List.of("a"))).getMessage());
        assertEquals("yMax must be a finite number above 0, was 0.0",
                assertThrows(IllegalArgumentException.class, () -> chart.yMax(0)).getMessage());
        assertEquals("chart 't': a value of 179 is above the y-axis' top, 100: it would be cut off",
                assertThrows(IllegalStateException.class,
                        () -> chart.bar("x", List.of(1.0, 179.0)).yMax(100).markdown()).getMessage());
        assertEquals("chart 't' has no series to draw",
                assertThrows(IllegalStateException.class, chart::markdown).getMessage());
        XyChart wordy = XyChart.of("a title that says far too much about what the chart shows", "ms", List.of("a"))
                .bar("the first series' long name", List.of(1.0)).line("the second one's", List.of(2.0));
        assertTrue(assertThrows(IllegalStateException.class, wordy::markdown).getMessage()
                .startsWith("chart title with its series' names is 130 characters, more than the 100 that fit"));
        XyChart full = XyChart.of("t", "ms", List.of("a"));
        for (int i = 0; i < XyChart.PALETTE.size(); i++) {
            full = full.line("s" + i, List.of(1.0));
        }
        XyChart six = full;
        assertThrows(IllegalArgumentException.class, () -> six.line("one too many", List.of(1.0)));
    }
}
