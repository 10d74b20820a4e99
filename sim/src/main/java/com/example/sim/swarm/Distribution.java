package com.example.sim.swarm;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a swarm drew: per setting, each value and how many seeds drew it (a range's values in
 * five buckets of equal width), and how many sets the Rules refused on the way.
 */
public final class Distribution {

    private static final int BUCKETS = 5;

    private final List<Dimension> dimensions;
    private final Map<String, Map<String, Integer>> counts = new LinkedHashMap<>();
    private int draws;
    private long refused;

    public Distribution(List<Dimension> dimensions) {
        this.dimensions = List.copyOf(dimensions);
        dimensions.forEach(d -> counts.put(d.name(), d.ranged() ? new TreeMap<>() : new LinkedHashMap<>()));
    }

    public void add(Draw draw) {
        draws++;
        refused += draw.refused();
        for (Dimension dimension : dimensions) {
            counts.get(dimension.name()).merge(bucket(dimension, draw.value(dimension.name())), 1, Integer::sum);
        }
    }

    /** One line per setting ({@code name: value xN, ...}, a list's values in its order) after a line of totals. */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        lines.add("draws=" + draws + " refused_by_rules=" + refused);
        for (Dimension dimension : dimensions) {
            Map<String, Integer> drawn = counts.get(dimension.name());
            List<String> shown = new ArrayList<>();
            if (dimension.ranged()) {
                drawn.forEach((bucket, n) -> shown.add(bucket.substring(bucket.indexOf(' ') + 1) + " x" + n));
            } else {
                dimension.values().forEach(value -> shown.add(value + " x" + drawn.getOrDefault(value, 0)));
            }
            lines.add("  " + dimension.name() + ": " + String.join(", ", shown));
        }
        return lines;
    }

    /** A list's value itself; a range's bucket, keyed to sort by its start. */
    private static String bucket(Dimension dimension, String value) {
        if (!dimension.ranged()) {
            return value;
        }
        long width = Math.max(1, (dimension.max() - dimension.min() + BUCKETS) / BUCKETS);
        long index = (Long.parseLong(value) - dimension.min()) / width;
        long from = dimension.min() + index * width;
        long to = Math.min(dimension.max(), from + width - 1);
        return String.format("%03d %d-%d", index, from, to);
    }
}
