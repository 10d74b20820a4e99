package com.example.bench.cold;

import com.example.reliability.chart.XyChart;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The cold-start section's part on the first batch after each priming, split into its parts
 * ({@link FirstTimeWork}) beside the warm batch: a table and a chart of the same medians.
 */
final class FirstTimeWorkMarkdown {

    private final ColdSamples runs;

    FirstTimeWorkMarkdown(ColdSamples runs) {
        this.runs = runs;
    }

    String markdown() {
        Map<String, Double> before = runs.partMedians("traced-main", true);
        Map<String, Double> after = runs.partMedians("traced", true);
        Map<String, Double> warm = runs.partMedians("traced", false);
        List<String> parts = new ArrayList<>(before.keySet());
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
                """.formatted(runs.firstTimeWorkMs("primed-main"), runs.firstTimeWorkMs("primed")));
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
}
