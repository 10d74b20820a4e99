package com.example.bench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns JMH's {@code bench/target/jmh-cpu.json} (the payment path's benchmark) and
 * {@code bench/target/jmh-receiver.json} (the library's own, on its internals), both written by
 * {@code make bench-cpu}, into the section {@code 30-cpu}: per benchmark the median of the measured
 * iterations with their min and max, the bytes allocated per operation, and the pure path against
 * the 25 µs goal.
 */
public final class CpuSection {

    static final Path JMH_JSON = Path.of("bench", "target", "jmh-cpu.json");
    /** The library's benchmarks of its internals ({@code ProducerSignaturesBenchmark}); read when present. */
    static final Path RECEIVER_JMH_JSON = Path.of("bench", "target", "jmh-receiver.json");
    static final double GOAL_MICROS = 25.0;
    static final String PURE_PATH = "purePath";
    static final String COMMIT = "commitThroughTheSdk";
    static final String SIGNATURE_CHECK = "signatureCheck";

    /** One benchmark's figures, in µs per operation. */
    record Figure(String benchmark, double medianMicros, double minMicros, double maxMicros, double allocatedBytes) {
    }

    /** The section's figures. */
    record Figures(List<Figure> benchmarks, double goalMicros, Map<String, Boolean> goals) {
    }

    private CpuSection() {
    }

    public static void main(String[] args) throws IOException {
        if (!Files.exists(JMH_JSON)) {
            throw new IllegalStateException(JMH_JSON + " is missing: run make bench-cpu first");
        }
        ObjectMapper json = new ObjectMapper();
        List<Figure> figures = new ArrayList<>(read(json.readTree(JMH_JSON.toFile())));
        if (Files.exists(RECEIVER_JMH_JSON)) {
            figures.addAll(read(json.readTree(RECEIVER_JMH_JSON.toFile())));
        }
        Figure pure = figure(figures, PURE_PATH);
        Map<String, Boolean> goals = new LinkedHashMap<>();
        String goal = "under 25 µs CPU per message for the pure path";
        goals.put(goal, pure.medianMicros() < GOAL_MICROS);
        StringBuilder md = new StringBuilder("## CPU and allocation per message (JMH)\n\n");
        md.append("`make bench-cpu`: `PaymentPathBenchmark` and the library's `ProducerSignaturesBenchmark`, JMH average time per operation, one fork, `-prof gc`, on one "
                + "thread, no network. Median of the measured iterations (min – max), bytes allocated per operation. "
                + "Load average when JMH had finished: ").append(SectionFile.loadAverage()).append(" on ")
                .append(Runtime.getRuntime().availableProcessors()).append(" cores (when it is above the core count, other "
                        + "processes took CPU time from the iterations, and the minimum is the closer estimate of the "
                        + "code's own cost).\n\n");
        md.append("| benchmark | µs / operation, median (min – max) | vs the 25 µs goal | bytes allocated / operation |\n");
        md.append("|---|---|---:|---:|\n");
        for (Figure f : figures) {
            md.append("| `").append(f.benchmark()).append("` | ")
                    .append(SectionFile.number(f.medianMicros(), 2)).append(" (")
                    .append(SectionFile.number(f.minMicros(), 2)).append(" – ")
                    .append(SectionFile.number(f.maxMicros(), 2)).append(") | ")
                    .append(SectionFile.number(f.medianMicros() / GOAL_MICROS, 3)).append("x | ")
                    .append(Double.isNaN(f.allocatedBytes()) ? "–" : SectionFile.number(f.allocatedBytes(), 0))
                    .append(" |\n");
        }
        md.append("\n`purePath` is parse and validate, fingerprint and the transaction's items: the project's own code "
                + "for one message. `commitThroughTheSdk` is what the AWS SDK spends building, marshalling and signing the "
                + "TransactWriteItems request and reading its answer.");
        figures.stream().filter(f -> f.benchmark().equals(COMMIT)).findFirst().ifPresent(commit -> {
            double whole = figure(figures, "parseAndValidate").medianMicros() + commit.medianMicros();
            md.append(" All the CPU a new message costs outside the network and the fast path (`parseAndValidate` + "
                            + "`commitThroughTheSdk`, medians): ").append(SectionFile.number(whole, 1)).append(" µs, ")
                    .append(SectionFile.number(whole / GOAL_MICROS, 2)).append("x the 25 µs goal, which covers the "
                            + "pure path only.");
        });
        md.append(signatureCheck(figures));
        md.append("\n\n| goal | result |\n|---|---|\n");
        goals.forEach((name, met) -> md.append("| ").append(name).append(" (median ")
                .append(SectionFile.number(pure.medianMicros(), 2)).append(" µs) | ")
                .append(SectionFile.verdict(met)).append(" |\n"));
        md.append('\n');
        SectionFile.write("30-cpu", md.toString(), new Figures(figures, GOAL_MICROS, goals));
        System.out.println(md);
    }

    /**
     * What checking a producer's signature adds to the pure path, when {@code signatureCheck} was
     * measured; empty otherwise.
     */
    static String signatureCheck(List<Figure> figures) {
        return figures.stream().filter(f -> f.benchmark().equals(SIGNATURE_CHECK)).findFirst().map(check -> {
            Figure pure = figure(figures, PURE_PATH);
            return " `signatureCheck` is a producer's signature checked (`REQUIRE_PRODUCER_SIGNATURES=true`: "
                    + "the attributes read, HMAC-SHA256 over the timestamp and the body, compared in constant time, the "
                    + "window), the keys read at init, measured by the library on its own internals. The check adds "
                    + SectionFile.number(check.medianMicros(), 2) + " µs ("
                    + SectionFile.number(100 * check.medianMicros() / pure.medianMicros(), 0) + " % of the pure path's "
                    + "median) and " + SectionFile.number(check.allocatedBytes(), 0) + " bytes per message.";
        }).orElse("");
    }

    private static Figure figure(List<Figure> figures, String benchmark) {
        return figures.stream().filter(f -> f.benchmark().equals(benchmark)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no " + benchmark + " benchmark in " + JMH_JSON));
    }

    static List<Figure> read(JsonNode jmh) {
        List<Figure> figures = new ArrayList<>();
        for (JsonNode run : jmh) {
            String name = run.get("benchmark").asText();
            JsonNode primary = run.get("primaryMetric");
            double toMicros = micros(primary.get("scoreUnit").asText());
            JsonNode percentiles = primary.get("scorePercentiles");
            figures.add(new Figure(name.substring(name.lastIndexOf('.') + 1),
                    percentiles.get("50.0").asDouble() * toMicros,
                    percentiles.get("0.0").asDouble() * toMicros,
                    percentiles.get("100.0").asDouble() * toMicros,
                    allocated(run.get("secondaryMetrics"))));
        }
        return figures;
    }

    private static double micros(String unit) {
        return switch (unit) {
            case "ns/op" -> 1e-3;
            case "us/op" -> 1.0;
            case "ms/op" -> 1e3;
            default -> throw new IllegalStateException("unexpected JMH unit " + unit);
        };
    }

    /** {@code gc.alloc.rate.norm} (older JMH writes it with a leading middle dot). */
    private static double allocated(JsonNode secondary) {
        if (secondary == null) {
            return Double.NaN;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = secondary.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> metric = it.next();
            if (metric.getKey().endsWith("gc.alloc.rate.norm")) {
                return metric.getValue().get("score").asDouble();
            }
        }
        return Double.NaN;
    }
}
