package com.example.receiver.telemetry;

import com.example.lambdakit.telemetry.Metric;
import java.util.List;

/**
 * The receiver's metrics (dimension {@code Service}, the function's service name): one count per
 * message received and one per outcome (the duplicate rate is the four {@code Duplicate*} over
 * {@code Received}), the messages sent to the dead-letter queue at once, the retries that contention ({@code Contended}) and throttling
 * ({@code Throttled}) outlasted within the invocation (both also counted as {@code Retry}: the
 * signs of a hot account, or of a table short of capacity), the fast path's outages, the cached values it ignored for a missing or wrong
 * signature, the invocations it was off for want of its signing key, the messages returned
 * undecided for want of the keys that verify their producers' signatures, and the store call's
 * latency.
 */
public final class ReceiverMetrics {

    public static final Metric RECEIVED = Metric.count("Received");
    public static final Metric APPROVED = Metric.count("Approved");
    public static final Metric DECLINED = Metric.count("Declined");
    public static final Metric DUPLICATE_FAST_PATH = Metric.count("DuplicateFastPath");
    public static final Metric DUPLICATE_STORE = Metric.count("DuplicateStore");
    public static final Metric DUPLICATE_LATE = Metric.count("DuplicateLate");
    public static final Metric DUPLICATE_IN_BATCH = Metric.count("DuplicateInBatch");
    public static final Metric CONFLICT = Metric.count("Conflict");
    public static final Metric REJECTED = Metric.count("Rejected");
    public static final Metric RETRY = Metric.count("Retry");
    /** Rejected and conflicting messages the function put in the dead-letter queue itself (each also counted by its outcome). */
    public static final Metric DEAD_LETTERED = Metric.count("DeadLettered");
    public static final Metric CONTENDED = Metric.count("Contended");
    public static final Metric THROTTLED = Metric.count("Throttled");
    public static final Metric FAST_PATH_UNAVAILABLE = Metric.count("FastPathUnavailable");
    public static final Metric FAST_PATH_SIGNATURE_INVALID = Metric.count("FastPathSignatureInvalid");
    public static final Metric FAST_PATH_KEY_UNAVAILABLE = Metric.count("FastPathKeyUnavailable");
    public static final Metric PRODUCER_KEYS_UNAVAILABLE = Metric.count("ProducerKeysUnavailable");
    public static final Metric STORE_LATENCY = new Metric("StoreLatency", Metric.Unit.MILLISECONDS);

    /** The catalogue: every metric above. */
    public static final List<Metric> ALL = List.of(RECEIVED, APPROVED, DECLINED, DUPLICATE_FAST_PATH, DUPLICATE_STORE,
            DUPLICATE_LATE, DUPLICATE_IN_BATCH, CONFLICT, REJECTED, RETRY, DEAD_LETTERED, CONTENDED, THROTTLED, FAST_PATH_UNAVAILABLE, FAST_PATH_SIGNATURE_INVALID,
            FAST_PATH_KEY_UNAVAILABLE, PRODUCER_KEYS_UNAVAILABLE, STORE_LATENCY);

    private ReceiverMetrics() {
    }
}
