package com.example.bench.cold;

/** The section {@code 50-memory}: each variant's peak resident set and heap after a full GC, against the function's memory. */
final class MemoryMarkdown {

    private final ColdSamples runs;

    MemoryMarkdown(ColdSamples runs) {
        this.runs = runs;
    }

    String markdown() {
        StringBuilder md = new StringBuilder("""
                ## Memory

                Peak resident set (`VmHWM` from `/proc/<pid>/status`) of the function's runtime JVM under the
                emulator, read after its first batch of 10 new payments (the cold starts above), against a
                %d MB function; the JVM sized as in one (`-XX:MaxRAM=%dm`). The heap in use after a full GC
                (`jcmd GC.run`, then `GC.heap_info`) is read after the second (warm) batch of each variant's first run.

                | variant | runs | peak RSS | share of %d MB | ÷ baseline | heap after full GC |
                |---|---|---|---|---|---|
                """.formatted(ColdStartBench.MEMORY_MB, ColdStartBench.MEMORY_MB, ColdStartBench.MEMORY_MB));
        for (Variant variant : runs.variants()) {
            String name = variant.name();
            Spread rss = runs.spread(name, sample -> sample.peakRssKib() / 1024.0);
            long heap = runs.of(name).get(0).heapAfterGcKib();
            md.append("| %s | %d | %s | %.0f %% | %.2f | %s |%n".formatted(variant.label(), rss.count(), rss.format("MiB"),
                    100 * rss.median() / ColdStartBench.MEMORY_MB, runs.ratio(name, "baseline", ColdStart::peakRssKib),
                    heap < 0 ? "not measured" : "%.1f MiB".formatted(heap / 1024.0)));
        }
        double ours = runs.spread("ours", sample -> sample.peakRssKib() / 1024.0).median();
        md.append("""

                Ours peaks at %.0f MiB, %.0f %% of a %d MB function (the template gives the authorizer 1024 MB):
                **%s**. Command: `make bench-cold`.
                """.formatted(ours, 100 * ours / ColdStartBench.MEMORY_MB, ColdStartBench.MEMORY_MB,
                ours < ColdStartBench.MEMORY_MB ? "fits" : "does not fit"));
        return md.toString();
    }
}
