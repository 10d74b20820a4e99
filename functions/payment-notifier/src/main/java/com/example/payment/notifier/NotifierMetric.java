package com.example.payment.notifier;

import com.example.receiver.telemetry.Metric;

/**
 * The notifier's metrics (dimension {@code Service=payment-notifier}), counted per invocation:
 * notifications pushed now, acknowledged from the stored answer of an earlier push (a
 * redelivery: the API is not called again), returned for redelivery, and sent to the DLQ.
 */
public enum NotifierMetric implements Metric {
    DELIVERED("Delivered"),
    REPLAYED("Replayed"),
    RETRIED("Retried"),
    DEAD_LETTERED("DeadLettered");

    private final String metricName;

    NotifierMetric(String metricName) {
        this.metricName = metricName;
    }

    @Override
    public String metricName() {
        return metricName;
    }

    @Override
    public Unit unit() {
        return Unit.COUNT;
    }
}
