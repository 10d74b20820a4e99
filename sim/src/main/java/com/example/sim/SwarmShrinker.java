package com.example.sim;

import com.example.sim.swarm.Draw;
import com.example.sim.swarm.SwarmSpace;
import com.example.template.Template;
import java.util.Map;

/**
 * Shrinks a swarm's failing seed: first its draw, each setting away from its default put back to
 * it in turn, kept there when the same oracle still fails (and the Rules accept the set: one they
 * refuse is never run), then the trace under that draw, as {@link Shrinker} shrinks any.
 */
final class SwarmShrinker {

    /** The smallest draw, as {@code DRAW=} names it, and the shrunk trace under it. */
    record Shrunk(String draw, Shrinker.Shrunk trace) {
    }

    private final Template template;
    private final SwarmSpace space;
    private final int payments;

    SwarmShrinker(Template template, SwarmSpace space, int payments) {
        this.template = template;
        this.space = space;
        this.payments = payments;
    }

    Shrunk shrink(SwarmRun.Outcome failing) {
        String oracle = failing.result().first().oracle();
        Map<String, String> defaults = space.defaults();
        Draw draw = failing.draw();
        Result result = failing.result();
        SwarmSettings.Setup setup = failing.setup();
        for (String name : defaults.keySet()) {
            if (draw.value(name).equals(defaults.get(name))) {
                continue;
            }
            Draw back = draw.with(name, defaults.get(name));
            if (!space.refusals(back.values()).isEmpty()) {
                continue;
            }
            SwarmSettings.Setup tried = SwarmSettings.apply(template, back, payments);
            Result run = Simulation.run(result.trace(), tried.profile(), tried.windows());
            if (run.violations().stream().anyMatch(v -> v.oracle().equals(oracle))) {
                draw = back;
                result = run;
                setup = tried;
            }
        }
        return new Shrunk(draw.text(defaults), new Shrinker(setup.profile(), setup.windows()).shrink(result));
    }
}
