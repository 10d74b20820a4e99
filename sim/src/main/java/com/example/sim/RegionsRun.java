package com.example.sim;

import com.example.sim.faults.FaultSchedule;
import com.example.sim.oracles.Violation;
import com.example.sim.oracles.Oracles;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.Callable;

/**
 * {@code make simulate PROFILE=regions DESIGN=...}: each seed run across three Regions by the
 * design ({@link RegionsSimulation}), one Region lost for hours in each, and beside it the same
 * seed in today's single Region without the loss ({@link Simulation}), its baseline. One line per
 * seed, then the oracles that failed, by seed count, and the figures: payments decided during the
 * loss and after the return, decision latency, and the write units per payment and what they cost
 * per million payments against the single Region. The first failing seed is shrunk as
 * {@code make simulate} shrinks one, on "none decided twice" when it failed it (the failure a
 * Region's loss brings), else on its first failure; exits 1 when any oracle failed. {@code HOT=}
 * puts that percent of the payments on one account (design (b)'s item grows with its decisions).
 */
final class RegionsRun {

    /**
     * US dollars per million write request units, on-demand, us-east-1 ("Amazon DynamoDB pricing
     * for on-demand capacity", https://aws.amazon.com/dynamodb/pricing/on-demand/, as docs/benchmarks.md
     * reads it); a global table's replicated write units, one per replica table per write, cost
     * the same ("Understanding Amazon DynamoDB billing for global tables",
     * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/global-tables-billing.html).
     */
    private static final double DOLLARS_PER_MILLION_WRITE_UNITS = 0.625;

    private RegionsRun() {
    }

    static int run(TemplateWindows windows, Map<String, String> variables) {
        RegionDesign design = RegionDesign.named(variables.getOrDefault("DESIGN", RegionDesign.MREC_TODAY.id()));
        int hot = Variables.number(variables, "HOT", 0, 0, 100); // percent of the payments on one account
        Profile drawn = Profile.regions(windows, Variables.number(variables, "PAYMENTS", 2_000, 10, 200_000));
        Profile profile = hot == 0 ? drawn : drawn.withHotAccounts(1, hot / 100.0);
        List<Trace> traces = Trace.named(variables, 20);
        boolean shrink = !"false".equals(variables.get("SHRINK"));
        System.out.printf("profile=regions design=%s: %d Regions, %d payments over %d h per seed%s, one Region lost 1-6 h;"
                        + " beside each seed the single Region without the loss%n", design.id(), RegionsSimulation.REGIONS,
                profile.payments(), profile.traffic().toHours(), hot == 0 ? "" : ", " + hot + " % of them on one account");
        List<Callable<Result[]>> runs = traces.stream().<Callable<Result[]>>map(trace -> () -> new Result[] {
                RegionsSimulation.run(trace, profile, windows, design), Simulation.run(trace, profile, windows)}).toList();
        Map<String, Integer> seedsFailing = new TreeMap<>();
        long[] sums = new long[3]; // payments, write units, the single Region's write units
        List<Long> p99s = new ArrayList<>();
        List<Long> singleP99s = new ArrayList<>();
        int[] failing = {0};
        boolean[] shrinkNext = {shrink};
        SideBySide.inOrder(runs, pair -> {
            Result regions = pair[0];
            Result single = pair[1];
            System.out.println(line(regions, single));
            sums[0] += regions.payments();
            sums[1] += regions.writeUnits();
            sums[2] += single.writeUnits();
            p99s.add(regions.p99Micros());
            singleP99s.add(single.p99Micros());
            if (regions.failed()) {
                failing[0]++;
                regions.byOracle().forEach((oracle, n) -> {
                    seedsFailing.merge(oracle, 1, Integer::sum);
                    System.out.println("  FAILED " + oracle + ": " + n);
                });
                System.out.println("  first: " + regions.first());
                if (shrinkNext[0]) { // the first failing seed only: each step of a shrink is a whole run
                    shrinkNext[0] = false;
                    shrunk(regions.withFirst(Violation.DECIDED_TWICE), profile, windows, design);
                }
            }
            System.out.flush();
        });
        System.out.println("seeds=" + traces.size() + " failing=" + failing[0] + " oracles_failed_in_seeds=" + seedsFailing);
        System.out.printf("write units per payment: %.2f (single Region %.2f), DynamoDB writes per million payments:"
                        + " $%.2f (single Region $%.2f); decision p99, worst seed: %.1f ms (single Region %.1f ms)%n",
                (double) sums[1] / sums[0], (double) sums[2] / sums[0], dollars(sums[1], sums[0]), dollars(sums[2], sums[0]),
                p99s.stream().mapToLong(Long::longValue).max().orElse(0) / 1000.0,
                singleP99s.stream().mapToLong(Long::longValue).max().orElse(0) / 1000.0);
        return failing[0] == 0 ? 0 : 1;
    }

    private static double dollars(long units, long payments) {
        return units * DOLLARS_PER_MILLION_WRITE_UNITS / payments;
    }

    private static String line(Result regions, Result single) {
        return String.format("%s payments=%d messages=%d approved=%d declined=%d dlq_left=%d decision_p50_ms=%.1f"
                        + " decision_p99_ms=%.1f oldest=%s write_units=%d violations=%d%s || single Region: decision_p50_ms=%.1f"
                        + " decision_p99_ms=%.1f write_units=%d violations=%d",
                regions.trace().variables(), regions.payments(), regions.messages(), regions.approved(), regions.declined(),
                regions.deadLetterLeft(), regions.p50Micros() / 1000.0, regions.p99Micros() / 1000.0,
                Oracles.at(regions.oldestMicros()), regions.writeUnits(),
                regions.violations().size(), regions.extraFigures(), single.p50Micros() / 1000.0, single.p99Micros() / 1000.0,
                single.writeUnits(), single.violations().size());
    }

    private static void shrunk(Result failing, Profile profile, TemplateWindows windows, RegionDesign design) {
        Shrinker.Shrunk shrunk = new Shrinker(profile, trace -> RegionsSimulation.run(trace, profile, windows, design),
                seed -> FaultSchedule.NONE).shrink(failing);
        System.out.println("  shrunk to " + shrunk.result().payments() + " payments: " + shrunk.result().first());
        shrunk.result().violations().stream().limit(5).forEach(v -> System.out.println("    " + v));
        System.out.println("  " + shrunk.result().extraFigures().substring(3));
        System.out.println("  replay: make simulate PROFILE=regions DESIGN=" + design.id() + " " + shrunk.result().trace().variables()
                + (profile.payments() == 2_000 ? "" : " PAYMENTS=" + profile.payments())
                + (profile.hotAccounts() == 1 ? " HOT=" + Math.round(profile.hotShare() * 100) : ""));
    }
}
