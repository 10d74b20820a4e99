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

    /** A seed's draw, the run it deploys, and what the run came to. */
    record Outcome(Draw draw, SwarmSettings.Setup setup, Result result) {
    }

    private SwarmRun() {
    }

    static int run(Template template, Map<String, String> variables) {
        SwarmSpace space = SwarmSettings.space(template);
        List<Trace> traces = Trace.named(variables, SEEDS);
        int payments = Variables.number(variables, "PAYMENTS", PAYMENTS_PER_SEED, 1, 5_000_000);
        Optional<Draw> given = Optional.ofNullable(variables.get("DRAW")).map(space::given);
        boolean shrink = !"false".equals(variables.get("SHRINK"));
        Map<String, String> defaults = space.defaults();
        System.out.println("profile=swarm: per seed a draw of " + defaults.size() + " settings (" + payments
                + " payments a seed, the rest of the default profile); the template's parameters drive:");
        SwarmSettings.described(space).forEach(line -> System.out.println("  " + line));
        System.out.println("  and the simulation's own: " + defaults.keySet().stream().filter(n -> n.startsWith("sim.")).toList());
        long started = System.nanoTime();
        int[] failing = {0};
        Map<String, Integer> failedOracles = new TreeMap<>();
        Distribution distribution = new Distribution(space.dimensions());
        List<Callable<Outcome>> runs = traces.stream().<Callable<Outcome>>map(trace -> () -> {
            Draw draw = given.orElseGet(() -> space.draw(trace.seed()));
            SwarmSettings.Setup setup = SwarmSettings.apply(template, draw, payments);
            return new Outcome(draw, setup, Simulation.run(trace, setup.profile(), setup.windows()));
        }).toList();
        SideBySide.inOrder(runs, outcome -> {
            distribution.add(outcome.draw());
            System.out.println(line(outcome, defaults));
            if (outcome.result().failed()) {
                failing[0]++;
                outcome.result().byOracle().forEach((oracle, n) -> failedOracles.merge(oracle, n, Integer::sum));
                report(outcome, shrink ? Optional.of(new SwarmShrinker(template, space, payments)) : Optional.empty(), payments);
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
        String trace = outcome.result().trace().variables();
        return trace + " DRAW=" + outcome.draw().text(defaults) + " refused=" + outcome.draw().refused()
                + outcome.result().line().substring(trace.length());
    }

    /** A failing seed: the oracles it failed, its first violation, its smallest draw and trace, and the command that replays them. */
    private static void report(Outcome failing, Optional<SwarmShrinker> shrinker, int payments) {
        failing.result().byOracle().forEach((oracle, n) -> System.out.println("  FAILED " + oracle + ": " + n));
        System.out.println("  first: " + failing.result().first());
        shrinker.ifPresent(s -> {
            SwarmShrinker.Shrunk shrunk = s.shrink(failing);
            System.out.println("  shrunk to the draw " + shrunk.draw() + ", " + shrunk.trace().result().payments()
                    + " payments, faults " + shrunk.trace().faults() + ": " + shrunk.trace().result().first());
            shrunk.trace().result().violations().stream().limit(5).forEach(v -> System.out.println("    " + v));
            System.out.println("  replay: make simulate PROFILE=swarm " + shrunk.trace().result().trace().variables()
                    + " DRAW=" + shrunk.draw() + (payments == PAYMENTS_PER_SEED ? "" : " PAYMENTS=" + payments));
        });
    }
}
