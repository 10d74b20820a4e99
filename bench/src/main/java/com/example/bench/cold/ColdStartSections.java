package com.example.bench.cold;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the two sections of {@code docs/benchmarks.md} this benchmark owns, each with its JSON:
 * {@code 40-cold-start.md} ({@link ColdStartMarkdown}) and {@code 50-memory.md}
 * ({@link MemoryMarkdown}). Ratios are of medians, to ours (the effect of a variant) and to the
 * baseline (the goal).
 */
final class ColdStartSections {

    private final ColdSamples runs;
    private final Duration took;
    private final Path javaHome;
    private final String scheme;

    /** @param scheme how the functions reached the local AWS: {@code https} as in AWS, or {@code http} */
    ColdStartSections(List<Variant> variants, Map<String, List<ColdStart>> samples, Duration took, Path javaHome,
                      String scheme) {
        this.runs = new ColdSamples(variants, samples);
        this.took = took;
        this.javaHome = javaHome;
        this.scheme = scheme;
    }

    void write(Path directory) {
        try {
            Files.createDirectories(directory);
            Files.writeString(directory.resolve("40-cold-start.md"), new ColdStartMarkdown(runs, took, scheme).markdown());
            Files.writeString(directory.resolve("50-memory.md"), new MemoryMarkdown(runs).markdown());
            ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
            json.writeValue(directory.resolve("40-cold-start.json").toFile(), document(true));
            json.writeValue(directory.resolve("50-memory.json").toFile(), document(false));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the sections under " + directory, e);
        }
    }

    /** The cold-start chart: each variant's cold total with its init drawn over it. */
    String chart() {
        return new ColdStartMarkdown(runs, took, scheme).chart();
    }

    /** The first batch after each priming by part. */
    String firstTimeWork() {
        return new FirstTimeWorkMarkdown(runs).markdown();
    }

    /** The verdicts, as the report writes them: {@code make bench-cold} prints them too. */
    String goals() {
        return new ColdStartGoals(runs, scheme).markdown();
    }

    private Map<String, Object> document(boolean coldStart) {
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("jdk", Runtime.version().toString());
        document.put("javaHome", javaHome.getFileName().toString());
        document.put("cores", Runtime.getRuntime().availableProcessors());
        document.put("functionMemoryMb", ColdStartBench.MEMORY_MB);
        document.put("tookSeconds", took.toSeconds());
        Map<String, Object> byVariant = new LinkedHashMap<>();
        for (Variant variant : runs.variants()) {
            String name = variant.name();
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("label", variant.label());
            entry.put("handler", variant.handler());
            entry.put("javaToolOptions", variant.jvmOptions().replaceAll("SharedArchiveFile=\\S*/", "SharedArchiveFile="));
            entry.put("javaOptionsOverride", variant.overrides());
            if (coldStart) {
                entry.put("initMs", runs.spread(name, ColdStart::initMs));
                entry.put("firstInvokeMs", runs.spread(name, ColdStart::firstInvokeMs));
                entry.put("warmInvokeMs", runs.spread(name, ColdStart::warmInvokeMs));
                entry.put("coldTotalMs", runs.spread(name, ColdSamples::total));
                entry.put("wallMs", runs.spread(name, ColdStart::wallMs));
                entry.put("initRatioToBaseline", runs.ratio(name, "baseline", ColdStart::initMs));
                entry.put("totalRatioToBaseline", runs.ratio(name, "baseline", ColdSamples::total));
            } else {
                entry.put("peakRssMiB", runs.spread(name, sample -> sample.peakRssKib() / 1024.0));
                entry.put("heapAfterFullGcKiB", runs.of(name).get(0).heapAfterGcKib());
            }
            entry.put("samples", runs.of(name));
            byVariant.put(name, entry);
        }
        document.put("variants", byVariant);
        return document;
    }
}
