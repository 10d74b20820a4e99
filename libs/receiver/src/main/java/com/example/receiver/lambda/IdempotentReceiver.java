package com.example.receiver.lambda;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.lambdakit.config.ConfigurationException;
import com.example.lambdakit.config.Environment;
import com.example.lambdakit.telemetry.Invocations;
import com.example.lambdakit.telemetry.TelemetryConfig;
import com.example.receiver.BatchReceiver;
import com.example.receiver.BatchResult;
import com.example.receiver.DeadLetterChannel;
import com.example.receiver.FastPath;
import com.example.receiver.MessageAuthenticity;
import com.example.receiver.MessageParser;
import com.example.receiver.MonotonicClock;
import com.example.receiver.RemainingTime;
import com.example.receiver.Sleeper;
import com.example.receiver.Store;
import com.example.receiver.authenticity.ProducerSignatures;
import com.example.receiver.config.DeadLetterConfig;
import com.example.receiver.config.ReceiverConfig;
import com.example.receiver.dynamodb.DynamoDbStore;
import com.example.receiver.dynamodb.RetryPolicy;
import com.example.receiver.dynamodb.TransactionalEffect;
import com.example.receiver.redis.RedisFastPath;
import com.example.receiver.redis.SecretReader;
import com.example.receiver.sqs.SoonRedelivery;
import com.example.receiver.sqs.SqsBatch;
import com.example.receiver.sqs.SqsDeadLetters;
import com.example.receiver.telemetry.JsonLinesTelemetry;
import java.io.PrintStream;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import java.util.random.RandomGenerator;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * The idempotent receiver in front of one SQS-triggered Lambda function: every message of a batch
 * decided exactly once in effect, the answer SQS's partial batch response.
 *
 * <p>Contract of {@link #handle}:
 * <ul>
 *   <li>never throws for a message: each ends in one {@link com.example.receiver.Outcome}, and the
 *       answer lists the failed ones as batch item failures (the event source mapping must report
 *       {@code ReportBatchItemFailures}: "Handling errors for an SQS event source in Lambda",
 *       https://docs.aws.amazon.com/lambda/latest/dg/services-sqs-errorhandling.html);</li>
 *   <li>a message that no delivery can decide (rejected, conflicting) goes to the dead-letter
 *       queue at once with its reason, when one is configured, and is then acknowledged;</li>
 *   <li>a message that failed for a passing reason (contention, throttling, out of time) comes
 *       back in seconds when soon redelivery is on, not after the visibility timeout;</li>
 *   <li>no message is started when the invocation's remaining time is short.</li>
 * </ul>
 * Built once per execution environment ({@link #builder}), in the handler's constructor; closed
 * with the environment. Safe for Lambda's one invocation at a time per environment.
 *
 * @param <P> the domain's payload type
 */
public final class IdempotentReceiver<P> implements AutoCloseable {

    private final BatchReceiver<P> batches;
    private final Optional<SoonRedelivery> soonRedelivery;
    private final Optional<SqsDeadLetters> deadLetters;
    private final Optional<RedisFastPath> fastPath;
    private final Optional<ProducerSignatures> producerSignatures;
    private final Invocations invocations = Invocations.lambda();

    private IdempotentReceiver(BatchReceiver<P> batches, Optional<SoonRedelivery> soonRedelivery,
                               Optional<SqsDeadLetters> deadLetters, Optional<RedisFastPath> fastPath,
                               Optional<ProducerSignatures> producerSignatures) {
        this.batches = Objects.requireNonNull(batches, "batches");
        this.soonRedelivery = Objects.requireNonNull(soonRedelivery, "soonRedelivery");
        this.deadLetters = Objects.requireNonNull(deadLetters, "deadLetters");
        this.fastPath = Objects.requireNonNull(fastPath, "fastPath");
        this.producerSignatures = Objects.requireNonNull(producerSignatures, "producerSignatures");
    }

    /**
     * A receiver for the messages {@code parser} reads, whose effect {@code effect} writes in the
     * same DynamoDB transaction as each idempotency record; see {@link Builder} for what is
     * required and what has a default.
     *
     * @param parser turns a body into a command (key, fingerprint, lane, payload) or a refusal
     * @param effect the domain's conditional writes, and optionally their group merge
     * @param <P>    the domain's payload type
     * @return a builder to complete
     */
    public static <P> Builder<P> builder(MessageParser<P> parser, TransactionalEffect<P> effect) {
        return new Builder<>(parser, effect);
    }

    /**
     * A receiver around batches decided elsewhere (a test's fakes, a harness that injects faults),
     * with neither soon redelivery nor a dead-letter queue: add them with {@link #withSoonRedelivery}
     * and {@link #withDeadLetters}.
     *
     * @param batches the batch receiver, which this receiver closes
     * @param <P>     the domain's payload type
     * @return a receiver that decides each SQS event with {@code batches}
     */
    public static <P> IdempotentReceiver<P> around(BatchReceiver<P> batches) {
        return new IdempotentReceiver<>(batches, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
    }

    /**
     * This receiver, bringing back soon what failed for a passing reason.
     *
     * @param soon changes the failed messages' visibility
     * @return a receiver with soon redelivery
     */
    public IdempotentReceiver<P> withSoonRedelivery(SoonRedelivery soon) {
        return new IdempotentReceiver<>(batches, Optional.of(soon), deadLetters, fastPath, producerSignatures);
    }

    /**
     * This receiver, sending what no delivery can decide to {@code queue} when there is one.
     *
     * @param queue the dead-letter queue, or empty to leave such messages failures
     * @return a receiver with that dead-letter queue
     */
    public IdempotentReceiver<P> withDeadLetters(Optional<SqsDeadLetters> queue) {
        return new IdempotentReceiver<>(batches, soonRedelivery, queue, fastPath, producerSignatures);
    }

    /**
     * Decides one SQS batch.
     *
     * @param event   the batch, as Lambda's SQS event source mapping delivers it
     * @param context the invocation's context; {@code null} outside Lambda (no deadline)
     * @return the partial batch response: the messages to deliver again
     */
    public SQSBatchResponse handle(SQSEvent event, Context context) {
        RemainingTime remaining = context == null
                ? RemainingTime.UNBOUNDED
                : () -> Duration.ofMillis(context.getRemainingTimeInMillis());
        DeadLetterChannel channel = deadLetters.map(queue -> queue.channel(event)).orElse(DeadLetterChannel.NONE);
        BatchResult result = batches.process(SqsBatch.messages(event), remaining, invocations.next(context), channel);
        soonRedelivery.ifPresent(redelivery -> redelivery.apply(event, result));
        return SqsBatch.response(result);
    }

    /**
     * After a SnapStart restore: keys the init could not read (the cache's signing key, the
     * producers' keys) are read at the next batch rather than after the retry interval.
     */
    public void restored() {
        fastPath.ifPresent(RedisFastPath::readSigningKeyAtNextUse);
        producerSignatures.ifPresent(ProducerSignatures::readKeysAtNextUse);
    }

    /**
     * The batch receiver underneath, for callers that decide batches of their own transport.
     *
     * @return the batch receiver
     */
    public BatchReceiver<P> batches() {
        return batches;
    }

    @Override
    public void close() {
        batches.close();
        fastPath.ifPresent(RedisFastPath::close);
    }

    /**
     * Wires a receiver. Required: {@link #names}, {@link #environment} and {@link #dynamoDb}; and,
     * when the environment turns them on, {@link #secrets} (the fast path's signing key, the
     * producers' keys) and {@link #sqs} (soon redelivery, the dead-letter queue): {@link #build}
     * refuses naming the setting that needs them. Everything else has a default.
     *
     * @param <P> the domain's payload type
     */
    public static final class Builder<P> {

        /** The longest one SQS call may take, retries included, unless set. */
        static final Duration DEFAULT_CALL_TIMEOUT = Duration.ofSeconds(5);
        /** A soon retry comes back in 1-5 s unless set: well inside any visibility timeout. */
        static final Duration DEFAULT_SOON_MIN = SoonRedelivery.DEFAULT_MIN;
        static final Duration DEFAULT_SOON_MAX = SoonRedelivery.DEFAULT_MAX;

        private final MessageParser<P> parser;
        private final TransactionalEffect<P> effect;
        private String service;
        private String keyPrefix;
        private String keyField;
        private String metricsNamespace;
        private Map<String, String> environment;
        private DynamoDbClient dynamoDb;
        private Optional<SecretReader> secrets = Optional.empty();
        private Optional<Supplier<SqsClient>> sqs = Optional.empty();
        private Clock clock = Clock.systemUTC();
        private PrintStream out = System.out;
        private RandomGenerator random;
        private Duration callTimeout = DEFAULT_CALL_TIMEOUT;
        private Duration soonMin = DEFAULT_SOON_MIN;
        private Duration soonMax = DEFAULT_SOON_MAX;
        private UnaryOperator<Store<P>> storeAround = UnaryOperator.identity();
        private UnaryOperator<FastPath> fastPathAround = UnaryOperator.identity();
        private MonotonicClock monotonic = MonotonicClock.SYSTEM;
        private Sleeper sleeper = Sleeper.THREAD;
        private Optional<ExecutorService> lanes = Optional.empty();

        private Builder(MessageParser<P> parser, TransactionalEffect<P> effect) {
            this.parser = Objects.requireNonNull(parser, "parser");
            this.effect = Objects.requireNonNull(effect, "effect");
        }

        /**
         * What the function's records and lines are called (required).
         *
         * @param service   the {@code service} log field and {@code Service} metric dimension, unless
         *                  {@code SERVICE_NAME} or {@code POWERTOOLS_SERVICE_NAME} sets one
         * @param keyPrefix what every record's partition key starts with ({@code <prefix>#<key>}):
         *                  one prefix per kind of operation sharing a table
         * @param keyField  the log field, and the dead letters' attribute, that names the key
         * @return this builder
         */
        public Builder<P> names(String service, String keyPrefix, String keyField) {
            this.service = Objects.requireNonNull(service, "service");
            this.keyPrefix = Objects.requireNonNull(keyPrefix, "keyPrefix");
            this.keyField = Objects.requireNonNull(keyField, "keyField");
            return this;
        }

        /**
         * The CloudWatch namespace when neither {@code METRICS_NAMESPACE} nor its Powertools alias is set; the service name by default.
         *
         * @param namespace the CloudWatch namespace
         * @return this builder
         */
        public Builder<P> metricsNamespace(String namespace) {
            this.metricsNamespace = Objects.requireNonNull(namespace, "namespace");
            return this;
        }

        /**
         * The function's environment variables (required): every setting is read and validated from them at {@link #build}.
         *
         * @param variables the function's environment variables, copied
         * @return this builder
         */
        public Builder<P> environment(Map<String, String> variables) {
            this.environment = Map.copyOf(variables);
            return this;
        }

        /**
         * The DynamoDB client (required), built once per process with timeouts inside the function's.
         *
         * @param client the client, or what builds it
         * @return this builder
         */
        public Builder<P> dynamoDb(DynamoDbClient client) {
            this.dynamoDb = Objects.requireNonNull(client, "client");
            return this;
        }

        /**
         * Reads the fast path's signing key and the producers' keys; each read bounded to a couple of seconds.
         *
         * @param reader reads a secret's value by name or ARN
         * @return this builder
         */
        public Builder<P> secrets(SecretReader reader) {
            this.secrets = Optional.of(reader);
            return this;
        }

        /**
         * Builds the SQS client of soon redelivery and the dead-letter queue, once, on first use; never called when both are off.
         *
         * @param client the client, or what builds it
         * @return this builder
         */
        public Builder<P> sqs(Supplier<SqsClient> client) {
            this.sqs = Optional.of(client);
            return this;
        }

        /**
         * The time of decisions, expiry and log lines; the system's UTC clock by default.
         *
         * @param time the clock
         * @return this builder
         */
        public Builder<P> clock(Clock time) {
            this.clock = Objects.requireNonNull(time, "time");
            return this;
        }

        /**
         * Where log and EMF lines go; stdout (Lambda's, which CloudWatch Logs reads) by default.
         *
         * @param lines the stream
         * @return this builder
         */
        public Builder<P> out(PrintStream lines) {
            this.out = Objects.requireNonNull(lines, "lines");
            return this;
        }

        /**
         * The jitter of retries and soon redelivery; a new {@link SecureRandom} by default (a seeded
         * generator would replay the same pauses in every environment restored from one SnapStart
         * snapshot).
         *
         * @param jitter the generator
         * @return this builder
         */
        public Builder<P> random(RandomGenerator jitter) {
            this.random = Objects.requireNonNull(jitter, "jitter");
            return this;
        }

        /**
         * The longest one SQS call may take, retries included (5 s by default): none is started with less time left.
         *
         * @param timeout the longest call
         * @return this builder
         */
        public Builder<P> callTimeout(Duration timeout) {
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
        public Builder<P> soonRedeliveryWithin(Duration min, Duration max) {
            this.soonMin = Objects.requireNonNull(min, "min");
            this.soonMax = Objects.requireNonNull(max, "max");
            return this;
        }

        /**
         * Wraps the store the builder makes: for tests that inject faults around it, never in a function.
         *
         * @param wrapper given what the builder made, returns what the receiver uses
         * @return this builder
         */
        public Builder<P> storeAround(UnaryOperator<Store<P>> wrapper) {
            this.storeAround = Objects.requireNonNull(wrapper, "wrapper");
            return this;
        }

        /**
         * Wraps the fast path the builder makes ({@link FastPath#DISABLED} when none is configured): for fault-injection tests.
         *
         * @param wrapper given what the builder made, returns what the receiver uses
         * @return this builder
         */
        public Builder<P> fastPathAround(UnaryOperator<FastPath> wrapper) {
            this.fastPathAround = Objects.requireNonNull(wrapper, "wrapper");
            return this;
        }

        /**
         * What the latencies reported are measured on; {@link MonotonicClock#SYSTEM} by default.
         *
         * @param elapsed the monotonic clock
         * @return this builder
         */
        public Builder<P> monotonicClock(MonotonicClock elapsed) {
            this.monotonic = Objects.requireNonNull(elapsed, "elapsed");
            return this;
        }

        /**
         * How the store pauses between attempts DynamoDB refused for a passing reason; the thread's own sleep by default.
         *
         * @param pauses the sleeper
         * @return this builder
         */
        public Builder<P> sleeper(Sleeper pauses) {
            this.sleeper = Objects.requireNonNull(pauses, "pauses");
            return this;
        }

        /**
         * What runs a batch's lanes (the receiver shuts it down when closed); a fixed pool of
         * {@code MAX_CONCURRENCY} daemon threads by default. For a simulation's deterministic executor, never in a function.
         *
         * @param executor runs the lanes
         * @return this builder
         */
        public Builder<P> lanes(ExecutorService executor) {
            this.lanes = Optional.of(executor);
            return this;
        }

        /**
         * The receiver; refuses with a {@link ConfigurationException} naming the setting when a
         * setting is missing or unsafe, or needs a part this builder was not given. Connects to the
         * fast path and reads the keys it needs now (a function's init).
         *
         * @return the receiver, to be closed with the execution environment
         */
        public IdempotentReceiver<P> build() {
            Objects.requireNonNull(service, "names(service, keyPrefix, keyField) is required");
            Objects.requireNonNull(environment, "environment is required");
            Objects.requireNonNull(dynamoDb, "dynamoDb is required");
            Environment env = new Environment(environment);
            ReceiverConfig config = ReceiverConfig.from(env);
            // Refused before anything that holds a connection or a thread is built.
            if (sqs.isEmpty() && (config.soonRedelivery() || DeadLetterConfig.from(env).queueUrl().isPresent())) {
                throw new ConfigurationException(config.soonRedelivery() ? ReceiverConfig.SOON_REDELIVERY
                        : DeadLetterConfig.DEAD_LETTER_QUEUE_URL, "needs an SQS client (IdempotentReceiver.Builder.sqs)");
            }
            RandomGenerator jitter = random == null ? new SecureRandom() : random;
            JsonLinesTelemetry telemetry = new JsonLinesTelemetry(out, clock,
                    TelemetryConfig.from(environment, service, metricsNamespace == null ? service : metricsNamespace), keyField);
            // Keys that were read but are unusable stop the init here, before the cache is connected.
            Optional<ProducerSignatures> signatures = config.producerSignatures().map(required -> ProducerSignatures.reading(
                    required, secrets(ReceiverConfig.PRODUCER_SIGNING_SECRETS), clock, telemetry.log()));
            Optional<RedisFastPath> redis = config.fastPath().map(cache -> RedisFastPath.connect(
                    cache, secrets(ReceiverConfig.FAST_PATH_SIGNING_SECRET), clock, telemetry.log()));
            Store<P> store = storeAround.apply(new DynamoDbStore<>(dynamoDb, config.idempotencyTable(), keyPrefix,
                    config.recordTtl(), effect, RetryPolicy.standard(config.settings().minRemainingTime(), jitter), clock,
                    sleeper));
            FastPath cache = fastPathAround.apply(redis.<FastPath>map(r -> r).orElse(FastPath.DISABLED));
            MessageAuthenticity authenticity = signatures.<MessageAuthenticity>map(s -> s).orElse(MessageAuthenticity.NOT_CHECKED);
            BatchReceiver<P> batches = lanes
                    .map(executor -> new BatchReceiver<>(authenticity, parser, cache, store, telemetry, config.settings(),
                            monotonic, executor))
                    .orElseGet(() -> new BatchReceiver<>(authenticity, parser, cache, store, telemetry, config.settings(),
                            monotonic));
            // One client for soon redelivery and the dead letters, built at the first call of either.
            Optional<Supplier<SqsClient>> oneSqsClient = sqs.map(Builder::once);
            Optional<SoonRedelivery> soon = oneSqsClient.filter(client -> config.soonRedelivery())
                    .map(client -> new SoonRedelivery(client, soonMin, soonMax, jitter, telemetry.log()));
            Optional<SqsDeadLetters> deadLetters = oneSqsClient.flatMap(client ->
                    SqsDeadLetters.from(env, client, keyField, callTimeout, telemetry.log()));
            return new IdempotentReceiver<>(batches, soon, deadLetters, redis, signatures);
        }

        private SecretReader secrets(String setting) {
            return secrets.orElseThrow(() -> new ConfigurationException(setting,
                    "needs a reader of secrets (IdempotentReceiver.Builder.secrets)"));
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
}
