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
    private final String scheme;

    /** @param scheme how the functions reached the local AWS: {@code https} as in AWS, or {@code http} */
    ColdStartSections(List<Variant> variants, Map<String, List<ColdStart>> samples, Duration took, Path javaHome,
                      String scheme) {
        this.variants = List.copyOf(variants);
        this.samples = Map.copyOf(samples);
        this.took = took;
        this.javaHome = javaHome;
        this.scheme = scheme;
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
                interface client, as Lambda's `java21` runtime starts it), against the local AWS (moto, its CA the
                runtime JVM's trust as Amazon's are in Lambda, + a one-node TLS Redis Cluster) reached over **%s**, then
                a first batch of 10 new payments on 10 accounts; every run checks that the batch was fully processed.
                Runs are interleaved across variants. Every JVM is sized as in a %d MB function (`-XX:MaxRAM=%dm`: in
                Lambda the JVM sees the function's memory as the machine's) and pinned to one core of this machine
                (`taskset -c %d` on its emulator), all variants alike: a %d MB function gets about a third of a vCPU
                ([Lambda: memory and computing power](https://docs.aws.amazon.com/lambda/latest/dg/configuration-memory.html)),
                so work started in parallel may overlap waits there, not CPU.

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
                """.formatted(scheme.toUpperCase(java.util.Locale.ROOT), ColdStartBench.MEMORY_MB, ColdStartBench.MEMORY_MB,
                ColdStartBench.CORE, ColdStartBench.MEMORY_MB));
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
                + "the first invoke.\n\n").append(chart()).append(firstTimeWork()).append(goals()).append(notes());
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

    /** The parts' medians over a traced variant's runs, of its first batch or its warm one (0 where a run had none). */
    private Map<String, Double> partMedians(String variant, boolean first) {
        List<ColdStart> runs = samples.get(variant);
        Map<String, Double> medians = new LinkedHashMap<>();
        runs.stream().flatMap(run -> (first ? run.firstParts() : run.warmParts()).keySet().stream()).distinct()
                .forEach(part -> medians.put(part, Spread.of(runs.stream()
                        .map(run -> (first ? run.firstParts() : run.warmParts()).getOrDefault(part, 0.0)).toList()).median()));
        return medians;
    }

    /**
     * The first batch after each priming split into its parts ({@link FirstTimeWork}), beside the
     * warm batch: a table and a chart of the same medians.
     */
    String firstTimeWork() {
        Map<String, Double> before = partMedians("traced-main", true);
        Map<String, Double> after = partMedians("traced", true);
        Map<String, Double> warm = partMedians("traced", false);
        List<String> parts = new java.util.ArrayList<>(before.keySet());
        after.keySet().stream().filter(part -> !parts.contains(part)).forEach(parts::add);
        StringBuilder md = new StringBuilder("""

                ### The first batch after priming: its first-time work

                `primed-main` and `primed` run the SnapStart hooks at init (no CRaC JVM here, see below), then the
                first batch: the first batch after a restore, minus the restore. Their first invoke minus their warm
                invoke, medians: **%.0f ms** with the in-memory priming of before issue 24 (one record, no fast path),
                **%.0f ms** with the invoke priming as deployed (`RequestPathPriming`: a batch of 10 with the fast
                path, which learns the cluster over TLS and looks the payments up, DynamoDB stopped before
                transmission; then one GetItem of an absent key through the network; every connection closed).

                Split into its parts by `traced-main` and `traced` (the same, with a JDK Flight Recorder recording:
                `jdk.ClassLoad`, `jdk.Compilation`, `jdk.TLSHandshake` and JDK 25's method tracing of the methods
                each part runs in, `FirstTimeWork`), inside the handler's `handleRequest` (the runtime's event
                deserialization comes before it). Parts overlap (classes load during a handshake; the Secrets
                Manager read holds its own handshake): they do not add up. JIT time is on the compiler thread,
                which shares the one core. The recording costs time of its own: read these beside each other, not
                beside the table above. Medians, ms (classes: a count).

                | part | first batch, in-memory priming (`traced-main`) | first batch, invoke priming (`traced`) | warm batch (`traced`) |
                |---|---:|---:|---:|
                """.formatted(firstTimeWorkMs("primed-main"), firstTimeWorkMs("primed")));
        for (String part : parts) {
            md.append("| %s | %.1f | %.1f | %.1f |%n".formatted(part, before.getOrDefault(part, 0.0),
                    after.getOrDefault(part, 0.0), warm.getOrDefault(part, 0.0)));
        }
        List<String> charted = parts.stream().filter(part -> !part.equals(FirstTimeWork.CLASSES))
                .filter(part -> before.getOrDefault(part, 0.0) + after.getOrDefault(part, 0.0) + warm.getOrDefault(part, 0.0) >= 0.05)
                .toList();
        md.append("\nBefore: the first batch after the in-memory priming (`traced-main`), drawn first; after: after the invoke "
                        + "priming (`traced`), drawn over it; the line: the warm batch.\n\n")
                .append(XyChart.of("First batch by part, ms (median)", "ms", charted)
                        .bar("before", charted.stream().map(part -> before.getOrDefault(part, 0.0)).toList())
                        .bar("after", charted.stream().map(part -> after.getOrDefault(part, 0.0)).toList())
                        .line("warm", charted.stream().map(part -> warm.getOrDefault(part, 0.0)).toList())
                        .horizontally()
                        .markdown());
        return md.toString();
    }

    /** A variant's first invoke minus its warm invoke, medians: the first batch's first-time work as a whole. */
    private double firstTimeWorkMs(String variant) {
        return spread(variant, ColdStart::firstInvokeMs).median() - spread(variant, ColdStart::warmInvokeMs).median();
    }

    /** The verdicts, as the report writes them: {@code make bench-cold} prints them too. */
    String goals() {
        double total = ratio("ours", "baseline", ColdStartSections::total);
        double defaultTotal = ratio("default", "baseline", ColdStartSections::total);
        double init = ratio("ours", "baseline", ColdStart::initMs);
        String bestInit = variants.stream().map(Variant::name).filter(name -> !name.equals("baseline")
                        && !name.startsWith("primed") && !name.startsWith("traced"))
                .min((a, b) -> Double.compare(spread(a, ColdStart::initMs).median(), spread(b, ColdStart::initMs).median()))
                .orElseThrow();
        double bestInitRatio = ratio(bestInit, "baseline", ColdStart::initMs);
        Spread primed = spread("primed", ColdStart::firstInvokeMs);
        Spread plain = spread("ours", ColdStart::firstInvokeMs);
        double warm = spread("primed", ColdStart::warmInvokeMs).median();
        Map<String, Double> setup = partMedians("traced", true);
        double setupMs = setup.getOrDefault(FirstTimeWork.SETUP, 0.0);
        double bound = 2 * warm + setupMs;
        String setupParts = setup.entrySet().stream()
                .filter(part -> part.getKey().startsWith("TLS") || part.getKey().equals(FirstTimeWork.TCP)
                        || part.getKey().equals(FirstTimeWork.CLUSTER_SLOTS) || part.getKey().equals(FirstTimeWork.SECRET_READ))
                .map(part -> "%s %.1f".formatted(part.getKey(), part.getValue()))
                .collect(java.util.stream.Collectors.joining(", "));
        double before = firstTimeWorkMs("primed-main");
        double after = firstTimeWorkMs("primed");
        return """

                ### Where the goals land

                Three verdicts of issue 24, on %s:

                - **First batch after priming ≤ 2 × the warm batch + the set-up a restored environment must make**:
                  `primed` answers its first batch in %.0f ms; its warm batch takes %.0f ms; the set-up, measured in
                  `traced`'s first batch, is %.0f ms of wall time (merged; its parts, ms: %s). Bound 2 × %.0f + %.0f
                  = %.0f ms: **%s**.
                - **Without SnapStart, cold total ≤ 0.9 × the baseline's** (init + first invoke, medians, no
                  priming): as the template deploys it by default (`default`: `EnableFastPath=false`, no cache,
                  no key read) %.0f ms vs the baseline's %.0f ms, ratio %.2f: **%s**; with the optional fast
                  path (`ours`: the cluster client, TLS to Redis and the signing key's Secrets Manager read at
                  init, none of which the baseline has) %.0f ms, ratio %.2f: **%s**. Their first batch runs
                  on 2 lanes (`FIRST_BATCH_LANES`), the batches after it on 4, then 8; with the first batch on
                  8 lanes, as before (`default-wide`, `ours-wide`): %.0f ms, ratio %.2f, and %.0f ms, ratio %.2f
                  (first invoke %.0f and %.0f ms against %.0f and %.0f). The keys read
                  through the Parameters and Secrets extension's local API (`extension`, no Secrets Manager client
                  nor TLS handshake in the function) against ours, interleaved: init %.0f ms vs %.0f ms, first
                  invoke %.0f ms vs %.0f ms, cold total %.0f ms vs %.0f ms.
                - **The first-time work, before and after**: first invoke minus warm invoke, %.0f ms with the
                  in-memory priming (`primed-main`), %.0f ms with the invoke priming (`primed`): %s; the chart above
                  splits both.

                And the goals of before:

                - **Cold start no slower than the baseline's**: ratio %.2f above: **%s**.
                - **Init ≤ 60 %% of the baseline's if the HTTP client and priming pay off**: the function as deployed
                  (`ours`) inits in %.2f of the baseline's time: **%s**. The shortest init of any variant is `%s` at
                  %.2f: **%s** for that variant on a plain JVM%s. Priming makes init
                  longer (it runs there: %.0f ms vs %.0f ms) and the first invoke after it %.0f ms instead of %.0f ms
                  (%.2f×). With SnapStart that longer init is paid once, when the version is published, and a cold
                  start becomes restore + the primed first invoke: the restore itself **could not be measured here**
                  (no CRaC JVM on this machine; `org.crac` is a no-op without one), so this goal is open for the
                  SnapStart case and must be read from the `live` alias's `Restore Duration` in CloudWatch.
                """.formatted(scheme.toUpperCase(java.util.Locale.ROOT),
                primed.median(), warm, setupMs, setupParts, warm, setupMs, bound, primed.median() <= bound ? "met" : "not met",
                spread("default", ColdStartSections::total).median(), spread("baseline", ColdStartSections::total).median(),
                defaultTotal, defaultTotal <= 0.9 ? "met" : "not met",
                spread("ours", ColdStartSections::total).median(), total, total <= 0.9 ? "met" : "not met",
                spread("default-wide", ColdStartSections::total).median(), ratio("default-wide", "baseline", ColdStartSections::total),
                spread("ours-wide", ColdStartSections::total).median(), ratio("ours-wide", "baseline", ColdStartSections::total),
                spread("default-wide", ColdStart::firstInvokeMs).median(), spread("ours-wide", ColdStart::firstInvokeMs).median(),
                spread("default", ColdStart::firstInvokeMs).median(), spread("ours", ColdStart::firstInvokeMs).median(),
                spread("extension", ColdStart::initMs).median(), spread("ours", ColdStart::initMs).median(),
                spread("extension", ColdStart::firstInvokeMs).median(), spread("ours", ColdStart::firstInvokeMs).median(),
                spread("extension", ColdStartSections::total).median(), spread("ours", ColdStartSections::total).median(),
                before, after, after < before ? "%.0f %% less".formatted(100 * (1 - after / before)) : "**no less**",
                total, total <= 1.0 ? "met" : "not met",
                init, init <= INIT_GOAL ? "met" : "not met", bestInit, bestInitRatio,
                bestInitRatio <= INIT_GOAL ? "met" : "not met",
                bestInit.equals("appcds") ? " (an archive made here cannot be shipped to Lambda as is: see below)" : "",
                spread("primed", ColdStart::initMs).median(), spread("ours", ColdStart::initMs).median(),
                primed.median(), plain.median(), primed.median() / plain.median()) + againstVerdict();
    }

    /** With {@code COLD_AGAINST}: this build's function against that checkout's, in the same rounds. */
    private String againstVerdict() {
        if (!samples.containsKey("against")) {
            return "";
        }
        return """

                Against the other checkout (`COLD_AGAINST`, variants `against` and `against-default`, run in the
                same rounds): cold total %.0f ms vs %.0f ms (%.2f×) with the fast path, %.0f ms vs %.0f ms (%.2f×)
                as deployed by default; init %.0f vs %.0f ms and %.0f vs %.0f ms; first invoke %.0f vs %.0f ms
                and %.0f vs %.0f ms.
                """.formatted(
                spread("ours", ColdStartSections::total).median(), spread("against", ColdStartSections::total).median(),
                ratio("ours", "against", ColdStartSections::total),
                spread("default", ColdStartSections::total).median(), spread("against-default", ColdStartSections::total).median(),
                ratio("default", "against-default", ColdStartSections::total),
                spread("ours", ColdStart::initMs).median(), spread("against", ColdStart::initMs).median(),
                spread("default", ColdStart::initMs).median(), spread("against-default", ColdStart::initMs).median(),
                spread("ours", ColdStart::firstInvokeMs).median(), spread("against", ColdStart::firstInvokeMs).median(),
                spread("default", ColdStart::firstInvokeMs).median(), spread("against-default", ColdStart::firstInvokeMs).median());
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
                - `primed` and `primed-main` construct the production handler and then run its CRaC hooks
                  (`beforeCheckpoint`, `afterRestore`) as a CRaC JVM would around the snapshot
                  (`PrimedAuthorizerHandler`): `primed` with the priming as deployed, `primed-main` with the
                  in-memory priming of before issue 24 (`RequestPathPriming.inMemoryOnly`). `traced` and
                  `traced-main` are the same with a flight recording (`FirstTimeWork`).
                - `default` is the template's default deployment (`EnableFastPath=false`: both fast-path variables
                  empty). `ours-wide` and `default-wide` run their first batch on all 8 lanes at once
                  (`FIRST_BATCH_LANES=8`), as every batch ran before the cold ramp; the others run it on 2.
                - With `COLD_AGAINST=<a built checkout of the project>`, `against` and `against-default` run that
                  checkout's function as `ours` and `default` run this one's, in the same rounds: a change
                  measured against main (`git worktree add ../main-build main`, then `mvn package -DskipTests`
                  there).
                - `extension` reads the keys through the AWS Parameters and Secrets Lambda Extension's local HTTP
                  API (benchmark-only, `SecretsThroughExtension`), served by a stand-in in the benchmark's process
                  (`SecretsExtensionStandIn`) from the local Secrets Manager: the extension's own fetch and CPU,
                  which in Lambda share the function's environment, are not counted here; its init reads in sequence.
                - **Why AppCDS stays out of the deployed function**: a CDS archive is only valid for the JVM build
                  that dumped it; a JVM given another build's archive does not use it (with `-Xshare:auto`, the
                  default, silently). Lambda's `java21` managed runtime updates its Corretto build on its own
                  schedule, and this project cannot dump an archive with that very build and prove it matches, so an
                  archive in the package would at best be ignored after a runtime update. Under SnapStart the
                  restored snapshot already holds the loaded classes, which is what AppCDS would save.
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
