package com.example.payment.notifier;

import com.example.lambdakit.telemetry.Metric;
import java.util.List;

/**
 * The notifier's metrics (dimension {@code Service=payment-notifier}), counted per invocation:
 * notifications pushed now, acknowledged from the stored answer of an earlier push (a
 * redelivery: the API is not called again), returned for redelivery, and sent to the DLQ.
 */
public final class NotifierMetrics {

    public static final Metric DELIVERED = Metric.count("Delivered");
    public static final Metric REPLAYED = Metric.count("Replayed");
    public static final Metric RETRIED = Metric.count("Retried");
    public static final Metric DEAD_LETTERED = Metric.count("DeadLettered");

    /** The catalogue: every metric above. */
    public static final List<Metric> ALL = List.of(DELIVERED, REPLAYED, RETRIED, DEAD_LETTERED);

    private NotifierMetrics() {
    }
}
