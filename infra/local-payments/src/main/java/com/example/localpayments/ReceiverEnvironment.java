package com.example.localpayments;

import com.example.localaws.LocalAws;
import com.example.localaws.RedisCluster;
import com.example.receiver.lambda.ReceiverVariables;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * The variables of a function built on the receiver that point it at local resources, named by the
 * receiver's own names ({@link ReceiverVariables}): a renamed variable breaks the build here,
 * not a run. {@link LocalAws} provides the resources (tables, a Redis Cluster, the signing secret)
 * and knows no function's variables; this turns the resources into variables. A function's own
 * variables (the authorizer's tables) are its callers' to add, by its own constants.
 */
public final class ReceiverEnvironment {

    /** The default of the template's {@code IdempotencyTtlSeconds}: records kept 30 days. */
    static final Duration RECORD_TTL = Duration.ofDays(30);
    /** The default of the template's {@code QueueRetentionSeconds}: a payment waits four days at most. */
    static final Duration QUEUE_RETENTION = Duration.ofDays(4);

    /** A test's short fast-path timeout: a slow cache is let go of quickly. */
    static final String FAST_PATH_TIMEOUT_MS = "50";

    private ReceiverEnvironment() {
    }

    /** The idempotency records in {@code table}, kept as long as the template keeps them by default. */
    public static Map<String, String> idempotencyStore(String table) {
        return idempotencyStore(table, RECORD_TTL);
    }

    /**
     * The idempotency records in {@code table}, kept {@code recordTtl}, for a queue that keeps
     * messages as long as the template's payments queue does by default (the receiver refuses a
     * record window that is not longer).
     */
    public static Map<String, String> idempotencyStore(String table, Duration recordTtl) {
        return Map.of(
                ReceiverVariables.IDEMPOTENCY_TABLE, table,
                ReceiverVariables.IDEMPOTENCY_TTL_SECONDS, Long.toString(recordTtl.toSeconds()),
                ReceiverVariables.QUEUE_RETENTION_SECONDS, Long.toString(QUEUE_RETENTION.toSeconds()));
    }

    /**
     * The fast path on {@code cache}, as the template sets it in AWS: the configuration endpoint,
     * TLS on (trusting the local CA), cluster mode on, signing with {@code signingSecret}
     * ({@link LocalAws#fastPathSigningSecret()}); plus the test's short timeout.
     */
    public static Map<String, String> fastPath(RedisCluster cache, String signingSecret) {
        return fastPath(cache.endpoint(), cache.caFile(), signingSecret);
    }

    /** The same for a cluster at {@code endpoint} whose certificates chain to {@code caFile}. */
    public static Map<String, String> fastPath(String endpoint, Path caFile, String signingSecret) {
        return Map.of(
                ReceiverVariables.FAST_PATH_ENDPOINT, endpoint,
                ReceiverVariables.FAST_PATH_TLS, "true",
                ReceiverVariables.FAST_PATH_CLUSTER, "true",
                ReceiverVariables.FAST_PATH_CA_FILE, caFile.toString(),
                ReceiverVariables.FAST_PATH_SIGNING_SECRET, signingSecret,
                ReceiverVariables.FAST_PATH_TIMEOUT_MS, FAST_PATH_TIMEOUT_MS);
    }
}
