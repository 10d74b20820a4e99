package com.example.sim;

import com.example.sim.swarm.Draw;
import com.example.sim.swarm.SwarmSpace;
import com.example.template.Template;
import java.util.Map;
import java.util.Optional;

/**
 * Shrinks a swarm's failing seed: first its draw, each setting away from its default put back to
 * it in turn, kept there while the seed still fails the same way (the same oracle first, or the
 * run ending in the same kind of exception) and the Rules accept the set (one they refuse is
 * never run); then, when an oracle failed, the trace under that draw, as {@link Shrinker} shrinks any.
 *
 * @param template the template the draws deploy
 * @param space    what the swarm draws from
 * @param payments payments a seed
 * @param design   the design across Regions the seeds run by, if any ({@link RegionsSwarm})
 */
record SwarmShrinker(Template template, SwarmSpace space, int payments, Optional<RegionDesign> design) {

    /**
     * The smallest draw, as {@code DRAW=} names it, the trace that replays it, and the shrunk
     * trace's run when an oracle failed (none when the run ended in an exception).
     */
    record Shrunk(String draw, Trace replay, Optional<Shrinker.Shrunk> trace) {
    }

    Shrunk shrink(SwarmRun.Outcome failing) {
        String failure = failing.failure();
        Map<String, String> defaults = space.defaults();
        SwarmRun.Outcome best = failing;
        for (String name : defaults.keySet()) {
            if (best.draw().value(name).equals(defaults.get(name))) {
                continue;
            }
            Draw back = best.draw().with(name, defaults.get(name));
            if (!space.refusals(back.values()).isEmpty()) {
                continue;
            }
            SwarmRun.Outcome tried = SwarmRun.Outcome.of(template, failing.trace(), back, payments, design);
            if (tried.failed() && tried.failure().equals(failure)) {
                best = tried;
            }
        }
        String draw = best.draw().text(defaults);
        if (best.result().isEmpty()) {
            return new Shrunk(draw, failing.trace(), Optional.empty());
        }
        Draw drawn = best.draw();
        Shrinker shrinker = design.map(d -> RegionsSwarm.shrinker(template, drawn, payments, d)).orElseGet(() -> {
            SwarmSettings.Setup setup = SwarmSettings.apply(template, drawn, payments);
            return new Shrinker(setup.profile(), setup.windows());
        });
        Shrinker.Shrunk trace = shrinker.shrink(best.result().get());
        return new Shrunk(draw, trace.result().trace(), Optional.of(trace));
    }
}
