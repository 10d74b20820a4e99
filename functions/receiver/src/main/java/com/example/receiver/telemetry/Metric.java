package com.example.receiver.telemetry;

/**
 * One CloudWatch metric a function emits: its name and unit. Each function lists its metrics in
 * one enum implementing this (its catalogue), and {@link EmfMetrics} emits nothing else, so
 * that the catalogue is exactly what the code can emit; the template's alarms and dashboard
 * are checked against it.
 */
public interface Metric {

    /** The metric's name, as the template names it. */
    String metricName();

    /** The unit of its values. */
    Unit unit();

    /** The units the functions use, spelled as CloudWatch's {@code StandardUnit} values. */
    enum Unit {
        COUNT("Count"), MILLISECONDS("Milliseconds"), BYTES("Bytes");

        private final String cloudWatchName;

        Unit(String cloudWatchName) {
            this.cloudWatchName = cloudWatchName;
        }

        /** The name EMF and CloudWatch use. */
        public String cloudWatchName() {
            return cloudWatchName;
        }
    }
}
