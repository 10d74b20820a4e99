package com.example.receiver.lambda;

import com.example.lambdakit.config.ConfigurationException;
import com.example.lambdakit.config.Environment;
import com.example.lambdakit.telemetry.TelemetryConfig;
import com.example.receiver.MessageParser;
import com.example.receiver.dynamodb.TransactionalEffect;
import com.example.receiver.internal.BatchReceiver;
import com.example.receiver.internal.FastPath;
import com.example.receiver.internal.MessageAuthenticity;
import com.example.receiver.internal.Seams;
import com.example.receiver.internal.Store;
import com.example.receiver.internal.authenticity.ProducerSignatures;
import com.example.receiver.internal.config.DeadLetterConfig;
import com.example.receiver.internal.config.ReceiverConfig;
import com.example.receiver.internal.dynamodb.DynamoDbStore;
import com.example.receiver.internal.dynamodb.RecordsTable;
import com.example.receiver.internal.dynamodb.RetryPolicy;
import com.example.receiver.internal.redis.RedisFastPath;
import com.example.receiver.internal.sqs.SoonRedelivery;
import com.example.receiver.internal.sqs.SqsDeadLetters;
import com.example.receiver.internal.telemetry.JsonLinesTelemetry;
import java.io.PrintStream;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * Wires an {@link IdempotentReceiver}: the only way to make one. Required: {@link #service},
 * {@link #keyPrefix}, {@link #keyField}, {@link #dynamoDb} and the idempotency table and queue
 * retention (from {@link #environment} or the typed settings); and, when the settings turn them
 * on, {@link #secrets} (the fast path's signing key, the producers' keys) and {@link #sqs} (soon
 * redelivery, the dead-letter queue): {@link #build} refuses naming the setting that needs them.
 * Everything else has a default.
 *
 * <p>Every setting is one of the function's environment variables; a typed setting
 * ({@link #idempotencyTable}, {@link #recordTtl}, ...) is the same variable given in code, read and
 * validated by the same rules at {@link #build}. A variable given both ways with two values is
 * refused, naming it: nothing decides silently which one wins.
 *
 * @param <P> the domain's payload type
 */
public final class ReceiverBuilder<P> {

    /** The longest one SQS call may take, retries included, unless set. */
    static final Duration DEFAULT_CALL_TIMEOUT = Duration.ofSeconds(5);

    private final MessageParser<P> parser;
    private final TransactionalEffect<P> effect;
    private String service;
    private String keyPrefix;
    private String keyField;
    private String metricsNamespace;
    private Map<String, String> environment = Map.of();
    private final Map<String, String> typed = new LinkedHashMap<>();
    private DynamoDbClient dynamoDb;
    private Optional<SecretReader> secrets = Optional.empty();
    private Optional<Supplier<SqsClient>> sqs = Optional.empty();
    private Clock clock = Clock.systemUTC();
    private PrintStream out = System.out;
    private RandomGenerator random;
    private Duration callTimeout = DEFAULT_CALL_TIMEOUT;
    private Duration soonMin = SoonRedelivery.DEFAULT_MIN;
    private Duration soonMax = SoonRedelivery.DEFAULT_MAX;
    private Seams<P> seams = Seams.none();

    ReceiverBuilder(MessageParser<P> parser, TransactionalEffect<P> effect) {
        this.parser = Objects.requireNonNull(parser, "parser");
        this.effect = Objects.requireNonNull(effect, "effect");
    }

    /**
     * The {@code service} log field and {@code Service} metric dimension (required), unless
     * {@code SERVICE_NAME} or {@code POWERTOOLS_SERVICE_NAME} sets one.
     *
     * @param name e.g. {@code seat-bookings}
     * @return this builder
     */
    public ReceiverBuilder<P> service(String name) {
        this.service = Objects.requireNonNull(name, "service");
        return this;
    }

    /**
     * What every record's partition key starts with, {@code <prefix>#<key>} (required): one prefix
     * per kind of operation sharing a table.
     *
     * @param prefix e.g. {@code BOOKING}
     * @return this builder
     */
    public ReceiverBuilder<P> keyPrefix(String prefix) {
        this.keyPrefix = Objects.requireNonNull(prefix, "keyPrefix");
        return this;
    }

    /**
     * The log field, and the dead letters' attribute, that names the key (required).
     *
     * @param field e.g. {@code booking_id}
     * @return this builder
     */
    public ReceiverBuilder<P> keyField(String field) {
        this.keyField = Objects.requireNonNull(field, "keyField");
        return this;
    }

    /**
     * The CloudWatch namespace when neither {@code METRICS_NAMESPACE} nor its Powertools alias is set; the service name by default.
     *
     * @param namespace the CloudWatch namespace
     * @return this builder
     */
    public ReceiverBuilder<P> metricsNamespace(String namespace) {
        this.metricsNamespace = Objects.requireNonNull(namespace, "namespace");
        return this;
    }

    /**
     * The function's environment variables: every setting is read and validated from them (and the typed settings) at {@link #build}.
     *
     * @param variables the function's environment variables, copied
     * @return this builder
     */
    public ReceiverBuilder<P> environment(Map<String, String> variables) {
        this.environment = Map.copyOf(variables);
        return this;
    }

    /**
     * The table of idempotency records ({@code IDEMPOTENCY_TABLE}): a string partition key {@code pk}, TTL on {@code expiresAt}.
     *
     * @param table the table's name
     * @return this builder
     */
    public ReceiverBuilder<P> idempotencyTable(String table) {
        return setting(ReceiverConfig.IDEMPOTENCY_TABLE, Objects.requireNonNull(table, "table"));
    }

    /**
     * How long a record counts ({@code IDEMPOTENCY_TTL_SECONDS}, 30 days by default): longer than any copy can live.
     *
     * @param ttl whole seconds
     * @return this builder
     */
    public ReceiverBuilder<P> recordTtl(Duration ttl) {
        return setting(ReceiverConfig.IDEMPOTENCY_TTL_SECONDS, seconds(ttl));
    }

    /**
     * The source queue's message retention ({@code QUEUE_RETENTION_SECONDS}).
     *
     * @param retention whole seconds
     * @return this builder
     */
    public ReceiverBuilder<P> queueRetention(Duration retention) {
        return setting(ReceiverConfig.QUEUE_RETENTION_SECONDS, seconds(retention));
    }

    /**
     * The dead-letter queue's message retention ({@code DEAD_LETTER_RETENTION_SECONDS}, 14 days by default).
     *
     * @param retention whole seconds
     * @return this builder
     */
    public ReceiverBuilder<P> deadLetterRetention(Duration retention) {
        return setting(ReceiverConfig.DEAD_LETTER_RETENTION_SECONDS, seconds(retention));
    }

    /**
     * Sends what no delivery can decide to this queue at once ({@code DEAD_LETTER_QUEUE_URL}); needs {@link #sqs}.
     *
     * @param queueUrl the dead-letter queue's URL
     * @return this builder
     */
    public ReceiverBuilder<P> deadLetterQueue(String queueUrl) {
        return setting(DeadLetterConfig.DEAD_LETTER_QUEUE_URL, Objects.requireNonNull(queueUrl, "queueUrl"));
    }

    /**
     * Whether a message that failed for a passing reason comes back in seconds ({@code SOON_REDELIVERY}, on by default; needs {@link #sqs}).
     *
     * @param on true to bring such messages back soon
     * @return this builder
     */
    public ReceiverBuilder<P> soonRedelivery(boolean on) {
        return setting(ReceiverConfig.SOON_REDELIVERY, Boolean.toString(on));
    }

    /**
     * Whether a lane's new operations are committed in one transaction ({@code GROUP_COMMIT}, on by default).
     *
     * @param on true to commit a hot key's batch together
     * @return this builder
     */
    public ReceiverBuilder<P> groupCommit(boolean on) {
        return setting(ReceiverConfig.GROUP_COMMIT, Boolean.toString(on));
    }

    /**
     * The most lanes run at once ({@code MAX_CONCURRENCY}, 8 by default, 1 to 64).
     *
     * @param lanes the most lanes
     * @return this builder
     */
    public ReceiverBuilder<P> maxConcurrency(int lanes) {
        return setting(ReceiverConfig.MAX_CONCURRENCY, Integer.toString(lanes));
    }

    /**
     * No message is started with less of the invocation left ({@code MIN_REMAINING_TIME_MS}, 10 s by default).
     *
     * @param reserve whole milliseconds
     * @return this builder
     */
    public ReceiverBuilder<P> minRemainingTime(Duration reserve) {
        return setting(ReceiverConfig.MIN_REMAINING_TIME_MS, Long.toString(Objects.requireNonNull(reserve, "reserve").toMillis()));
    }

    /**
     * The DynamoDB client (required), built once per process with timeouts inside the function's.
     *
     * @param client the client
     * @return this builder
     */
    public ReceiverBuilder<P> dynamoDb(DynamoDbClient client) {
        this.dynamoDb = Objects.requireNonNull(client, "client");
        return this;
    }

    /**
     * Reads the fast path's signing key and the producers' keys; each read bounded to a couple of seconds.
     *
     * @param reader reads a secret's value by name or ARN
     * @return this builder
     */
    public ReceiverBuilder<P> secrets(SecretReader reader) {
        this.secrets = Optional.of(reader);
        return this;
    }

    /**
     * Builds the SQS client of soon redelivery and the dead-letter queue, once, on first use; never called when both are off.
     *
     * @param client what builds the client
     * @return this builder
     */
    public ReceiverBuilder<P> sqs(Supplier<SqsClient> client) {
        this.sqs = Optional.of(client);
        return this;
    }

    /**
     * The time of decisions, expiry and log lines; the system's UTC clock by default.
     *
     * @param time the clock
     * @return this builder
     */
    public ReceiverBuilder<P> clock(Clock time) {
        this.clock = Objects.requireNonNull(time, "time");
        return this;
    }

    /**
     * Where log and EMF lines go; stdout (Lambda's, which CloudWatch Logs reads) by default.
     *
     * @param lines the stream
     * @return this builder
     */
    public ReceiverBuilder<P> out(PrintStream lines) {
        this.out = Objects.requireNonNull(lines, "lines");
        return this;
    }

    /**
     * The jitter of retries and soon redelivery; a new {@link SecureRandom} by default (a seeded
     * generator would replay the same pauses in every environment restored from one SnapStart snapshot).
     *
     * @param jitter the generator
     * @return this builder
     */
    public ReceiverBuilder<P> random(RandomGenerator jitter) {
        this.random = Objects.requireNonNull(jitter, "jitter");
        return this;
    }

    /**
     * The longest one SQS call may take, retries included (5 s by default): none is started with less time left.
     *
     * @param timeout the longest call
     * @return this builder
     */
    public ReceiverBuilder<P> callTimeout(Duration timeout) {
        this.callTimeout = Objects.requireNonNull(timeout, "timeout");
        return this;
    }

    /**
     * How soon a message that failed for a passing reason comes back: between {@code min} and {@code max} (1-5 s by default).
     *
     * @param min the shortest delay (whole seconds)
     * @param max the longest delay (whole seconds)
     * @return this builder
     */
    public ReceiverBuilder<P> soonRedeliveryWithin(Duration min, Duration max) {
        this.soonMin = Objects.requireNonNull(min, "min");
        this.soonMax = Objects.requireNonNull(max, "max");
        return this;
    }

    /**
     * Not API: the library's test fixture, the reliability harness and the simulation reach inside
     * the receiver here (faults around the store and the cache, a virtual clock's sleeps and lanes).
     *
     * @param parts the seams, {@link Seams#none()} in a function
     * @return this builder
     */
    public ReceiverBuilder<P> seams(Seams<P> parts) {
        this.seams = Objects.requireNonNull(parts, "parts");
        return this;
    }

    /**
     * The receiver; refuses with a {@link ConfigurationException} naming the setting when a
     * setting is missing or unsafe, or needs a part this builder was not given, or when the
     * idempotency table's TTL is not on {@code expiresAt} (one {@code DescribeTimeToLive}). Connects
     * to the fast path and reads the keys it needs now (a function's init).
     *
     * @return the receiver, to be closed with the execution environment
     */
    public IdempotentReceiver<P> build() {
        Objects.requireNonNull(service, "service is required");
        Objects.requireNonNull(keyPrefix, "keyPrefix is required");
        Objects.requireNonNull(keyField, "keyField is required");
        Objects.requireNonNull(dynamoDb, "dynamoDb is required");
        Map<String, String> variables = variables();
        ReceiverConfig config = ReceiverConfig.from(new Environment(variables));
        // Refused before anything that holds a connection or a thread is built.
        if (sqs.isEmpty() && (config.soonRedelivery() || config.deadLetters().queueUrl().isPresent())) {
            throw new ConfigurationException(config.soonRedelivery() ? ReceiverConfig.SOON_REDELIVERY
                    : DeadLetterConfig.DEAD_LETTER_QUEUE_URL, "needs an SQS client (ReceiverBuilder.sqs)");
        }
        RandomGenerator jitter = random == null ? new SecureRandom() : random;
        JsonLinesTelemetry telemetry = new JsonLinesTelemetry(out, clock,
                TelemetryConfig.from(variables, service, metricsNamespace == null ? service : metricsNamespace), keyField);
        RecordsTable.requireTtl(dynamoDb, config.idempotencyTable(), telemetry.log());
        // Keys that were read but are unusable stop the init here, before the cache is connected.
        Optional<ProducerSignatures> signatures = config.producerSignatures().map(required -> ProducerSignatures.reading(
                required, secrets(ReceiverConfig.PRODUCER_SIGNING_SECRETS), clock, telemetry.log()));
        Optional<RedisFastPath> redis = config.fastPath().map(cache -> RedisFastPath.connect(
                cache, keyPrefix, seams.cache(), secrets(ReceiverConfig.FAST_PATH_SIGNING_SECRET), clock, telemetry.log()));
        Store<P> store = seams.store().apply(new DynamoDbStore<>(dynamoDb, config.idempotencyTable(), keyPrefix,
                config.recordTtl(), effect, RetryPolicy.standard(config.settings().minRemainingTime(), jitter), clock,
                seams.sleeper()));
        FastPath cache = seams.fastPath().apply(redis.<FastPath>map(r -> r).orElse(FastPath.DISABLED));
        BatchReceiver<P> batches = new BatchReceiver<>(
                signatures.<MessageAuthenticity>map(s -> s).orElse(MessageAuthenticity.NOT_CHECKED),
                parser, cache, store, telemetry, config.settings(), seams.monotonic(),
                seams.lanes().apply(config.settings().maxConcurrency()));
        // One client for soon redelivery and the dead letters, built at the first call of either.
        Optional<Supplier<SqsClient>> oneSqsClient = sqs.map(ReceiverBuilder::once);
        Optional<SoonRedelivery> soon = oneSqsClient.filter(client -> config.soonRedelivery())
                .map(client -> new SoonRedelivery(client, soonMin, soonMax, jitter, telemetry.log()));
        Optional<SqsDeadLetters> deadLetters = oneSqsClient.flatMap(client ->
                SqsDeadLetters.from(config, client, keyField, callTimeout, telemetry.log()));
        return new IdempotentReceiver<>(batches, soon, deadLetters, redis, signatures);
    }

    /** The environment with the typed settings: a variable given both ways must agree. */
    private Map<String, String> variables() {
        Map<String, String> variables = new HashMap<>(environment);
        typed.forEach((name, value) -> {
            String given = variables.putIfAbsent(name, value);
            if (given != null && !given.equals(value)) {
                throw new ConfigurationException(name, "is set both in the environment (" + given
                        + ") and by the builder (" + value + "): give it one way");
            }
        });
        return variables;
    }

    private ReceiverBuilder<P> setting(String variable, String value) {
        typed.put(variable, value);
        return this;
    }

    private static String seconds(Duration duration) {
        return Long.toString(Objects.requireNonNull(duration, "duration").toSeconds());
    }

    private SecretReader secrets(String setting) {
        return secrets.orElseThrow(() -> new ConfigurationException(setting,
                "needs a reader of secrets (ReceiverBuilder.secrets)"));
    }

    /** {@code supplier}'s value, made on the first call and kept: one client for all who need it, none if nobody does. */
    private static <T> Supplier<T> once(Supplier<T> supplier) {
        return new Supplier<>() {
            private T value;

            @Override
            public synchronized T get() {
                if (value == null) {
                    value = supplier.get();
                }
                return value;
            }
        };
    }
}
