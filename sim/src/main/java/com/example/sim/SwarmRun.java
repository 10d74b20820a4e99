package com.example.sim;

import com.example.sim.swarm.Distribution;
import com.example.sim.swarm.Draw;
import com.example.sim.swarm.SwarmSpace;
import com.example.template.Template;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.Callable;

/**
 * {@code make simulate PROFILE=swarm}: per seed, a draw of every setting the simulation
 * understands ({@link SwarmSettings}) within what the template allows, never a set its Rules
 * refuse, run as {@code make simulate} runs a seed (the default profile's traffic, every oracle);
 * one line per seed with its draw (the settings away from the template's defaults) and its
 * result, then the distribution of what was drawn. A failing seed is shrunk to the smallest draw
 * (each setting back to its default while the same oracle still fails) and then the smallest
 * trace, printed as the command that replays it.
 *
 * <p>Variables besides {@code make simulate}'s: {@code DRAW} ({@code Name=value,...}: that draw,
 * every other setting at its default, instead of the seed's own).
 */
final class SwarmRun {

    /** Payments per seed: 200 draws within 10 minutes on two processors shared with other work. */
    static final int PAYMENTS_PER_SEED = 1_000;
    static final int SEEDS = 200;

    /**
     * A seed's draw and what the run it deploys came to: its result, or the exception it ended in
     * (a function that refuses its configuration, say: a set the Rules accept that the code does not).
     */
    record Outcome(Trace trace, Draw draw, Optional<Result> result, Optional<RuntimeException> crash) {

        /** {@code trace} under {@code draw}: run in one Region, its exception caught. */
        static Outcome of(Template template, Trace trace, Draw draw, int payments) {
            return of(template, trace, draw, payments, Optional.empty());
        }

        /** {@code trace} under {@code draw}: run, across Regions by {@code design} when there is one, its exception caught. */
        static Outcome of(Template template, Trace trace, Draw draw, int payments, Optional<RegionDesign> design) {
            try {
                if (design.isPresent()) {
                    return new Outcome(trace, draw, Optional.of(RegionsSwarm.run(template, trace, draw, payments, design.get())),
                            Optional.empty());
                }
                SwarmSettings.Setup setup = SwarmSettings.apply(template, draw, payments);
                return new Outcome(trace, draw, Optional.of(Simulation.run(trace, setup.profile(), setup.windows())), Optional.empty());
            } catch (RuntimeException e) {
                return new Outcome(trace, draw, Optional.empty(), Optional.of(e));
            }
        }

        boolean failed() {
            return result.map(Result::failed).orElse(true);
        }

        /** What failed: the first failed oracle, or the run itself by the kind of its exception. */
        String failure() {
            return result.map(r -> r.first().oracle()).orElseGet(() -> "the run ended in " + rootCause().getClass().getSimpleName());
        }

        Throwable rootCause() {
            Throwable cause = crash.orElseThrow();
            while (cause.getCause() != null) {
                cause = cause.getCause();
            }
            return cause;
        }
    }

    private SwarmRun() {
    }

    static int run(Template template, Map<String, String> variables) {
        Optional<RegionDesign> design = Optional.ofNullable(variables.get("DESIGN")).map(RegionsSwarm::design);
        SwarmSpace space = design.isPresent() ? SwarmSettings.acrossRegions(template) : SwarmSettings.space(template);
        List<Trace> traces = Trace.named(variables, SEEDS);
        int payments = Variables.number(variables, "PAYMENTS", PAYMENTS_PER_SEED, 1, 5_000_000);
        Optional<Draw> given = Optional.ofNullable(variables.get("DRAW")).map(space::given);
        boolean shrink = !"false".equals(variables.get("SHRINK"));
        Map<String, String> defaults = space.defaults();
        System.out.println("profile=swarm: per seed a draw of " + defaults.size() + " settings (" + payments + " payments a seed, "
                + design.map(d -> "the regions profile's day by design " + d.id() + ", the runbook walked")
                        .orElse("the rest of the default profile") + "); the template's parameters drive:");
        SwarmSettings.described(space).forEach(line -> System.out.println("  " + line));
        System.out.println("  and the simulation's own: " + defaults.keySet().stream().filter(n -> n.startsWith("sim.")).toList());
        long started = System.nanoTime();
        int[] failing = {0};
        Map<String, Integer> failedOracles = new TreeMap<>();
        Distribution distribution = new Distribution(space.dimensions());
        List<Callable<Outcome>> runs = traces.stream().<Callable<Outcome>>map(trace ->
                () -> Outcome.of(template, trace, given.orElseGet(() -> space.draw(trace.seed())), payments, design)).toList();
        SideBySide.inOrder(runs, outcome -> {
            distribution.add(outcome.draw());
            System.out.println(line(outcome, defaults));
            if (outcome.failed()) {
                failing[0]++;
                outcome.result().ifPresentOrElse(
                        result -> result.byOracle().forEach((oracle, n) -> failedOracles.merge(oracle, n, Integer::sum)),
                        () -> failedOracles.merge(outcome.failure(), 1, Integer::sum));
                report(outcome, shrink ? Optional.of(new SwarmShrinker(template, space, payments, design)) : Optional.empty(), payments,
                        design);
            }
            System.out.flush();
        });
        System.out.println("seeds=" + traces.size() + " failing=" + failing[0] + " oracles_failed=" + failedOracles);
        distribution.lines().forEach(System.out::println);
        System.err.printf("%d draws of %d payments, %.1f s of wall time%n", traces.size(), payments,
                (System.nanoTime() - started) / 1e9);
        return failing[0] == 0 ? 0 : 1;
    }

    /** The seed's line: its trace, its draw and how many sets the Rules refused before it, then its result. */
    static String line(Outcome outcome, Map<String, String> defaults) {
        String trace = outcome.trace().variables();
        return trace + " DRAW=" + outcome.draw().text(defaults) + " refused=" + outcome.draw().refused()
                + outcome.result().map(result -> result.line().substring(trace.length()))
                        .orElseGet(() -> " ended in " + outcome.rootCause());
    }

    /** A failing seed: the oracles it failed, its first violation, its smallest draw and trace, and the command that replays them. */
    private static void report(Outcome failing, Optional<SwarmShrinker> shrinker, int payments, Optional<RegionDesign> design) {
        failing.result().ifPresentOrElse(result -> {
            result.byOracle().forEach((oracle, n) -> System.out.println("  FAILED " + oracle + ": " + n));
            System.out.println("  first: " + result.first());
        }, () -> System.out.println("  FAILED " + failing.failure() + ": " + failing.rootCause().getMessage()));
        shrinker.ifPresent(s -> {
            SwarmShrinker.Shrunk shrunk = s.shrink(failing);
            shrunk.trace().ifPresentOrElse(trace -> {
                System.out.println("  shrunk to the draw " + shrunk.draw() + ", " + trace.result().payments()
                        + " payments, faults " + trace.faults() + ": " + trace.result().first());
                trace.result().violations().stream().limit(5).forEach(v -> System.out.println("    " + v));
            }, () -> System.out.println("  shrunk to the draw " + shrunk.draw()));
            System.out.println("  replay: make simulate PROFILE=swarm " + design.map(d -> "DESIGN=" + d.id() + " ").orElse("")
                    + shrunk.replay().variables() + " DRAW=" + shrunk.draw() + (payments == PAYMENTS_PER_SEED ? "" : " PAYMENTS=" + payments));
        });
    }
}
