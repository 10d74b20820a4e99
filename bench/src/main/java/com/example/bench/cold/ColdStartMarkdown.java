package com.example.bench.cold;

import com.example.reliability.chart.XyChart;
import java.time.Duration;
import java.util.Locale;

/**
 * The section {@code 40-cold-start}: the table of every variant's cold starts, its chart, then the
 * first-time work ({@link FirstTimeWorkMarkdown}), the goals ({@link ColdStartGoals}) and how to
 * read it all.
 *
 * @param runs   the run's cold starts
 * @param took   the whole run's time
 * @param scheme how the functions reached the local AWS: {@code https} as in AWS, or {@code http}
 */
record ColdStartMarkdown(ColdSamples runs, Duration took, String scheme) {

    String markdown() {
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
                """.formatted(scheme.toUpperCase(Locale.ROOT), ColdStartBench.MEMORY_MB, ColdStartBench.MEMORY_MB,
                ColdStartBench.CORE, ColdStartBench.MEMORY_MB));
        for (Variant variant : runs.variants()) {
            String name = variant.name();
            md.append("| %s (`%s`) | %d | %s | %s | %s | %s | %s | %.2f | %.2f | %.2f | %.2f |%n".formatted(variant.label(), name,
                    runs.of(name).size(), runs.spread(name, ColdStart::initMs).format("ms"),
                    runs.spread(name, ColdStart::firstInvokeMs).format("ms"), runs.spread(name, ColdStart::warmInvokeMs).format("ms"),
                    runs.spread(name, ColdSamples::total).format("ms"), runs.spread(name, ColdStart::wallMs).format("ms"),
                    runs.ratio(name, "ours", ColdStart::initMs), runs.ratio(name, "ours", ColdSamples::total),
                    runs.ratio(name, "baseline", ColdStart::initMs), runs.ratio(name, "baseline", ColdSamples::total)));
        }
        md.append("\nThe orange bar (init) is drawn over the blue one (init + first invoke): the blue showing above it is "
                + "the first invoke.\n\n").append(chart()).append(new FirstTimeWorkMarkdown(runs).markdown())
                .append(new ColdStartGoals(runs, scheme).markdown()).append(notes());
        return md.toString();
    }

    /**
     * Each variant's cold total with its init drawn over it (a sample's init never exceeds its
     * total, so neither does their median): the part above the init is the first invoke.
     */
    String chart() {
        return XyChart.of("Cold start per variant, ms (median)", "ms", runs.variants().stream().map(Variant::name).toList())
                .bar("init + first invoke", runs.variants().stream()
                        .map(v -> runs.spread(v.name(), ColdSamples::total).median()).toList())
                .bar("init", runs.variants().stream().map(v -> runs.spread(v.name(), ColdStart::initMs).median()).toList())
                .markdown();
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
                - Every batch (ours, the baseline, each variant, the AppCDS training run) is fed to the one traffic
                  generator's reference model, and after each cold start the cold accounts' balances, ledger rows and
                  records are judged by it (`ReferenceJudge.judgeTables`): a variant that decides wrongly fails the
                  run, however fast it started.
                - Whole run: %d s. Command: `make bench-cold` (`ColdStartBench [runs of ours and the baseline] [runs of each variant]`).
                """.formatted(Runtime.version(), Runtime.getRuntime().availableProcessors(), took.toSeconds());
    }
}
