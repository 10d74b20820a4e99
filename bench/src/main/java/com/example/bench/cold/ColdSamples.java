package com.example.bench.cold;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * A bench-cold run's cold starts by variant, and the statistics every section draws from them:
 * spreads, ratios of medians, the medians of a traced variant's parts.
 */
final class ColdSamples {

    private final List<Variant> variants;
    private final Map<String, List<ColdStart>> samples;

    ColdSamples(List<Variant> variants, Map<String, List<ColdStart>> samples) {
        this.variants = List.copyOf(variants);
        this.samples = Map.copyOf(samples);
    }

    /** The variants, ours first and the baseline second. */
    List<Variant> variants() {
        return variants;
    }

    /** The cold starts of {@code variant}, in the order run. */
    List<ColdStart> of(String variant) {
        return samples.get(variant);
    }

    /** Whether {@code variant} ran. */
    boolean has(String variant) {
        return samples.containsKey(variant);
    }

    Spread spread(String variant, ToDoubleFunction<ColdStart> figure) {
        return Spread.of(samples.get(variant).stream().map(figure::applyAsDouble).toList());
    }

    /** Init + first invoke: what the first batch waits beyond the process start. */
    static double total(ColdStart sample) {
        return sample.initMs() + sample.firstInvokeMs();
    }

    /** {@code variant}'s median of {@code figure} over {@code to}'s. */
    double ratio(String variant, String to, ToDoubleFunction<ColdStart> figure) {
        return spread(variant, figure).median() / spread(to, figure).median();
    }

    /** The parts' medians over a traced variant's runs, of its first batch or its warm one (0 where a run had none). */
    Map<String, Double> partMedians(String variant, boolean first) {
        List<ColdStart> runs = samples.get(variant);
        Map<String, Double> medians = new LinkedHashMap<>();
        runs.stream().flatMap(run -> (first ? run.firstParts() : run.warmParts()).keySet().stream()).distinct()
                .forEach(part -> medians.put(part, Spread.of(runs.stream()
                        .map(run -> (first ? run.firstParts() : run.warmParts()).getOrDefault(part, 0.0)).toList()).median()));
        return medians;
    }

    /** A variant's first invoke minus its warm invoke, medians: the first batch's first-time work as a whole. */
    double firstTimeWorkMs(String variant) {
        return spread(variant, ColdStart::firstInvokeMs).median() - spread(variant, ColdStart::warmInvokeMs).median();
    }
}
