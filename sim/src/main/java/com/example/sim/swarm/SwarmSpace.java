package com.example.sim.swarm;

import com.example.paymenttraffic.Seeds;
import com.example.template.Template;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * What a swarm draws from: the template's parameters a run understands that the template
 * declares, each within the values it allows, and the simulation's own settings. A draw the
 * template's {@code Rules} refuse ({@link com.example.template.Rules#refusals}, the evaluator the
 * template invariants and the rehearsal judge the Rules with) is never returned: it is drawn
 * again, and counted.
 */
public final class SwarmSpace {

    /** More refusals in a row than this: the Rules refuse (nearly) everything, which is a defect to report. */
    private static final int MOST_REFUSALS = 10_000;

    private final Template template;
    private final List<Dimension> dimensions;

    private SwarmSpace(Template template, List<Dimension> dimensions) {
        this.template = template;
        this.dimensions = List.copyOf(dimensions);
    }

    /**
     * {@code parameters} of {@code template} (those it declares; a parameter a run understands but
     * the template lacks is not drawn) and the simulation's {@code own} settings.
     */
    public static SwarmSpace of(Template template, List<String> parameters, List<Dimension> own) {
        List<Dimension> dimensions = new ArrayList<>();
        parameters.stream().flatMap(name -> template.parameter(name).stream()).map(Dimension::of).forEach(dimensions::add);
        dimensions.addAll(own);
        return new SwarmSpace(template, dimensions);
    }

    public List<Dimension> dimensions() {
        return dimensions;
    }

    /** Every setting at its default: a deployment without overrides, the simulation's own settings as {@code make simulate}'s. */
    public Map<String, String> defaults() {
        Map<String, String> defaults = new LinkedHashMap<>();
        dimensions.forEach(d -> defaults.put(d.name(), d.byDefault()));
        return defaults;
    }

    /** Seed {@code seed}'s draw, from the seed's own {@code SETTINGS} stream: the same every time. */
    public Draw draw(long seed) {
        SplittableRandom random = new Seeds(seed).stream(Seeds.Component.SETTINGS, 0);
        for (int refused = 0; refused < MOST_REFUSALS; refused++) {
            Map<String, String> values = new LinkedHashMap<>();
            dimensions.forEach(d -> values.put(d.name(), d.draw(random)));
            if (refusals(values).isEmpty()) {
                return new Draw(values, refused);
            }
        }
        throw new IllegalStateException("the template's Rules refused " + MOST_REFUSALS + " draws in a row for seed " + seed);
    }

    /**
     * The draw {@code text} names ({@code Name=value,...}, or {@code defaults}), every other setting
     * at its default; refuses an unknown name, a value the setting does not allow, and a set the
     * Rules refuse, saying why.
     */
    public Draw given(String text) {
        Map<String, String> values = defaults();
        for (String part : text.equals("defaults") ? new String[0] : text.split(",")) {
            String[] pair = part.split("=", 2);
            Dimension dimension = dimensions.stream().filter(d -> d.name().equals(pair[0])).findFirst().orElseThrow(() ->
                    new IllegalArgumentException("DRAW names " + pair[0] + ", which the swarm does not draw: it draws "
                            + defaults().keySet()));
            if (pair.length < 2 || !dimension.allows(pair[1])) {
                throw new IllegalArgumentException("DRAW: " + part + " is not a value " + dimension.name() + " allows");
            }
            values.put(pair[0], pair[1]);
        }
        List<String> refusals = refusals(values);
        if (!refusals.isEmpty()) {
            throw new IllegalArgumentException("DRAW: the template's Rules refuse it: " + refusals);
        }
        return new Draw(values, 0);
    }

    /** What the template's Rules say against {@code values}' template parameters (none: they accept them). */
    public List<String> refusals(Map<String, String> values) {
        Map<String, String> parameters = new LinkedHashMap<>();
        dimensions.stream().filter(Dimension::templates).forEach(d -> parameters.put(d.name(), values.get(d.name())));
        return template.rules().refusals(parameters);
    }
}
