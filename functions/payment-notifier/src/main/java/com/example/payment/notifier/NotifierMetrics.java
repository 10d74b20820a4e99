package com.example.payment.notifier;

import com.example.lambdakit.telemetry.Metric;
import java.util.List;

/**
 * The notifier's metrics (dimension {@code Service=payment-notifier}), counted per invocation:
 * notifications pushed now, acknowledged from the stored answer of an earlier push (a
 * redelivery: the API is not called again), returned for redelivery, and sent to the DLQ; and,
 * among those returned, the ones the push API did not admit for want of an accepted credential
 * (401, 403, or none to send), which no notification can pass until the credential is fixed.
 */
public final class NotifierMetrics {

    public static final Metric DELIVERED = Metric.count("Delivered");
    public static final Metric REPLAYED = Metric.count("Replayed");
    public static final Metric RETRIED = Metric.count("Retried");
    public static final Metric DEAD_LETTERED = Metric.count("DeadLettered");
    public static final Metric PUSH_AUTH_REJECTED = Metric.count("PushAuthRejected");

    /** The catalogue: every metric above. */
    public static final List<Metric> ALL = List.of(DELIVERED, REPLAYED, RETRIED, DEAD_LETTERED, PUSH_AUTH_REJECTED);

    private NotifierMetrics() {
    }
}
