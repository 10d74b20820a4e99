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

    /**
     * Reads from {@code variables}.
     *
     * @param variables the process's environment ({@code System.getenv()} in Lambda), copied
     */
    public Environment(Map<String, String> variables) {
        this.variables = Map.copyOf(Objects.requireNonNull(variables, "variables"));
    }

    /**
     * A setting that must be present and non-blank.
     *
     * @param name the variable
     * @return its value, stripped
     */
    public String required(String name) {
        return optional(name).orElseThrow(() -> new ConfigurationException(name, "is required"));
    }

    /**
     * A setting that may be absent; blank counts as absent.
     *
     * @param name the variable
     * @return its value, stripped; empty when unset or blank
     */
    public Optional<String> optional(String name) {
        return Optional.ofNullable(variables.get(name)).map(String::strip).filter(value -> !value.isEmpty());
    }

    /**
     * A whole number of seconds, at least one.
     *
     * @param name     the variable
     * @param fallback the value when unset; empty when the setting is required
     * @return the duration
     */
    public Duration seconds(String name, Optional<Duration> fallback) {
        Optional<String> text = optional(name);
        if (text.isEmpty()) {
            return fallback.orElseThrow(() -> new ConfigurationException(name, "is required (whole seconds)"));
        }
        return Duration.ofSeconds(positiveLong(name, text.get()));
    }

    /**
     * A whole number of milliseconds, zero or more.
     *
     * @param name     the variable
     * @param fallback the value when unset
     * @return the duration
     */
    public Duration millis(String name, Duration fallback) {
        return optional(name).map(text -> Duration.ofMillis(nonNegativeLong(name, text))).orElse(fallback);
    }

    /**
     * A whole number within {@code [min, max]}.
     *
     * @param name     the variable
     * @param fallback the value when unset
     * @param min      the smallest value accepted
     * @param max      the largest value accepted
     * @return the number
     */
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

    /**
     * {@code true} or {@code false}, case-insensitive.
     *
     * @param name     the variable
     * @param fallback the value when unset
     * @return the flag
     */
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
