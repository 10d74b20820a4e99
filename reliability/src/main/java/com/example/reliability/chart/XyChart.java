package com.example.reliability.chart;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.stream.Collectors;

/**
 * A Mermaid {@code xychart-beta} (https://mermaid.js.org/syntax/xyChart.html): categories along
 * the x-axis, one or more series of numbers over them, written as a fenced {@code mermaid} block
 * that GitHub and most Markdown viewers draw.
 *
 * <p>Mermaid draws no legend for an XY chart, so each series is given a fixed colour, in
 * declaration order (a front-matter {@code plotColorPalette}), and when there are several the
 * title names them ({@code "… · ours: blue bars ·
 * floor: orange line"}). Bars of several series are drawn over one another at the same place, in
 * declaration order: declare the taller series first, or picture one series per chart.
 *
 * <p>Mermaid strings cannot escape a double quote: one in a title or a category becomes a single
 * quote; line breaks become spaces. Numbers are written in plain decimal (Mermaid reads no
 * exponent). The y-axis runs from 0 (or the lowest value, when negative) to {@code yMax}
 * when set, or else to a round number above the highest value.
 *
 * @param title      what the chart shows, with its unit, e.g. {@code "Batch latency (ms, median)"}
 * @param yAxis      the y-axis' label, its unit
 * @param categories the x-axis' labels, short: at most {@value #MAX_CATEGORY} characters each
 * @param series     what is drawn over the categories, one value per category each
 * @param yMax       the y-axis' top, for charts that must share one scale; empty: chosen from the data
 * @param horizontal whether the categories run down the side (for longer labels) instead of along the bottom
 */
public record XyChart(String title, String yAxis, List<String> categories, List<Series> series, OptionalDouble yMax,
                      boolean horizontal) {

    /** The longest category label: longer ones overlap their neighbours. */
    public static final int MAX_CATEGORY = 24;

    /** The longest title, legend included, that fits the drawing's width at its font size. */
    public static final int MAX_TITLE = 100;

    /** The drawing's size in pixels and its title's font: wide enough for a title naming three series. */
    static final int WIDTH = 900;
    static final int HEIGHT = 420;
    static final int TITLE_FONT_SIZE = 15;

    /** The colours of the series in declaration order, as the title names them. */
    static final List<Colour> PALETTE = List.of(
            new Colour("blue", "#1f77b4"), new Colour("orange", "#ff7f0e"), new Colour("green", "#2ca02c"),
            new Colour("red", "#d62728"), new Colour("purple", "#9467bd"), new Colour("grey", "#7f7f7f"));

    /** How a series is drawn. */
    public enum Kind {
        BAR("bar", "bars"), LINE("line", "line");

        private final String keyword;
        private final String plural;

        Kind(String keyword, String plural) {
            this.keyword = keyword;
            this.plural = plural;
        }
    }

    /** A named colour of {@link #PALETTE}. */
    record Colour(String name, String hex) {
    }

    /**
     * One series: a name for the title and a value per category.
     *
     * @param name   what the series is, e.g. {@code "ours"}
     * @param kind   bars or a line
     * @param values one per category, finite
     */
    public record Series(String name, Kind kind, List<Double> values) {

        public Series {
            requireText(name, "series name");
            Objects.requireNonNull(kind, "kind");
            values = List.copyOf(values);
            for (Double value : values) {
                if (value == null || !Double.isFinite(value)) {
                    throw new IllegalArgumentException("series '" + name + "': every value must be a finite number, was " + value);
                }
            }
        }
    }

    public XyChart {
        requireText(title, "title");
        requireText(yAxis, "yAxis");
        categories = List.copyOf(categories);
        series = List.copyOf(series);
        Objects.requireNonNull(yMax, "yMax");
        if (categories.isEmpty()) {
            throw new IllegalArgumentException("categories: at least one");
        }
        for (String category : categories) {
            requireText(category, "category");
            if (category.length() > MAX_CATEGORY) {
                throw new IllegalArgumentException("category '" + category + "' is longer than " + MAX_CATEGORY
                        + " characters: labels that long overlap");
            }
        }
        if (series.size() > PALETTE.size()) {
            throw new IllegalArgumentException("series: at most " + PALETTE.size() + " (one colour each), were " + series.size());
        }
        for (Series s : series) {
            if (s.values().size() != categories.size()) {
                throw new IllegalArgumentException("series '" + s.name() + "' has " + s.values().size()
                        + " values for " + categories.size() + " categories: one value per category");
            }
        }
        if (yMax.isPresent() && !(Double.isFinite(yMax.getAsDouble()) && yMax.getAsDouble() > 0)) {
            throw new IllegalArgumentException("yMax must be a finite number above 0, was " + yMax.getAsDouble());
        }
    }

    /** A vertical chart of {@code categories}, no series yet, its y-axis fitted to the data. */
    public static XyChart of(String title, String yAxis, List<String> categories) {
        return new XyChart(title, yAxis, categories, List.of(), OptionalDouble.empty(), false);
    }

    /** This chart with a series of bars added after the others. */
    public XyChart bar(String name, List<Double> values) {
        return with(new Series(name, Kind.BAR, values));
    }

    /** This chart with a line added after the others. */
    public XyChart line(String name, List<Double> values) {
        return with(new Series(name, Kind.LINE, values));
    }

    private XyChart with(Series added) {
        List<Series> all = new ArrayList<>(series);
        all.add(added);
        return new XyChart(title, yAxis, categories, all, yMax, horizontal);
    }

    /** This chart with its y-axis running up to {@code top}, e.g. for charts read side by side. */
    public XyChart yMax(double top) {
        return new XyChart(title, yAxis, categories, series, OptionalDouble.of(top), horizontal);
    }

    /** This chart with the categories down the side and the bars running across. */
    public XyChart horizontally() {
        return new XyChart(title, yAxis, categories, series, yMax, true);
    }

    /** The chart as a fenced {@code mermaid} block, ending with a line break. */
    public String markdown() {
        if (series.isEmpty()) {
            throw new IllegalStateException("chart '" + title + "' has no series to draw");
        }
        String fullTitle = fullTitle();
        if (fullTitle.length() > MAX_TITLE) {
            throw new IllegalStateException("chart title with its series' names is " + fullTitle.length()
                    + " characters, more than the " + MAX_TITLE + " that fit: '" + fullTitle + "'");
        }
        double highest = highest();
        if (yMax.isPresent() && highest > yMax.getAsDouble()) {
            throw new IllegalStateException("chart '" + title + "': a value of " + number(highest) + " is above the y-axis' top, "
                    + number(yMax.getAsDouble()) + ": it would be cut off");
        }
        StringBuilder md = new StringBuilder("```mermaid\n");
        md.append("---\nconfig:\n  xyChart:\n    width: ").append(WIDTH).append("\n    height: ").append(HEIGHT)
                .append("\n    titleFontSize: ").append(TITLE_FONT_SIZE)
                .append("\n  themeVariables:\n    xyChart:\n      plotColorPalette: \"")
                .append(PALETTE.stream().limit(series.size()).map(Colour::hex).collect(Collectors.joining(", ")))
                .append("\"\n---\n");
        md.append(horizontal ? "xychart-beta horizontal\n" : "xychart-beta\n");
        md.append("  title ").append(quoted(fullTitle)).append('\n');
        md.append("  x-axis [").append(categories.stream().map(XyChart::quoted).collect(Collectors.joining(", "))).append("]\n");
        md.append("  y-axis ").append(quoted(yAxis)).append(' ').append(number(bottom())).append(" --> ")
                .append(number(top())).append('\n');
        for (Series s : series) {
            md.append("  ").append(s.kind().keyword).append(" [")
                    .append(s.values().stream().map(XyChart::number).collect(Collectors.joining(", "))).append("]\n");
        }
        return md.append("```\n").toString();
    }

    /** The title, followed by each series' name and colour when there are several. */
    String fullTitle() {
        if (series.size() < 2) {
            return title;
        }
        List<String> legend = new ArrayList<>();
        for (int i = 0; i < series.size(); i++) {
            Series s = series.get(i);
            legend.add(s.name() + ": " + PALETTE.get(i).name() + " " + s.kind().plural);
        }
        return title + " · " + String.join(" · ", legend);
    }

    double bottom() {
        return Math.min(0, series.stream().flatMap(s -> s.values().stream()).mapToDouble(Double::doubleValue).min().orElse(0));
    }

    double top() {
        return yMax.orElse(roundAbove(highest()));
    }

    private double highest() {
        return series.stream().flatMap(s -> s.values().stream()).mapToDouble(Double::doubleValue).max().orElse(0);
    }

    /**
     * The smallest of 1, 2, 2.5 or 5 times a power of ten at or above {@code value} (1 for nothing
     * above 0): the top of an axis fitted to the data, or shared by charts read side by side.
     */
    public static double roundAbove(double value) {
        if (value <= 0) {
            return 1;
        }
        double power = Math.pow(10, Math.floor(Math.log10(value)));
        for (double step : new double[] {1, 2, 2.5, 5, 10}) {
            if (step * power >= value) {
                return step * power;
            }
        }
        throw new IllegalStateException("unreachable: 10 times the power is above " + value);
    }

    /** {@code text} in Mermaid's double quotes, which it cannot escape. */
    static String quoted(String text) {
        return '"' + text.replace('"', '\'').replaceAll("\\s*[\\r\\n]+\\s*", " ") + '"';
    }

    /** Plain decimal, at most 3 decimals, no trailing zeros: Mermaid reads no exponent. */
    static String number(double value) {
        BigDecimal plain = BigDecimal.valueOf(value).setScale(3, RoundingMode.HALF_UP).stripTrailingZeros();
        return plain.signum() == 0 ? "0" : plain.toPlainString();
    }

    private static void requireText(String text, String field) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException(field + " must be non-blank text");
        }
    }
}
