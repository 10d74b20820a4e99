package com.example.receiver.telemetry;

/**
 * The receiver's metrics (dimension {@code Service}, the function's service name): one count per
 * message received and one per outcome (the duplicate rate is the four {@code Duplicate*} over
 * {@code Received}), the fast path's outages, and the store call's latency.
 */
public enum ReceiverMetric implements Metric {
    RECEIVED("Received"),
    APPROVED("Approved"),
    DECLINED("Declined"),
    DUPLICATE_FAST_PATH("DuplicateFastPath"),
    DUPLICATE_STORE("DuplicateStore"),
    DUPLICATE_LATE("DuplicateLate"),
    DUPLICATE_IN_BATCH("DuplicateInBatch"),
    CONFLICT("Conflict"),
    REJECTED("Rejected"),
    RETRY("Retry"),
    FAST_PATH_UNAVAILABLE("FastPathUnavailable"),
    STORE_LATENCY("StoreLatency", Unit.MILLISECONDS);

    private final String metricName;
    private final Unit unit;

    ReceiverMetric(String metricName) {
        this(metricName, Unit.COUNT);
    }

    ReceiverMetric(String metricName, Unit unit) {
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
