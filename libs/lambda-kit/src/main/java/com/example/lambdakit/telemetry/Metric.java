package com.example.lambdakit.telemetry;

import java.util.Objects;

/**
 * One CloudWatch metric a function emits: its name and unit. Each function lists its metrics in
 * one catalogue ({@code ALL} of its {@code *Metrics} class), and its {@link EmfMetrics} emits
 * nothing else, so that the catalogue is exactly what the code can emit; the template's alarms
 * and dashboard are checked against it.
 *
 * @param name the metric's name, as the template names it
 * @param unit the unit of its values
 */
public record Metric(String name, Unit unit) {

    /** Refuses a metric without a name or a unit. */
    public Metric {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(unit, "unit");
        if (name.isBlank()) {
            throw new IllegalArgumentException("a metric needs a name");
        }
    }

    /**
     * A metric that counts events.
     *
     * @param name the metric's name
     * @return the metric, in {@link Unit#COUNT}
     */
    public static Metric count(String name) {
        return new Metric(name, Unit.COUNT);
    }

    /** The units the functions use, spelled as CloudWatch's {@code StandardUnit} values. */
    public enum Unit {
        /** Events counted. */
        COUNT("Count"),
        /** A duration. */
        MILLISECONDS("Milliseconds"),
        /** A size. */
        BYTES("Bytes");

        private final String cloudWatchName;

        Unit(String cloudWatchName) {
            this.cloudWatchName = cloudWatchName;
        }

        /**
         * The unit's name in EMF lines.
         *
         * @return the name EMF and CloudWatch use
         */
        public String cloudWatchName() {
            return cloudWatchName;
        }
    }
}
