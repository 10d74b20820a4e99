package com.example.receiver.lambda;

import com.example.lambdakit.telemetry.Metric;
import java.util.List;

/**
 * The receiver's metrics, by the names its EMF lines give them: what a dashboard, an alarm or a
 * test that reads the metrics is built on, so that nobody outside the library spells them again.
 * Dimension {@code Service}, the function's service name: one count per
 * message received and one per outcome (the duplicate rate is the four {@code Duplicate*} over
 * {@code Received}), the messages sent to the dead-letter queue at once, the retries that contention ({@code Contended}) and throttling
 * ({@code Throttled}) outlasted within the invocation (both also counted as {@code Retry}: the
 * signs of a hot account, or of a table short of capacity), the fast path's outages, the cached values it ignored for a missing or wrong
 * signature, the invocations it was off for want of its signing key, the messages returned
 * undecided for want of the keys that verify their producers' signatures, and the store call's
 * latency.
 */
public final class ReceiverMetrics {

    /** Every message of a batch, whatever its outcome. */
    public static final Metric RECEIVED = Metric.count("Received");
    /** New operations applied. */
    public static final Metric APPROVED = Metric.count("Approved");
    /** New operations the domain refused. */
    public static final Metric DECLINED = Metric.count("Declined");
    /** Duplicates the cache answered, with no store call. */
    public static final Metric DUPLICATE_FAST_PATH = Metric.count("DuplicateFastPath");
    /** Duplicates the store's record answered. */
    public static final Metric DUPLICATE_STORE = Metric.count("DuplicateStore");
    /** Duplicates of an expired record that the domain's permanent guard caught. */
    public static final Metric DUPLICATE_LATE = Metric.count("DuplicateLate");
    /** A key met again in the same batch. */
    public static final Metric DUPLICATE_IN_BATCH = Metric.count("DuplicateInBatch");
    /** Same key, different fingerprint. */
    public static final Metric CONFLICT = Metric.count("Conflict");
    /** Unparseable, invalid or unauthentic messages. */
    public static final Metric REJECTED = Metric.count("Rejected");
    /** Messages returned undecided, for redelivery. */
    public static final Metric RETRY = Metric.count("Retry");
    /** Rejected and conflicting messages the function put in the dead-letter queue itself (each also counted by its outcome). */
    public static final Metric DEAD_LETTERED = Metric.count("DeadLettered");
    /** Of the retries, those contention outlasted within the invocation. */
    public static final Metric CONTENDED = Metric.count("Contended");
    /** Of the retries, those throttling outlasted within the invocation. */
    public static final Metric THROTTLED = Metric.count("Throttled");
    /** Batches, or a node's share of one, the cache could not serve. */
    public static final Metric FAST_PATH_UNAVAILABLE = Metric.count("FastPathUnavailable");
    /** Cached values without a valid signature, read as misses. */
    public static final Metric FAST_PATH_SIGNATURE_INVALID = Metric.count("FastPathSignatureInvalid");
    /** Invocations with the cache off for want of its signing key. */
    public static final Metric FAST_PATH_KEY_UNAVAILABLE = Metric.count("FastPathKeyUnavailable");
    /** Messages returned undecided for want of the producers' keys. */
    public static final Metric PRODUCER_KEYS_UNAVAILABLE = Metric.count("ProducerKeysUnavailable");
    /** The duration of each store call. */
    public static final Metric STORE_LATENCY = new Metric("StoreLatency", Metric.Unit.MILLISECONDS);

    /** The catalogue: every metric above. */
    public static final List<Metric> ALL = List.of(RECEIVED, APPROVED, DECLINED, DUPLICATE_FAST_PATH, DUPLICATE_STORE,
            DUPLICATE_LATE, DUPLICATE_IN_BATCH, CONFLICT, REJECTED, RETRY, DEAD_LETTERED, CONTENDED, THROTTLED, FAST_PATH_UNAVAILABLE, FAST_PATH_SIGNATURE_INVALID,
            FAST_PATH_KEY_UNAVAILABLE, PRODUCER_KEYS_UNAVAILABLE, STORE_LATENCY);

    private ReceiverMetrics() {
    }
}
