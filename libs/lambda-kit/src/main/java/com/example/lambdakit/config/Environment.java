package com.example.lambdakit.config;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Typed, validating reads of environment variables. Every failure is a
 * {@link ConfigurationException} naming the variable and the rule it broke.
 */
public final class Environment {

    private final Map<String, String> variables;

    public Environment(Map<String, String> variables) {
        this.variables = Map.copyOf(Objects.requireNonNull(variables, "variables"));
    }

    /** A setting that must be present and non-blank. */
    public String required(String name) {
        return optional(name).orElseThrow(() -> new ConfigurationException(name, "is required"));
    }

    /** A setting that may be absent; blank counts as absent. */
    public Optional<String> optional(String name) {
        return Optional.ofNullable(variables.get(name)).map(String::strip).filter(value -> !value.isEmpty());
    }

    /** A whole number of seconds, at least one. */
    public Duration seconds(String name, Optional<Duration> fallback) {
        Optional<String> text = optional(name);
        if (text.isEmpty()) {
            return fallback.orElseThrow(() -> new ConfigurationException(name, "is required (whole seconds)"));
        }
        return Duration.ofSeconds(positiveLong(name, text.get()));
    }

    /** A whole number of milliseconds, zero or more. */
    public Duration millis(String name, Duration fallback) {
        return optional(name).map(text -> Duration.ofMillis(nonNegativeLong(name, text))).orElse(fallback);
    }

    /** A whole number within {@code [min, max]}. */
    public int integer(String name, int fallback, int min, int max) {
        Optional<String> text = optional(name);
        if (text.isEmpty()) {
            return fallback;
        }
        long value = nonNegativeLong(name, text.get());
        if (value < min || value > max) {
            throw new ConfigurationException(name, "must be between " + min + " and " + max + ", was " + value);
        }
        return (int) value;
    }

    /** {@code true} or {@code false}, case-insensitive. */
    public boolean bool(String name, boolean fallback) {
        Optional<String> text = optional(name);
        if (text.isEmpty()) {
            return fallback;
        }
        return switch (text.get().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new ConfigurationException(name, "must be true or false");
        };
    }

    private static long positiveLong(String name, String text) {
        long value = nonNegativeLong(name, text);
        if (value == 0) {
            throw new ConfigurationException(name, "must be greater than zero");
        }
        return value;
    }

    private static long nonNegativeLong(String name, String text) {
        try {
            long value = Long.parseLong(text);
            if (value < 0) {
                throw new ConfigurationException(name, "must not be negative");
            }
            return value;
        } catch (NumberFormatException e) {
            throw new ConfigurationException(name, "must be a whole number");
        }
    }
}
