package com.example.payment.events;

import com.example.receiver.telemetry.Metric;

/**
 * The publisher's metrics (dimension {@code Service=payment-events}), written once per
 * invocation: decisions published, records whose publish failed (the batch is retried from
 * them), and the stream lag of each record handled: from its {@code ApproximateCreationDateTime}
 * (whole seconds) to its publication.
 */
public enum PublisherMetric implements Metric {
    PUBLISHED("Published", Unit.COUNT),
    PUBLISH_FAILED("PublishFailed", Unit.COUNT),
    STREAM_LAG("StreamLag", Unit.MILLISECONDS);

    private final String metricName;
    private final Unit unit;

    PublisherMetric(String metricName, Unit unit) {
        this.metricName = metricName;
        this.unit = unit;
    }

    @Override
    public String metricName() {
        return metricName;
    }

    @Override
    public Unit unit() {
        return unit;
    }
}
