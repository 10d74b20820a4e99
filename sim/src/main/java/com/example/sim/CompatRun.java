package com.example.sim;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * {@code make compat-sim} ({@code make simulate PROFILE=compat RELEASE=<folder>}): the last release
 * and the working tree deciding the same payments over several seeds ({@link Compat}), every
 * oracle of a run and the two versions' own checked in each; prints each seed's line with both
 * versions' counts, and for a failing seed its oracles, its shrunk trace and the command that
 * replays it; exits 1 when any oracle failed.
 */
final class CompatRun {

    private CompatRun() {
    }

    static int run(TemplateWindows windows, Map<String, String> variables) {
        String folder = variables.get("RELEASE");
        if (folder == null) {
            throw new IllegalArgumentException("PROFILE=compat needs RELEASE, the last release's folder (make last-release prints it)");
        }
        Compat compat = Compat.of(Path.of(folder));
        int payments = Variables.number(variables, "PAYMENTS", 3_000, 1, 1_000_000);
        Profile profile = Profile.compat(windows, payments);
        boolean shrink = !"false".equals(variables.get("SHRINK"));
        List<Trace> traces = Trace.named(variables, 5);
        System.out.printf("profile=compat release %s (version 1) and the working tree (version 2) on one alias: %d payments"
                        + " over %d h, %.0f %% to the working tree, rolled back to the release at %.0f %% of the traffic,"
                        + " forward again at %.0f %%, all to the working tree at its end; faults drawn, no cache%n",
                compat.release().version(), payments, profile.traffic().toHours(), compat.weight() * 100,
                compat.rollbackAt() * 100, compat.forwardAt() * 100);
        List<Callable<Result>> runs = traces.stream().<Callable<Result>>map(trace -> () -> Simulation.run(trace, profile, windows,
                compat)).toList();
        int[] failing = {0};
        SideBySide.inOrder(runs, result -> {
            System.out.println(result.line());
            if (result.failed()) {
                failing[0]++;
                result.byOracle().forEach((oracle, n) -> System.out.println("  FAILED " + oracle + ": " + n));
                System.out.println("  first: " + result.first());
                if (shrink) {
                    Shrinker.Shrunk shrunk = new Shrinker(profile, trace -> Simulation.run(trace, profile, windows, compat))
                            .shrink(result);
                    System.out.println("  shrunk to " + shrunk.result().payments() + " payments, faults " + shrunk.faults() + ": "
                            + shrunk.result().first());
                    shrunk.result().violations().stream().limit(5).forEach(v -> System.out.println("    " + v));
                    System.out.println("  replay: make compat-sim " + shrunk.result().trace().variables()
                            + (payments == 3_000 ? "" : " PAYMENTS=" + payments));
                }
            }
            System.out.flush();
        });
        System.out.println("seeds=" + traces.size() + " failing=" + failing[0]);
        return failing[0] == 0 ? 0 : 1;
    }

    /** The refusal of a variable the compat profile has no use for: it runs without the cache, on the standard queue. */
    static Optional<String> refused(Map<String, String> variables) {
        return variables.containsKey("CACHE") || variables.containsKey("QUEUE")
                ? Optional.of("PROFILE=compat runs without the cache, on the standard queue: CACHE and QUEUE are not its")
                : Optional.empty();
    }
}
