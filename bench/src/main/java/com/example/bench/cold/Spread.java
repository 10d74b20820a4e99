package com.example.bench.cold;

import java.util.List;

/**
 * The median of a few samples and how far they spread: min, quartiles (nearest rank) and max.
 */
record Spread(int count, double median, double min, double p25, double p75, double max) {

    static Spread of(List<Double> samples) {
        if (samples.isEmpty()) {
            throw new IllegalArgumentException("no samples");
        }
        double[] sorted = samples.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return new Spread(sorted.length, median(sorted), sorted[0], rank(sorted, 0.25), rank(sorted, 0.75),
                sorted[sorted.length - 1]);
    }

    private static double median(double[] sorted) {
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    private static double rank(double[] sorted, double quantile) {
        int index = (int) Math.ceil(quantile * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }

    /** {@code 812 ms (IQR 790-840, 760-910)}: median, interquartile range, range. */
    String format(String unit) {
        return "%.0f %s (IQR %.0f–%.0f, range %.0f–%.0f)".formatted(median, unit, p25, p75, min, max);
    }
}
