package com.example.receiver.internal.config;

import com.example.lambdakit.config.ConfigurationException;
import com.example.lambdakit.config.Environment;
import com.example.receiver.lambda.ReceiverVariables;
import com.example.receiver.internal.ReceiverSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Everything the receiver needs to know, from the environment, validated in one place.
 *
 * <p>The one rule that protects money, that a record outlives every copy of its message that can
 * still be decided, is {@link RecordLifetime}'s: {@code IDEMPOTENCY_TTL_SECONDS} above
 * {@code MAX_MESSAGE_AGE_SECONDS} and the clock skew when messages are bounded by age, above the
 * queues' windows (one redrive) when not.
 *
 * @param idempotencyTable the DynamoDB table of idempotency records
 * @param recordTtl        how long a record counts (its {@code expiresAt})
 * @param queueRetention   the source queue's message retention
 * @param deadLetterRetention the dead-letter queue's message retention (14 days, SQS's longest, by default)
 * @param maxMessageAge    the greatest age of a message decided, from its time of issue
 *                         ({@code MAX_MESSAGE_AGE_SECONDS}); empty when messages are not bounded by age
 * @param fastPath         the cache, when configured
 * @param settings         how batches are run
 * @param soonRedelivery   whether a message that failed for a passing reason is made visible
 *                         again in seconds ({@code ChangeMessageVisibility}); off where the
 *                         function has no route to SQS, whose calls would only wait out their
 *                         timeouts: such a message then returns after the visibility timeout
 * @param signatureWindow  how long before sending a producer may sign ({@code PRODUCER_SIGNATURE_WINDOW_SECONDS})
 * @param producerSignatures when producers must sign their messages
 *                         ({@code REQUIRE_PRODUCER_SIGNATURES=true}): their keys' secrets and the
 *                         signatures' greatest age; empty when nothing is checked
 * @param deadLetters      the dead-letter queue the function sends to at once, if any ({@link DeadLetterConfig})
 * @param functionVersion  the function's version ({@code AWS_LAMBDA_FUNCTION_VERSION}), empty outside Lambda
 */
public record ReceiverConfig(String idempotencyTable, Duration recordTtl, Duration queueRetention,
                             Duration deadLetterRetention, Optional<Duration> maxMessageAge,
                             Optional<FastPathConfig> fastPath, ReceiverSettings settings,
                             boolean soonRedelivery, Duration signatureWindow,
                             Optional<ProducerSignaturesConfig> producerSignatures, DeadLetterConfig deadLetters,
                             Optional<String> functionVersion) {

    public static final String IDEMPOTENCY_TABLE = ReceiverVariables.IDEMPOTENCY_TABLE;
    public static final String IDEMPOTENCY_TTL_SECONDS = ReceiverVariables.IDEMPOTENCY_TTL_SECONDS;
    public static final String QUEUE_RETENTION_SECONDS = ReceiverVariables.QUEUE_RETENTION_SECONDS;
    public static final String DEAD_LETTER_RETENTION_SECONDS = ReceiverVariables.DEAD_LETTER_RETENTION_SECONDS;
    public static final String FAST_PATH_ENDPOINT = ReceiverVariables.FAST_PATH_ENDPOINT;
    public static final String FAST_PATH_TLS = ReceiverVariables.FAST_PATH_TLS;
    public static final String FAST_PATH_CLUSTER = ReceiverVariables.FAST_PATH_CLUSTER;
    public static final String FAST_PATH_CA_FILE = ReceiverVariables.FAST_PATH_CA_FILE;
    public static final String FAST_PATH_SIGNING_SECRET = ReceiverVariables.FAST_PATH_SIGNING_SECRET;
    public static final String FAST_PATH_TIMEOUT_MS = ReceiverVariables.FAST_PATH_TIMEOUT_MS;
    public static final String FAST_PATH_CONNECT_TIMEOUT_MS = ReceiverVariables.FAST_PATH_CONNECT_TIMEOUT_MS;
    public static final String FAST_PATH_MAX_IDLE_MS = ReceiverVariables.FAST_PATH_MAX_IDLE_MS;
    public static final String FAST_PATH_TTL_SECONDS = ReceiverVariables.FAST_PATH_TTL_SECONDS;
    public static final String MAX_CONCURRENCY = ReceiverVariables.MAX_CONCURRENCY;
    public static final String FIRST_BATCH_LANES = ReceiverVariables.FIRST_BATCH_LANES;
    public static final String MIN_REMAINING_TIME_MS = ReceiverVariables.MIN_REMAINING_TIME_MS;
    public static final String GROUP_COMMIT = ReceiverVariables.GROUP_COMMIT;
    public static final String SOON_REDELIVERY = ReceiverVariables.SOON_REDELIVERY;
    public static final String REQUIRE_PRODUCER_SIGNATURES = ReceiverVariables.REQUIRE_PRODUCER_SIGNATURES;
    public static final String PRODUCER_SIGNING_SECRETS = ReceiverVariables.PRODUCER_SIGNING_SECRETS;
    public static final String PRODUCER_SIGNATURE_WINDOW_SECONDS = ReceiverVariables.PRODUCER_SIGNATURE_WINDOW_SECONDS;
    public static final String MAX_MESSAGE_AGE_SECONDS = ReceiverVariables.MAX_MESSAGE_AGE_SECONDS;
    /** Set by Lambda: the version a dead letter names as its sender's. */
    public static final String LAMBDA_FUNCTION_VERSION = "AWS_LAMBDA_FUNCTION_VERSION";

    static final Duration DEFAULT_RECORD_TTL = Duration.ofDays(30);
    /** SQS's longest retention, which a dead-letter queue should have (it keeps a message's first enqueue time). */
    static final Duration DEFAULT_DEAD_LETTER_RETENTION = Duration.ofDays(14);
    static final Duration DEFAULT_FAST_PATH_TTL = Duration.ofHours(24);
    static final Duration DEFAULT_FAST_PATH_TIMEOUT = Duration.ofMillis(50);
    /** A cold JVM's first TLS handshake; measured well over 50 ms under the runtime emulator. */
    static final Duration DEFAULT_FAST_PATH_CONNECT_TIMEOUT = Duration.ofMillis(500);
    /**
     * AWS network paths drop a TCP connection idle for 350 s: a NAT gateway then answers the next
     * packet with a reset ("Troubleshoot NAT gateways", Amazon VPC User Guide,
     * https://docs.aws.amazon.com/vpc/latest/userguide/nat-gateway-troubleshooting.html). A pooled
     * connection must be retired before that, or its next command fails where a new one would not.
     */
    static final Duration NETWORK_IDLE_TIMEOUT = Duration.ofSeconds(350);
    static final Duration DEFAULT_FAST_PATH_MAX_IDLE = Duration.ofSeconds(300);
    /** Two store calls (the transaction, then a decline record) of at most 5 s each. */
    static final Duration DEFAULT_MIN_REMAINING_TIME = Duration.ofSeconds(10);
    static final int DEFAULT_MAX_CONCURRENCY = 8;
    /** As payment providers give webhooks: five minutes between signing and sending. */
    static final Duration DEFAULT_SIGNATURE_WINDOW = Duration.ofMinutes(5);
    /**
     * The window's bounds: at least the minute producers' clocks may run ahead of SQS's, at most an
     * hour, beyond which a captured message could be sent again long after it was signed.
     */
    static final Duration MIN_SIGNATURE_WINDOW = Duration.ofSeconds(60);
    static final Duration MAX_SIGNATURE_WINDOW = Duration.ofHours(1);

    /** Checks the components as the record is made: none missing, and each rule above. */
    public ReceiverConfig {
        Objects.requireNonNull(idempotencyTable, "idempotencyTable");
        Objects.requireNonNull(recordTtl, "recordTtl");
        Objects.requireNonNull(queueRetention, "queueRetention");
        Objects.requireNonNull(deadLetterRetention, "deadLetterRetention");
        Objects.requireNonNull(signatureWindow, "signatureWindow");
        Objects.requireNonNull(fastPath, "fastPath");
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(producerSignatures, "producerSignatures");
        Objects.requireNonNull(maxMessageAge, "maxMessageAge");
        RecordLifetime.require(recordTtl, maxMessageAge, queueRetention, deadLetterRetention, signatureWindow);
        fastPath.ifPresent(cache -> {
            if (cache.ttl().compareTo(recordTtl) > 0) {
                throw new ConfigurationException(FAST_PATH_TTL_SECONDS,
                        "must not exceed " + IDEMPOTENCY_TTL_SECONDS + ": the cache must not outlive the truth");
            }
        });
    }

    /**
     * Reads and validates the receiver's settings.
     *
     * @param env the function's environment
     * @return the settings, validated
     */
    public static ReceiverConfig from(Environment env) {
        return from(env, TypedSettings.NONE);
    }

    /**
     * Reads and validates the receiver's settings: those given in code as they were given, the
     * others from the environment, each by its variable's rule, once.
     *
     * @param env   the function's environment
     * @param typed the settings given in code; one given both ways must agree with its variable
     * @return the settings, validated
     */
    public static ReceiverConfig from(Environment env, TypedSettings typed) {
        Duration recordTtl = TypedSettings.either(env, IDEMPOTENCY_TTL_SECONDS,
                TypedSettings.positive(IDEMPOTENCY_TTL_SECONDS, typed.recordTtl()),
                () -> env.seconds(IDEMPOTENCY_TTL_SECONDS, Optional.of(DEFAULT_RECORD_TTL)), ReceiverConfig::seconds);
        int maxConcurrency = TypedSettings.either(env, MAX_CONCURRENCY,
                TypedSettings.within(MAX_CONCURRENCY, typed.maxConcurrency(), 1, 64),
                () -> env.integer(MAX_CONCURRENCY, DEFAULT_MAX_CONCURRENCY, 1, 64), String::valueOf);
        Duration queueRetention = TypedSettings.either(env, QUEUE_RETENTION_SECONDS,
                TypedSettings.positive(QUEUE_RETENTION_SECONDS, typed.queueRetention()),
                () -> env.seconds(QUEUE_RETENTION_SECONDS, Optional.empty()), ReceiverConfig::seconds);
        Duration deadLetterRetention = TypedSettings.either(env, DEAD_LETTER_RETENTION_SECONDS,
                TypedSettings.positive(DEAD_LETTER_RETENTION_SECONDS, typed.deadLetterRetention()),
                () -> env.seconds(DEAD_LETTER_RETENTION_SECONDS, Optional.of(DEFAULT_DEAD_LETTER_RETENTION)),
                ReceiverConfig::seconds);
        Duration window = signatureWindow(env);
        return new ReceiverConfig(
                TypedSettings.either(env, IDEMPOTENCY_TABLE, TypedSettings.present(IDEMPOTENCY_TABLE, typed.idempotencyTable()),
                        () -> env.required(IDEMPOTENCY_TABLE), String::valueOf),
                recordTtl,
                queueRetention,
                deadLetterRetention,
                RecordLifetime.maxMessageAge(env, typed),
                fastPath(env),
                new ReceiverSettings(
                        maxConcurrency,
                        TypedSettings.either(env, MIN_REMAINING_TIME_MS,
                                TypedSettings.notNegative(MIN_REMAINING_TIME_MS, typed.minRemainingTime()),
                                () -> env.millis(MIN_REMAINING_TIME_MS, DEFAULT_MIN_REMAINING_TIME),
                                reserve -> Long.toString(reserve.toMillis())),
                        TypedSettings.either(env, GROUP_COMMIT, typed.groupCommit(), () -> env.bool(GROUP_COMMIT, true),
                                String::valueOf),
                        env.integer(FIRST_BATCH_LANES, ReceiverSettings.defaultFirstBatchLanes(maxConcurrency), 1,
                                maxConcurrency)),
                TypedSettings.either(env, SOON_REDELIVERY, typed.soonRedelivery(), () -> env.bool(SOON_REDELIVERY, true),
                        String::valueOf),
                window,
                producerSignatures(env, window, queueRetention.plus(deadLetterRetention)),
                DeadLetterConfig.from(env, typed.deadLetterQueue()),
                env.optional(LAMBDA_FUNCTION_VERSION).filter(version -> !version.isBlank()));
    }

    private static String seconds(Duration duration) {
        return Long.toString(duration.toSeconds());
    }

    /** The producers' signature window, validated whether or not signatures are required (it bounds the record's lifetime). */
    private static Duration signatureWindow(Environment env) {
        Duration window = env.seconds(PRODUCER_SIGNATURE_WINDOW_SECONDS, Optional.of(DEFAULT_SIGNATURE_WINDOW));
        if (window.compareTo(MIN_SIGNATURE_WINDOW) < 0 || window.compareTo(MAX_SIGNATURE_WINDOW) > 0) {
            throw new ConfigurationException(PRODUCER_SIGNATURE_WINDOW_SECONDS, "must be between "
                    + MIN_SIGNATURE_WINDOW.toSeconds() + " and " + MAX_SIGNATURE_WINDOW.toSeconds() + ", was "
                    + window.toSeconds());
        }
        return window;
    }

    /**
     * {@code REQUIRE_PRODUCER_SIGNATURES} ({@code false} by default) with
     * {@code PRODUCER_SIGNING_SECRETS}, comma-separated, required then and refused otherwise (keys
     * nobody reads would only look like protection).
     */
    private static Optional<ProducerSignaturesConfig> producerSignatures(Environment env, Duration window,
                                                                         Duration redrivable) {
        boolean required = env.bool(REQUIRE_PRODUCER_SIGNATURES, false);
        Optional<String> secrets = env.optional(PRODUCER_SIGNING_SECRETS);
        if (!required) {
            secrets.ifPresent(ignored -> {
                throw new ConfigurationException(PRODUCER_SIGNING_SECRETS, "is set but " + REQUIRE_PRODUCER_SIGNATURES
                        + " is not true: the keys would not be read and no message would be checked");
            });
            return Optional.empty();
        }
        List<String> ids = Arrays.stream(secrets.orElseThrow(() -> new ConfigurationException(PRODUCER_SIGNING_SECRETS,
                        "is required with " + REQUIRE_PRODUCER_SIGNATURES + "=true: the secrets holding the producers' keys, "
                                + "comma-separated")).split(",", -1))
                .map(String::strip)
                .toList();
        if (ids.contains("")) {
            throw new ConfigurationException(PRODUCER_SIGNING_SECRETS, "must list secrets separated by single commas, "
                    + "with no empty entry");
        }
        Set<String> seen = new HashSet<>();
        List<String> twice = ids.stream().filter(id -> !seen.add(id)).distinct().toList();
        if (!twice.isEmpty()) {
            throw new ConfigurationException(PRODUCER_SIGNING_SECRETS, "names " + String.join(", ", twice)
                    + " more than once: one secret per producer");
        }
        return Optional.of(new ProducerSignaturesConfig(ids, window, redrivable));
    }

    private static Optional<FastPathConfig> fastPath(Environment env) {
        return env.optional(FAST_PATH_ENDPOINT).map(endpoint -> {
            int colon = endpoint.lastIndexOf(':');
            if (colon <= 0 || colon == endpoint.length() - 1) {
                throw new ConfigurationException(FAST_PATH_ENDPOINT, "must be host:port");
            }
            int port;
            try {
                port = Integer.parseInt(endpoint.substring(colon + 1));
            } catch (NumberFormatException e) {
                throw new ConfigurationException(FAST_PATH_ENDPOINT, "must end in a numeric port");
            }
            if (port < 1 || port > 65_535) {
                throw new ConfigurationException(FAST_PATH_ENDPOINT, "port must be 1-65535");
            }
            boolean tls = env.bool(FAST_PATH_TLS, true);
            Optional<Path> caFile = env.optional(FAST_PATH_CA_FILE).map(Path::of);
            if (caFile.isPresent() && !tls) {
                throw new ConfigurationException(FAST_PATH_CA_FILE, "needs " + FAST_PATH_TLS + "=true");
            }
            caFile.filter(file -> !Files.isReadable(file)).ifPresent(file -> {
                throw new ConfigurationException(FAST_PATH_CA_FILE, "must be a readable PEM file");
            });
            return new FastPathConfig(endpoint.substring(0, colon), port, tls,
                    env.bool(FAST_PATH_CLUSTER, true), caFile,
                    env.optional(FAST_PATH_SIGNING_SECRET).orElseThrow(() -> new ConfigurationException(
                            FAST_PATH_SIGNING_SECRET, "is required with " + FAST_PATH_ENDPOINT
                                    + ": cached decisions are signed, and an unsigned cache would be trusted blindly")),
                    env.millis(FAST_PATH_CONNECT_TIMEOUT_MS, DEFAULT_FAST_PATH_CONNECT_TIMEOUT),
                    env.millis(FAST_PATH_TIMEOUT_MS, DEFAULT_FAST_PATH_TIMEOUT),
                    maxIdle(env),
                    env.seconds(FAST_PATH_TTL_SECONDS, Optional.of(DEFAULT_FAST_PATH_TTL)));
        });
    }

    private static Duration maxIdle(Environment env) {
        Duration maxIdle = env.millis(FAST_PATH_MAX_IDLE_MS, DEFAULT_FAST_PATH_MAX_IDLE);
        if (maxIdle.isZero() || maxIdle.compareTo(NETWORK_IDLE_TIMEOUT) >= 0) {
            throw new ConfigurationException(FAST_PATH_MAX_IDLE_MS, "must be 1-" + (NETWORK_IDLE_TIMEOUT.toMillis() - 1)
                    + ", was " + maxIdle.toMillis() + ": a connection must be retired before the network drops it at "
                    + NETWORK_IDLE_TIMEOUT.toSeconds() + " s idle");
        }
        return maxIdle;
    }
}
