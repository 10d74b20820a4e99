package com.example.payment.events;

import com.example.lambdakit.telemetry.Metric;
import java.util.List;

/**
 * The publisher's metrics (dimension {@code Service=payment-events}), written once per
 * invocation: decisions published, records whose publish failed (the batch is retried from
 * them), and the stream lag of each record handled: from its {@code ApproximateCreationDateTime}
 * (whole seconds) to its handling.
 */
public final class PublisherMetrics {

    public static final Metric PUBLISHED = Metric.count("Published");
    public static final Metric PUBLISH_FAILED = Metric.count("PublishFailed");
    public static final Metric STREAM_LAG = new Metric("StreamLag", Metric.Unit.MILLISECONDS);

    /** The catalogue: every metric above. */
    public static final List<Metric> ALL = List.of(PUBLISHED, PUBLISH_FAILED, STREAM_LAG);

    private PublisherMetrics() {
    }
}
