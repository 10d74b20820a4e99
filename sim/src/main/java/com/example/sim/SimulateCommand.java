package com.example.sim;

import com.example.sim.faults.FaultRates;
import com.example.template.Template;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * {@code make simulate}: runs seeds of a profile, side by side (one per processor: each run is a
 * pure function of its own trace), prints one line per seed in seed order (the same for the same
 * seed, byte for byte), and for a failing seed the oracle that failed, its shrunk trace and the
 * command that replays it; exits 1 when any oracle failed, 2 on a bad variable.
 *
 * <p>Variables (the Makefile passes them as arguments {@code NAME=value}): {@code SEED} (one seed;
 * otherwise {@code SEEDS} seeds from {@code FIRST_SEED}), {@code PAYMENTS} per seed,
 * {@code PROFILE=default|peak|swarm|canary|regions|compat} ({@link SwarmRun}, {@link CanaryRun}, {@link RegionsRun},
 * with {@code DESIGN} and {@code HOT} (a percent of the payments on one account), {@link CompatRun}, with {@code RELEASE},
 * the last release's folder), {@code DRAW} (a swarm's draw; with {@code DESIGN}, a swarm across Regions,
 * {@link RegionsSwarm}), {@code CACHE=serverless|cluster|off},
 * {@code QUEUE=standard|fifo}, {@code RULES=today|before-age-bound} ({@link Rules}), {@code KEEP_PAYMENTS}, {@code KEEP_FAULTS} (a shrunk trace),
 * {@code SHRINK=false}, {@code TEMPLATE} (the template whose windows a run lives through).
 */
public final class SimulateCommand {

    private SimulateCommand() {
    }

    public static void main(String[] args) {
        Map<String, String> variables;
        try {
            variables = Variables.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        System.exit(run(variables));
    }

    /** The profile's variables a replay must repeat: those not at their defaults. */
    private static String profileVariables(Profile profile) {
        return (profile.payments() == Profile.DEFAULT_PAYMENTS_PER_SEED ? "" : " PAYMENTS=" + profile.payments())
                + (profile.reservedConcurrency() > 0 ? " RESERVED=" + profile.reservedConcurrency() : "")
                + (profile.faultRates().equals(FaultRates.DEFAULT) ? ""
                        : " LAMBDA_THROTTLE_MINUTES=" + profile.faultRates().longestLambdaThrottle().toMinutes())
                + (profile.cache().equals("serverless") ? "" : " CACHE=" + profile.cache())
                + (profile.fifo() ? " QUEUE=fifo" : "")
                + (profile.rules().equals(Rules.TODAY) ? "" : " RULES=" + profile.rules().name());
    }

    static int run(Map<String, String> variables) {
        TemplateWindows windows;
        List<Trace> traces = new ArrayList<>();
        Profile profile;
        boolean shrink;
        try {
            Template template = Template.read(Path.of(variables.getOrDefault("TEMPLATE", "template.yaml")));
            windows = TemplateWindows.of(template);
            String name = variables.getOrDefault("PROFILE", "default");
            if (name.equals("peak")) {
                PeakReport.run(windows, variables);
                return 0;
            }
            if (name.equals("swarm")) {
                return SwarmRun.run(template, variables);
            }
            if (name.equals("canary")) {
                return CanaryRun.run(Path.of(variables.getOrDefault("TEMPLATE", "template.yaml")), windows, variables);
            }
            if (name.equals("regions")) {
                return RegionsRun.run(windows, variables);
            }
            if (name.equals("compat")) {
                java.util.Optional<String> refused = CompatRun.refused(variables);
                if (refused.isPresent()) {
                    throw new IllegalArgumentException(refused.get());
                }
                return CompatRun.run(windows, variables);
            }
            if (!name.equals("default")) {
                throw new IllegalArgumentException("PROFILE must be default, peak, swarm, canary, regions or compat, was '" + name + "'");
            }
            int payments = Variables.number(variables, "PAYMENTS", Profile.DEFAULT_PAYMENTS_PER_SEED, 1, 5_000_000);
            profile = Profile.standard(windows, payments)
                    .withReservedConcurrency(Variables.number(variables, "RESERVED", 0, 0, windows.maxConcurrencyAllowed()))
                    .withLongestLambdaThrottle(java.time.Duration.ofMinutes(Variables.number(variables, "LAMBDA_THROTTLE_MINUTES",
                            (int) FaultRates.DEFAULT.longestLambdaThrottle().toMinutes(), 1, 1_440)))
                    .with(variables.getOrDefault("CACHE", "serverless"), variables.getOrDefault("QUEUE", "standard"))
                    .with(Rules.named(variables.getOrDefault("RULES", "today")));
            shrink = !"false".equals(variables.get("SHRINK"));
            traces.addAll(Trace.named(variables, 20));
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            return 2;
        }
        System.out.printf("profile=%s windows: queue retention %d s, DLQ retention %d s, record TTL %d s, "
                        + "maxReceiveCount %d, visibility %d s, timeout %d s, batch %d, window %d s, concurrency %d x %d lanes; "
                        + "cache %s, queue %s, rules %s (max payment age %s)%n",
                profile.name(), windows.queueRetentionSeconds(), windows.deadLetterRetentionSeconds(), windows.recordTtlSeconds(),
                windows.maxReceiveCount(), windows.visibilityTimeoutSeconds(), windows.functionTimeoutSeconds(),
                windows.batchSize(), windows.batchingWindowSeconds(), profile.maxConcurrency(), windows.inFunctionConcurrency(),
                profile.cache(), profile.queue(), profile.rules().name(),
                profile.rules().maxPaymentAgeSeconds(windows).map(age -> age + " s").orElse("none"));
        long started = System.nanoTime();
        long[] payments = {0};
        int[] failing = {0};
        Map<String, Integer> failedOracles = new java.util.TreeMap<>();
        Profile ran = profile;
        List<Callable<Result>> runs = traces.stream().<Callable<Result>>map(trace -> () -> Simulation.run(trace, ran, windows)).toList();
        SideBySide.inOrder(runs, result -> {
            payments[0] += result.payments();
            System.out.println(result.line());
            if (result.failed()) {
                failing[0]++;
                result.byOracle().forEach((oracle, n) -> failedOracles.merge(oracle, n, Integer::sum));
                report(result, shrink ? Optional.of(new Shrinker(ran, windows)) : Optional.empty(), ran);
            }
            System.out.flush();
        });
        System.out.println("seeds=" + traces.size() + " failing=" + failing[0] + " oracles_failed=" + failedOracles);
        System.err.printf("%d payments in %d run(s), %.1f s of wall time%n", payments[0], traces.size(),
                (System.nanoTime() - started) / 1e9);
        return failing[0] == 0 ? 0 : 1;
    }

    /** A failing seed: the oracles it failed, its first violation, and its shrunk trace with the command that replays it. */
    private static void report(Result result, Optional<Shrinker> shrinker, Profile profile) {
        result.byOracle().forEach((oracle, n) -> System.out.println("  FAILED " + oracle + ": " + n));
        System.out.println("  first: " + result.first());
        shrinker.ifPresent(s -> {
            Shrinker.Shrunk shrunk = s.shrink(result);
            System.out.println("  shrunk to " + shrunk.result().payments() + " payments, faults "
                    + shrunk.faults() + ": " + shrunk.result().first());
            shrunk.result().violations().stream().limit(5).forEach(v -> System.out.println("    " + v));
            System.out.println("  replay: make simulate " + shrunk.result().trace().variables() + profileVariables(profile));
        });
    }
}
