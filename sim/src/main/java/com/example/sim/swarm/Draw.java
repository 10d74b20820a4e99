package com.example.sim.swarm;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A seed's settings: a value for every setting of the swarm's space, in the space's order.
 *
 * @param values   each setting's value
 * @param refused  how many sets the template's Rules refused before this one was drawn
 */
public record Draw(Map<String, String> values, int refused) {

    public Draw {
        values = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(values));
        if (refused < 0) {
            throw new IllegalArgumentException("refused " + refused);
        }
    }

    public String value(String name) {
        return Objects.requireNonNull(values.get(name), () -> "no setting " + name + " in the draw");
    }

    /** The settings away from their defaults, {@code Name=value,...} ({@code defaults} when none): what {@code DRAW=} replays. */
    public String text(Map<String, String> defaults) {
        StringBuilder text = new StringBuilder();
        values.forEach((name, value) -> {
            if (!value.equals(defaults.get(name))) {
                text.append(text.isEmpty() ? "" : ",").append(name).append('=').append(value);
            }
        });
        return text.isEmpty() ? "defaults" : text.toString();
    }

    /** The same with {@code name} at {@code value}. */
    public Draw with(String name, String value) {
        Map<String, String> changed = new LinkedHashMap<>(values);
        changed.put(name, value);
        return new Draw(changed, refused);
    }
}
