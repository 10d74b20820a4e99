package com.example.demo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The demo's report as one self-contained HTML page: an inline SVG chart of the running totals
 * over time (received, approved, declined, duplicates by source, failures, decisions published,
 * notifications delivered) with the run's
 * phases and faults marked, and the text report below it. No script, font or image is loaded
 * from anywhere.
 */
final class HtmlReport {

    private static final int WIDTH = 1020;
    private static final int HEIGHT = 420;
    private static final int LEFT = 60;
    private static final int RIGHT = 260;
    private static final int TOP = 20;
    private static final int BOTTOM = 40;
    private static final List<String> COLOURS = List.of("#444444", "#1b7f3b", "#b8860b", "#1f5fbf", "#7b3fbf",
            "#17a2b8", "#d63384", "#c62828", "#000000", "#6d4c41", "#ef6c00");

    private HtmlReport() {
    }

    static void write(Path file, Timeline timeline, String reportText) {
        String html = """
                <!DOCTYPE html>
                <html lang="en"><head><meta charset="utf-8"><title>make demo: report</title>
                <style>body{font-family:sans-serif;margin:2em;color:#222}pre{background:#f6f6f6;padding:1em}
                svg text{font-family:sans-serif;font-size:12px}</style></head><body>
                <h1>make demo: the idempotent receiver under duplicates and faults</h1>
                <p>Running totals per second of wall time. Dashed lines mark the phases and the injected faults.</p>
                %s
                <h2>Report</h2>
                <pre>%s</pre>
                </body></html>
                """.formatted(chart(timeline), escape(reportText));
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, html, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    static String chart(Timeline timeline) {
        long seconds = Math.max(1, timeline.length());
        long max = 1;
        for (String series : Timeline.SERIES) {
            long[] totals = timeline.cumulative(series);
            max = Math.max(max, totals.length == 0 ? 0 : totals[totals.length - 1]);
        }
        int plotWidth = WIDTH - LEFT - RIGHT;
        int plotHeight = HEIGHT - TOP - BOTTOM;
        StringBuilder svg = new StringBuilder();
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(WIDTH).append("\" height=\"").append(HEIGHT)
                .append("\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(HEIGHT).append("\" role=\"img\" aria-label=\"running totals over time\">\n");
        svg.append(line(LEFT, TOP + plotHeight, LEFT + plotWidth, TOP + plotHeight, "#000", ""));
        svg.append(line(LEFT, TOP, LEFT, TOP + plotHeight, "#000", ""));
        for (int tick = 0; tick <= 4; tick++) {
            long value = max * tick / 4;
            double y = TOP + plotHeight - (double) plotHeight * value / max;
            svg.append(text(LEFT - 8, y + 4, "end", Long.toString(value)));
            long second = seconds * tick / 4;
            double x = LEFT + (double) plotWidth * second / seconds;
            svg.append(text(x, TOP + plotHeight + 16, "middle", second + " s"));
        }
        for (Timeline.Marker marker : timeline.markers()) {
            double x = LEFT + (double) plotWidth * marker.second() / seconds;
            svg.append(line(x, TOP, x, TOP + plotHeight, "#999", " stroke-dasharray=\"4 3\""));
            svg.append("<text x=\"").append(fmt(x + 3)).append("\" y=\"").append(TOP + 10)
                    .append("\" transform=\"rotate(90 ").append(fmt(x + 3)).append(' ').append(TOP + 10)
                    .append(")\" fill=\"#666\">").append(escape(marker.label())).append("</text>\n");
        }
        for (int i = 0; i < Timeline.SERIES.size(); i++) {
            String series = Timeline.SERIES.get(i);
            long[] totals = timeline.cumulative(series);
            StringBuilder points = new StringBuilder();
            for (int s = 0; s < totals.length; s++) {
                double x = LEFT + (double) plotWidth * s / seconds;
                double y = TOP + plotHeight - (double) plotHeight * totals[s] / max;
                points.append(fmt(x)).append(',').append(fmt(y)).append(' ');
            }
            String colour = COLOURS.get(i % COLOURS.size());
            svg.append("<polyline fill=\"none\" stroke=\"").append(colour).append("\" stroke-width=\"2\" points=\"")
                    .append(points.toString().strip()).append("\"/>\n");
            int legendY = TOP + 14 + 18 * i;
            svg.append(line(WIDTH - RIGHT + 16, legendY - 4, WIDTH - RIGHT + 36, legendY - 4, colour, " stroke-width=\"3\""));
            long last = totals.length == 0 ? 0 : totals[totals.length - 1];
            svg.append(text(WIDTH - RIGHT + 42, legendY, "start", series + " (" + last + ")"));
        }
        return svg.append("</svg>").toString();
    }

    private static String line(double x1, double y1, double x2, double y2, String colour, String extra) {
        return "<line x1=\"" + fmt(x1) + "\" y1=\"" + fmt(y1) + "\" x2=\"" + fmt(x2) + "\" y2=\"" + fmt(y2)
                + "\" stroke=\"" + colour + "\"" + extra + "/>\n";
    }

    private static String text(double x, double y, String anchor, String content) {
        return "<text x=\"" + fmt(x) + "\" y=\"" + fmt(y) + "\" text-anchor=\"" + anchor + "\">" + escape(content) + "</text>\n";
    }

    private static String fmt(double value) {
        return String.format(java.util.Locale.ROOT, "%.1f", value);
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
