package com.example.bench.cold;

import com.example.reliability.chart.XyChart;
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
import java.util.function.ToDoubleFunction;

/**
 * Writes the two sections of {@code docs/benchmarks.md} this benchmark owns, each with its JSON:
 * {@code 40-cold-start.md} and {@code 50-memory.md}. Ratios are of medians, to ours (the effect
 * of a variant) and to the baseline (the goal).
 */
final class ColdStartSections {

    /** The init goal, when the HTTP client and priming pay off. */
    static final double INIT_GOAL = 0.60;

    private final List<Variant> variants;
    private final Map<String, List<ColdStart>> samples;
    private final Duration took;
    private final Path javaHome;

    ColdStartSections(List<Variant> variants, Map<String, List<ColdStart>> samples, Duration took, Path javaHome) {
        this.variants = List.copyOf(variants);
        this.samples = Map.copyOf(samples);
        this.took = took;
        this.javaHome = javaHome;
    }

    void write(Path directory) {
        try {
            Files.createDirectories(directory);
            Files.writeString(directory.resolve("40-cold-start.md"), coldStart());
            Files.writeString(directory.resolve("50-memory.md"), memory());
            ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
            json.writeValue(directory.resolve("40-cold-start.json").toFile(), document(true));
            json.writeValue(directory.resolve("50-memory.json").toFile(), document(false));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the sections under " + directory, e);
        }
    }

    private Spread spread(String variant, ToDoubleFunction<ColdStart> figure) {
        return Spread.of(samples.get(variant).stream().map(figure::applyAsDouble).toList());
    }

    private static double total(ColdStart sample) {
        return sample.initMs() + sample.firstInvokeMs();
    }

    private double ratio(String variant, String to, ToDoubleFunction<ColdStart> figure) {
        return spread(variant, figure).median() / spread(to, figure).median();
    }

    private String coldStart() {
        StringBuilder md = new StringBuilder("""
                ## Cold start

                A fresh runtime JVM under the Lambda runtime emulator (`aws-lambda-rie` + the Java runtime
                interface client, as Lambda's `java21` runtime starts it), against the local AWS (moto on
                HTTPS, its CA the runtime JVM's trust as Amazon's are in Lambda, + a one-node TLS Redis Cluster), then a first batch of 10 new payments on 10 accounts; every run checks that
                the batch was fully processed. Runs are interleaved across variants. Every JVM is sized as in a
                %d MB function (`-XX:MaxRAM=%dm`: in Lambda the JVM sees the function's memory as the machine's).

                - **init**: the emulator's init phase, `INIT REPORT(durationMs)` in its log: from the runtime's
                  start to its first request for an event, which the runtime client makes once the handler is
                  constructed. The handler cannot time this itself (the JVM's start and class loading come first).
                - **first invoke**: the first batch as the emulator timed it, `INVOKE RTDONE(… duration)` in its log
                  (its `REPORT … Duration` of a first invocation includes the init, which it runs on that invocation).
                - **warm invoke**: a second batch of 10 new payments in the same runtime, for reference (the
                  first invoke minus this is its first-time work: class loading, JIT, connections).
                - **cold total**: init + first invoke, what the first batch waits beyond the process start.
                - **caller's wait**: the benchmark's clock from sending the invocation (the emulator then starts
                  the runtime) to its answer.

                Median, interquartile range and range, in ms; ratios are of medians.

                | variant | runs | init | first invoke | warm invoke | cold total | caller's wait | init ÷ ours | total ÷ ours | init ÷ baseline | total ÷ baseline |
                |---|---|---|---|---|---|---|---|---|---|---|
                """.formatted(ColdStartBench.MEMORY_MB, ColdStartBench.MEMORY_MB));
        for (Variant variant : variants) {
            String name = variant.name();
            md.append("| %s (`%s`) | %d | %s | %s | %s | %s | %s | %.2f | %.2f | %.2f | %.2f |%n".formatted(variant.label(), name,
                    samples.get(name).size(), spread(name, ColdStart::initMs).format("ms"),
                    spread(name, ColdStart::firstInvokeMs).format("ms"), spread(name, ColdStart::warmInvokeMs).format("ms"),
                    spread(name, ColdStartSections::total).format("ms"), spread(name, ColdStart::wallMs).format("ms"),
                    ratio(name, "ours", ColdStart::initMs), ratio(name, "ours", ColdStartSections::total),
                    ratio(name, "baseline", ColdStart::initMs), ratio(name, "baseline", ColdStartSections::total)));
        }
        md.append("\nThe orange bar (init) is drawn over the blue one (init + first invoke): the blue showing above it is "
                + "the first invoke.\n\n").append(chart()).append(goals()).append(notes());
        return md.toString();
    }

    /**
     * Each variant's cold total with its init drawn over it (a sample's init never exceeds its
     * total, so neither does their median): the part above the init is the first invoke.
     */
    String chart() {
        return XyChart.of("Cold start per variant, ms (median)", "ms", variants.stream().map(Variant::name).toList())
                .bar("init + first invoke", variants.stream()
                        .map(v -> spread(v.name(), ColdStartSections::total).median()).toList())
                .bar("init", variants.stream().map(v -> spread(v.name(), ColdStart::initMs).median()).toList())
                .markdown();
    }

    private String goals() {
        double total = ratio("ours", "baseline", ColdStartSections::total);
        double init = ratio("ours", "baseline", ColdStart::initMs);
        String bestInit = variants.stream().map(Variant::name).filter(name -> !name.equals("baseline") && !name.equals("primed"))
                .min((a, b) -> Double.compare(spread(a, ColdStart::initMs).median(), spread(b, ColdStart::initMs).median()))
                .orElseThrow();
        double bestInitRatio = ratio(bestInit, "baseline", ColdStart::initMs);
        Spread primed = spread("primed", ColdStart::firstInvokeMs);
        Spread plain = spread("ours", ColdStart::firstInvokeMs);
        return """

                ### Where the goals land

                - **Cold start no slower than the baseline's**: ours %.0f ms vs the baseline's %.0f ms (init + first
                  invoke, medians), ratio %.2f: **%s**.
                - **Init ≤ 60 %% of the baseline's if the HTTP client and priming pay off**: the function as deployed
                  (`ours`) inits in %.2f of the baseline's time: **%s**. The shortest init of any variant is `%s` at
                  %.2f: **%s** for that variant on a plain JVM%s. Priming makes init
                  longer (it runs there: %.0f ms vs %.0f ms) and the first invoke after it %.0f ms instead of %.0f ms
                  (%.2f×). With SnapStart that longer init is paid once, when the version is published, and a cold
                  start becomes restore + the primed first invoke: the restore itself **could not be measured here**
                  (no CRaC JVM on this machine; `org.crac` is a no-op without one), so this goal is open for the
                  SnapStart case and must be read from the `live` alias's `Restore Duration` in CloudWatch.
                """.formatted(spread("ours", ColdStartSections::total).median(),
                spread("baseline", ColdStartSections::total).median(), total, total <= 1.0 ? "met" : "not met",
                init, init <= INIT_GOAL ? "met" : "not met", bestInit, bestInitRatio,
                bestInitRatio <= INIT_GOAL ? "met" : "not met",
                bestInit.equals("appcds") ? " (an archive made here cannot be shipped to Lambda as is: see below)" : "",
                spread("primed", ColdStart::initMs).median(), spread("ours", ColdStart::initMs).median(),
                primed.median(), plain.median(), primed.median() / plain.median());
    }

    private String notes() {
        return """

                ### How to read it

                - The runtime JVM is this machine's JDK (`%s`), not Lambda's Corretto 21; the machine is shared
                  (%d cores for several sessions), so the ratios within one run matter more than the absolute figures.
                - `aws-crt` and `apache` run the production composition on another SDK HTTP client through a
                  benchmark-only handler (`HttpClientChoiceHandler`) with those jars added; the production function
                  has no switch. The baseline uses the same URL-connection client as ours.
                - `full-jit` removes Lambda's default `-XX:TieredStopAtLevel=1` (through `_JAVA_OPTIONS`, which the
                  JVM reads after the runtime's command line); `appcds` adds `-XX:SharedArchiveFile` with a dynamic
                  archive that `jcmd VM.cds dynamic_dump` took from a training runtime after one batch
                  (compare it with `jar`: CDS maps classes from jars only). In Lambda it would need
                  `JAVA_TOOL_OPTIONS`, the function's code as a jar on the runtime's classpath (Lambda extracts
                  the package into `/var/task`, whose loose classes CDS skips) and an archive dumped by the very
                  JDK build of the `java21` runtime, so an archive made here cannot be shipped as is.
                - `primed` constructs the production handler and then runs its CRaC hooks (`beforeCheckpoint`,
                  `afterRestore`) as a CRaC JVM would around the snapshot (`PrimedAuthorizerHandler`).
                - Whole run: %d s. Command: `make bench-cold` (`ColdStartBench [runs of ours and the baseline] [runs of each variant]`).
                """.formatted(Runtime.version(), Runtime.getRuntime().availableProcessors(), took.toSeconds());
    }

    private String memory() {
        StringBuilder md = new StringBuilder("""
                ## Memory

                Peak resident set (`VmHWM` from `/proc/<pid>/status`) of the function's runtime JVM under the
                emulator, read after its first batch of 10 new payments (the cold starts above), against a
                %d MB function; the JVM sized as in one (`-XX:MaxRAM=%dm`). The heap in use after a full GC
                (`jcmd GC.run`, then `GC.heap_info`) is read after the second (warm) batch of each variant's first run.

                | variant | runs | peak RSS | share of %d MB | ÷ baseline | heap after full GC |
                |---|---|---|---|---|---|
                """.formatted(ColdStartBench.MEMORY_MB, ColdStartBench.MEMORY_MB, ColdStartBench.MEMORY_MB));
        for (Variant variant : variants) {
            String name = variant.name();
            Spread rss = spread(name, sample -> sample.peakRssKib() / 1024.0);
            long heap = samples.get(name).get(0).heapAfterGcKib();
            md.append("| %s | %d | %s | %.0f %% | %.2f | %s |%n".formatted(variant.label(), rss.count(), rss.format("MiB"),
                    100 * rss.median() / ColdStartBench.MEMORY_MB, ratio(name, "baseline", ColdStart::peakRssKib),
                    heap < 0 ? "not measured" : "%.1f MiB".formatted(heap / 1024.0)));
        }
        double ours = spread("ours", sample -> sample.peakRssKib() / 1024.0).median();
        md.append("""

                Ours peaks at %.0f MiB, %.0f %% of a %d MB function (the template gives the authorizer 1024 MB):
                **%s**. Command: `make bench-cold`.
                """.formatted(ours, 100 * ours / ColdStartBench.MEMORY_MB, ColdStartBench.MEMORY_MB,
                ours < ColdStartBench.MEMORY_MB ? "fits" : "does not fit"));
        return md.toString();
    }

    private Map<String, Object> document(boolean coldStart) {
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("jdk", Runtime.version().toString());
        document.put("javaHome", javaHome.getFileName().toString());
        document.put("cores", Runtime.getRuntime().availableProcessors());
        document.put("functionMemoryMb", ColdStartBench.MEMORY_MB);
        document.put("tookSeconds", took.toSeconds());
        Map<String, Object> byVariant = new LinkedHashMap<>();
        for (Variant variant : variants) {
            String name = variant.name();
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("label", variant.label());
            entry.put("handler", variant.handler());
            entry.put("javaToolOptions", variant.jvmOptions().replaceAll("SharedArchiveFile=\\S*/", "SharedArchiveFile="));
            entry.put("javaOptionsOverride", variant.overrides());
            if (coldStart) {
                entry.put("initMs", spread(name, ColdStart::initMs));
                entry.put("firstInvokeMs", spread(name, ColdStart::firstInvokeMs));
                entry.put("warmInvokeMs", spread(name, ColdStart::warmInvokeMs));
                entry.put("coldTotalMs", spread(name, ColdStartSections::total));
                entry.put("wallMs", spread(name, ColdStart::wallMs));
                entry.put("initRatioToBaseline", ratio(name, "baseline", ColdStart::initMs));
                entry.put("totalRatioToBaseline", ratio(name, "baseline", ColdStartSections::total));
            } else {
                entry.put("peakRssMiB", spread(name, sample -> sample.peakRssKib() / 1024.0));
                entry.put("heapAfterFullGcKiB", samples.get(name).get(0).heapAfterGcKib());
            }
            entry.put("samples", samples.get(name));
            byVariant.put(name, entry);
        }
        document.put("variants", byVariant);
        return document;
    }
}
