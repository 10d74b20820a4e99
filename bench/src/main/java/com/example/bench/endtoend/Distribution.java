package com.example.bench.endtoend;

import java.util.List;

/** Median and spread of a sample (nearest-rank percentiles), in the sample's unit. */
record Distribution(int count, double median, double p10, double p90, double min, double max) {

    Distribution {
        if (count < 1 || !(min <= p10 && p10 <= median && median <= p90 && p90 <= max)) {
            throw new IllegalArgumentException("a distribution needs at least one value and ordered percentiles");
        }
    }

    static Distribution of(List<Double> values) {
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        if (sorted.length == 0) {
            throw new IllegalArgumentException("a distribution needs at least one value");
        }
        return new Distribution(sorted.length, percentile(sorted, 50), percentile(sorted, 10), percentile(sorted, 90),
                sorted[0], sorted[sorted.length - 1]);
    }

    private static double percentile(double[] sorted, int p) {
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    /** {@code median (p10–p90, min–max)} with one decimal. */
    String text() {
        return String.format(java.util.Locale.ROOT, "%.1f (p10 %.1f – p90 %.1f; min %.1f, max %.1f)", median, p10, p90, min, max);
    }
}
