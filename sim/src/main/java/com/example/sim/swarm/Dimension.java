package com.example.sim.swarm;

import com.example.template.Parameter;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * One setting a swarm draws: a template parameter (its {@code AllowedValues}, else its
 * {@code MinValue}..{@code MaxValue}, and its {@code Default}) or one of the simulation's own.
 *
 * @param name      the parameter's name, or the simulation's setting's ({@code sim.}...)
 * @param byDefault the value a run has when it is not drawn: the parameter's {@code Default}
 * @param values    the values it allows; empty when it allows a range
 * @param min       the least of its range (unused with {@code values})
 * @param max       the greatest of its range (unused with {@code values})
 * @param templates whether it is a template parameter, which the template's Rules judge
 */
public record Dimension(String name, String byDefault, List<String> values, long min, long max, boolean templates) {

    public Dimension {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(byDefault, "byDefault");
        values = List.copyOf(values);
        if (!allows(values, min, max, byDefault)) {
            throw new IllegalArgumentException(name + "'s default " + byDefault + " is not among the values it allows");
        }
    }

    /** A template parameter, drawn within what the template allows. */
    static Dimension of(Parameter parameter) {
        String byDefault = parameter.byDefault().orElseThrow(() ->
                new IllegalArgumentException("the swarm draws " + parameter.name() + ", which has no Default"));
        if (!parameter.allowedValues().isEmpty()) {
            return new Dimension(parameter.name(), byDefault, parameter.allowedValues(), 0, 0, true);
        }
        if (parameter.minValue().isEmpty() || parameter.maxValue().isEmpty()) {
            throw new IllegalArgumentException("the swarm draws " + parameter.name()
                    + ", which has neither AllowedValues nor both MinValue and MaxValue");
        }
        return new Dimension(parameter.name(), byDefault, List.of(), parameter.minValue().getAsLong(),
                parameter.maxValue().getAsLong(), true);
    }

    /** One of the simulation's own settings, one of {@code values}. */
    public static Dimension own(String name, String byDefault, List<String> values) {
        return new Dimension(name, byDefault, values, 0, 0, false);
    }

    /** Whether it is a range (MinValue..MaxValue) rather than a list. */
    public boolean ranged() {
        return values.isEmpty();
    }

    boolean allows(String value) {
        return allows(values, min, max, value);
    }

    private static boolean allows(List<String> values, long min, long max, String value) {
        if (!values.isEmpty()) {
            return values.contains(value);
        }
        return value.matches("-?[0-9]{1,18}") && Long.parseLong(value) >= min && Long.parseLong(value) <= max;
    }

    String draw(SplittableRandom random) {
        return ranged() ? Long.toString(random.nextLong(min, max + 1)) : values.get(random.nextInt(values.size()));
    }
}
