package com.example.bench.cold;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Cold start per variant, and the first batch after priming by part, pictured beside their tables. Under a second. */
class ColdStartChartTest {

    @Test
    void eachVariant_itsColdTotal_withItsInitDrawnOverIt() {
        // GIVEN two variants, two cold starts each
        List<Variant> variants = List.of(variant("ours"), variant("baseline"));
        Map<String, List<ColdStart>> samples = Map.of(
                "ours", List.of(sample("ours", 2400, 1000), sample("ours", 2600, 1200)),
                "baseline", List.of(sample("baseline", 1900, 1600), sample("baseline", 1900, 1700)));
        ColdStartSections sections = new ColdStartSections(variants, samples, Duration.ofSeconds(1), Path.of("jdk"), "https");

        // WHEN charted
        String chart = sections.chart();

        // THEN by the variants' ids: the medians of init + first invoke, then of init, drawn over them
        assertTrue(chart.contains("  x-axis [\"ours\", \"baseline\"]\n"), chart);
        assertTrue(chart.contains("  bar [3600, 3550]\n  bar [2500, 1900]\n"), chart);
        assertTrue(chart.contains("init + first invoke: blue bars · init: orange bars\"\n"), chart);
    }

    @Test
    void firstTimeWork_eachPart_beforeAndAfterThePriming_besideTheWarmBatch() {
        // GIVEN the first batch after each priming, and its parts as two traced runs each recorded them
        List<Variant> variants = List.of(variant("primed"), variant("primed-main"), variant("traced"), variant("traced-main"));
        Map<String, List<ColdStart>> samples = Map.of(
                "primed", List.of(sample("primed", 3000, 300), sample("primed", 3000, 340)),
                "primed-main", List.of(sample("primed-main", 2500, 600), sample("primed-main", 2500, 640)),
                "traced", List.of(traced("traced", 40, 12), traced("traced", 60, 12)),
                "traced-main", List.of(traced("traced-main", 200, 12), traced("traced-main", 220, 14)));
        ColdStartSections sections = new ColdStartSections(variants, samples, Duration.ofSeconds(1), Path.of("jdk"), "https");

        // WHEN written
        String section = sections.firstTimeWork();

        // THEN first invoke minus warm invoke (medians: 320 - 200, 620 - 200), and each part's medians: before, after, warm
        assertTrue(section.contains("**420 ms** with the in-memory priming of before issue 24"), section);
        assertTrue(section.contains("**120 ms** with the invoke priming as deployed"), section);
        assertTrue(section.contains("| class loading | 210.0 | 50.0 | 1.0 |"), section);
        assertTrue(section.contains("| TLS: DynamoDB | 13.0 | 12.0 | 0.0 |"), section);
        assertTrue(section.contains("  x-axis [\"class loading\", \"TLS: DynamoDB\"]\n"), section);
        assertTrue(section.contains("  bar [210, 13]\n  bar [50, 12]\n  line [1, 0]\n"), section);
    }

    private static ColdStart traced(String variant, double classLoadingMs, double handshakeMs) {
        return new ColdStart(variant, 4000, 900, 300, 4900, 120_000, -1, parts(classLoadingMs, handshakeMs), parts(1.0, 0.0));
    }

    /** In the order the recording gives them. */
    private static Map<String, Double> parts(double classLoadingMs, double handshakeMs) {
        Map<String, Double> parts = new LinkedHashMap<>();
        parts.put(FirstTimeWork.CLASS_LOADING, classLoadingMs);
        parts.put(FirstTimeWork.TLS_DYNAMODB, handshakeMs);
        return parts;
    }

    private static Variant variant(String name) {
        return new Variant(name, name + " label", "handler", List.of(), "", "", Map.of(), 2);
    }

    private static ColdStart sample(String variant, double initMs, double firstInvokeMs) {
        return new ColdStart(variant, initMs, firstInvokeMs, 200, initMs + firstInvokeMs, 110_000, 10_000, Map.of(), Map.of());
    }
}
