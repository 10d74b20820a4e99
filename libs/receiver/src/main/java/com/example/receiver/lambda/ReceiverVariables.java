package com.example.receiver.lambda;

/**
 * The names of the environment variables the receiver reads (given to
 * {@link ReceiverBuilder#environment}), for a deployer, a local runtime or a harness that sets
 * them: the library's own names, so that nobody outside it spells them again or reaches into its
 * configuration. Each is read once, at {@link ReceiverBuilder#build}; a missing or malformed one
 * is refused with a {@link ConfigurationException} naming it. The rules and defaults are the
 * library guide's ("Settings and their windows").
 */
public final class ReceiverVariables {

    /** The table of idempotency records (required). */
    public static final String IDEMPOTENCY_TABLE = "IDEMPOTENCY_TABLE";
    /** How long a record counts, in seconds (30 days by default). */
    public static final String IDEMPOTENCY_TTL_SECONDS = "IDEMPOTENCY_TTL_SECONDS";
    /** The source queue's message retention, in seconds (required). */
    public static final String QUEUE_RETENTION_SECONDS = "QUEUE_RETENTION_SECONDS";
    /** The dead-letter queue's message retention, in seconds (14 days by default). */
    public static final String DEAD_LETTER_RETENTION_SECONDS = "DEAD_LETTER_RETENTION_SECONDS";
    /** The cache's configuration endpoint ({@code host:port}); no fast path when unset. */
    public static final String FAST_PATH_ENDPOINT = "FAST_PATH_ENDPOINT";
    /** Whether the cache is reached over TLS (true by default). */
    public static final String FAST_PATH_TLS = "FAST_PATH_TLS";
    /** Whether the cache is a cluster (true by default). */
    public static final String FAST_PATH_CLUSTER = "FAST_PATH_CLUSTER";
    /** A PEM file of the certificate authority the cache's TLS is checked against; the JVM's when unset. */
    public static final String FAST_PATH_CA_FILE = "FAST_PATH_CA_FILE";
    /** The secret holding the key the cache's values are signed with (required with the fast path). */
    public static final String FAST_PATH_SIGNING_SECRET = "FAST_PATH_SIGNING_SECRET";
    /** The longest one cache command may take, in milliseconds. */
    public static final String FAST_PATH_TIMEOUT_MS = "FAST_PATH_TIMEOUT_MS";
    /** The longest a connection to the cache may take to open, in milliseconds. */
    public static final String FAST_PATH_CONNECT_TIMEOUT_MS = "FAST_PATH_CONNECT_TIMEOUT_MS";
    /** How long an idle connection to the cache is kept, in milliseconds. */
    public static final String FAST_PATH_MAX_IDLE_MS = "FAST_PATH_MAX_IDLE_MS";
    /** How long the cache keeps a decision, in seconds (24 h by default; never more than the record's TTL). */
    public static final String FAST_PATH_TTL_SECONDS = "FAST_PATH_TTL_SECONDS";
    /** The most lanes run at once (8 by default, 1 to 64). */
    public static final String MAX_CONCURRENCY = "MAX_CONCURRENCY";
    /** The lanes of a cold environment's first batch (2 by default), doubled per batch. */
    public static final String FIRST_BATCH_LANES = "FIRST_BATCH_LANES";
    /** No message is started with less of the invocation left, in milliseconds (10 s by default). */
    public static final String MIN_REMAINING_TIME_MS = "MIN_REMAINING_TIME_MS";
    /**
     * How a decision is committed: {@code transaction} (the default: one {@code TransactWriteItems}
     * of the record and the domain's writes) or {@code single-write} (one conditional write of the
     * domain's item, then the derived writes, for tables that refuse transactions; needs
     * {@link ReceiverBuilder#singleWrite} and {@code AWS_REGION}).
     */
    public static final String COMMIT_MODE = "COMMIT_MODE";
    /** Whether a lane's new operations are committed in one transaction (true by default). */
    public static final String GROUP_COMMIT = "GROUP_COMMIT";
    /** Whether a message that failed for a passing reason comes back in seconds (true by default). */
    public static final String SOON_REDELIVERY = "SOON_REDELIVERY";
    /** Whether every message must carry its producer's signature (false by default). */
    public static final String REQUIRE_PRODUCER_SIGNATURES = "REQUIRE_PRODUCER_SIGNATURES";
    /** The secrets holding the producers' keys (required when signatures are). */
    public static final String PRODUCER_SIGNING_SECRETS = "PRODUCER_SIGNING_SECRETS";
    /** How long before sending a producer may sign, in seconds. */
    public static final String PRODUCER_SIGNATURE_WINDOW_SECONDS = "PRODUCER_SIGNATURE_WINDOW_SECONDS";
    /**
     * The greatest age of a message decided, in seconds from its command's time of issue to the
     * receiver's clock (1 to 364 days); older ones, and ones issued more than 60 s ahead, are
     * refused. Unset: no bound, for a domain whose messages carry no time of issue.
     */
    public static final String MAX_MESSAGE_AGE_SECONDS = "MAX_MESSAGE_AGE_SECONDS";
    /** The dead-letter queue what no delivery can decide is sent to at once; none when unset. */
    public static final String DEAD_LETTER_QUEUE_URL = "DEAD_LETTER_QUEUE_URL";
    /** Whether what no delivery can decide is dead-lettered at once. */
    public static final String DEAD_LETTER_AT_ONCE = "DEAD_LETTER_AT_ONCE";
    /** The dead-letter queue's largest message, body and attributes, in bytes (256 KiB by default). */
    public static final String DEAD_LETTER_QUEUE_MAX_MESSAGE_BYTES = "DEAD_LETTER_QUEUE_MAX_MESSAGE_BYTES";

    private ReceiverVariables() {
    }
}
