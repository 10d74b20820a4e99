package com.example.bench.cold;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Cold start per variant, pictured beside its table. Under a second. */
class ColdStartChartTest {

    @Test
    void eachVariant_itsColdTotal_withItsInitDrawnOverIt() {
        // GIVEN two variants, two cold starts each
        List<Variant> variants = List.of(variant("ours"), variant("baseline"));
        Map<String, List<ColdStart>> samples = Map.of(
                "ours", List.of(sample("ours", 2400, 1000), sample("ours", 2600, 1200)),
                "baseline", List.of(sample("baseline", 1900, 1600), sample("baseline", 1900, 1700)));
        ColdStartSections sections = new ColdStartSections(variants, samples, Duration.ofSeconds(1), Path.of("jdk"));

        // WHEN charted
        String chart = sections.chart();

        // THEN by the variants' ids: the medians of init + first invoke, then of init, drawn over them
        assertTrue(chart.contains("  x-axis [\"ours\", \"baseline\"]\n"), chart);
        assertTrue(chart.contains("  bar [3600, 3550]\n  bar [2500, 1900]\n"), chart);
        assertTrue(chart.contains("init + first invoke: blue bars · init: orange bars\"\n"), chart);
    }

    private static Variant variant(String name) {
        return new Variant(name, name + " label", "handler", List.of(), "", "", Map.of(), 2);
    }

    private static ColdStart sample(String variant, double initMs, double firstInvokeMs) {
        return new ColdStart(variant, initMs, firstInvokeMs, 200, initMs + firstInvokeMs, 110_000, 10_000);
    }
}
