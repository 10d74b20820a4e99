package com.example.template;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One of the template's {@code Parameters}: its type, its {@code Default} and the values it
 * allows ({@code AllowedValues}, {@code MinValue}/{@code MaxValue}, {@code AllowedPattern}).
 *
 * @param name           its name
 * @param type           {@code String}, {@code Number}, {@code CommaDelimitedList}, ...
 * @param byDefault      its {@code Default} as text, when it has one
 * @param allowedValues  its {@code AllowedValues} as text; empty when it lists none
 * @param minValue       its {@code MinValue}
 * @param maxValue       its {@code MaxValue}
 * @param allowedPattern its {@code AllowedPattern}
 */
public record Parameter(String name, String type, Optional<String> byDefault, List<String> allowedValues,
                        OptionalLong minValue, OptionalLong maxValue, Optional<String> allowedPattern) {

    public Parameter {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(byDefault, "byDefault");
        allowedValues = List.copyOf(allowedValues);
        Objects.requireNonNull(minValue, "minValue");
        Objects.requireNonNull(maxValue, "maxValue");
        Objects.requireNonNull(allowedPattern, "allowedPattern");
    }

    static Parameter of(String name, JsonNode declared) {
        List<String> allowed = new ArrayList<>();
        declared.path("AllowedValues").forEach(value -> allowed.add(value.asText()));
        return new Parameter(name, declared.path("Type").asText("String"),
                Optional.ofNullable(declared.path("Default").asText(null)), allowed,
                declared.has("MinValue") ? OptionalLong.of(declared.get("MinValue").asLong()) : OptionalLong.empty(),
                declared.has("MaxValue") ? OptionalLong.of(declared.get("MaxValue").asLong()) : OptionalLong.empty(),
                Optional.ofNullable(declared.path("AllowedPattern").asText(null)));
    }

    /** Whether it is a list ({@code CommaDelimitedList}), whose value CloudFormation splits at commas. */
    public boolean isList() {
        return "CommaDelimitedList".equals(type);
    }

    /** Its {@code Default} as a number; fails when it has none or it is not one. */
    public long defaultNumber() {
        return Long.parseLong(byDefault.orElseThrow(() -> new IllegalArgumentException(name + " has no Default")).strip());
    }

    /**
     * The values it can take as a number: any of its AllowedValues, else between its MinValue
     * and MaxValue (unbounded where it has none); its Default when the deployer gives none.
     */
    public NumberRange range() {
        long byDefault = defaultNumber();
        if (!allowedValues.isEmpty()) {
            List<Long> allowed = allowedValues.stream().map(Long::parseLong).toList();
            return new NumberRange(allowed.stream().min(Long::compare).orElseThrow(), byDefault,
                    allowed.stream().max(Long::compare).orElseThrow());
        }
        return new NumberRange(minValue.orElse(Long.MIN_VALUE), byDefault, maxValue.orElse(Long.MAX_VALUE));
    }
}
