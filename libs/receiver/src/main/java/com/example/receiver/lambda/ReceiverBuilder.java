package com.example.receiver.lambda;

import static com.example.receiver.lambda.BuilderArguments.required;

import com.example.receiver.MessageParser;
import com.example.receiver.dynamodb.SingleWriteEffect;
import com.example.receiver.dynamodb.TransactionalEffect;
import com.example.receiver.internal.Seams;
import com.example.receiver.internal.sqs.SoonRedelivery;
import java.io.PrintStream;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
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
 * <p>Every setting is one of the function's environment variables ({@link ReceiverVariables}),
 * given by {@link #environment} or in code ({@link #idempotencyTable}, {@link #recordTtl}, ...:
 * {@link SettingsBuilder}). Time and randomness come from one {@link ReceiverRuntime}.
 *
 * @param <P> the domain's payload type
 */
public final class ReceiverBuilder<P> extends SettingsBuilder<ReceiverBuilder<P>> {

    /** The longest one SQS call may take, retries included, unless set. */
    static final Duration DEFAULT_CALL_TIMEOUT = Duration.ofSeconds(5);

    private final MessageParser<P> parser;
    private final TransactionalEffect<P> effect;
    private Optional<SingleWriteEffect<P>> singleWrite = Optional.empty();
    private String service;
    private String keyPrefix;
    private String keyField;
    private String metricsNamespace;
    private DynamoDbClient dynamoDb;
    private Optional<SecretReader> secrets = Optional.empty();
    private Optional<Supplier<SqsClient>> sqs = Optional.empty();
    private PrintStream out = System.out;
    private ReceiverRuntime runtime = ReceiverRuntime.system();
    private Duration callTimeout = DEFAULT_CALL_TIMEOUT;
    private Duration soonMin = SoonRedelivery.DEFAULT_MIN;
    private Duration soonMax = SoonRedelivery.DEFAULT_MAX;
    private Seams<P> seams = Seams.none();

    static {
        // The test kit's way to the seams, since the builder has no public method for them.
        Seams.openDoor((builder, parts) -> ((ReceiverBuilder<?>) builder).seams(parts));
    }

    ReceiverBuilder(MessageParser<P> parser, TransactionalEffect<P> effect) {
        this.parser = BuilderArguments.given("parser", "builder", parser);
        this.effect = BuilderArguments.given("effect", "builder", effect);
    }

    /**
     * The {@code service} log field and {@code Service} metric dimension (required), unless
     * {@code SERVICE_NAME} or {@code POWERTOOLS_SERVICE_NAME} sets one.
     *
     * @param name e.g. {@code seat-bookings}
     * @return this builder
     */
    public ReceiverBuilder<P> service(String name) {
        this.service = BuilderArguments.named("service", name);
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
        this.keyPrefix = BuilderArguments.keyPrefix(prefix);
        return this;
    }

    /**
     * The log field, and the dead letters' attribute, that names the key (required).
     *
     * @param field e.g. {@code booking_id}
     * @return this builder
     */
    public ReceiverBuilder<P> keyField(String field) {
        this.keyField = BuilderArguments.named("keyField", field);
        return this;
    }

    /**
     * The CloudWatch namespace when neither {@code METRICS_NAMESPACE} nor its Powertools alias is set; the service name by default.
     *
     * @param namespace the CloudWatch namespace
     * @return this builder
     */
    public ReceiverBuilder<P> metricsNamespace(String namespace) {
        this.metricsNamespace = BuilderArguments.named("metricsNamespace", namespace);
        return this;
    }

    /**
     * The DynamoDB client (required), built once per process with timeouts inside the function's.
     *
     * @param client the client
     * @return this builder
     */
    public ReceiverBuilder<P> dynamoDb(DynamoDbClient client) {
        this.dynamoDb = BuilderArguments.given("dynamoDb", client);
        return this;
    }

    /**
     * The domain's single-write effect, which {@code COMMIT_MODE=single-write} commits with instead of
     * the builder's transactional effect (for tables that refuse transactions: global tables with
     * multi-Region strong consistency); unused otherwise. {@link #build} refuses
     * {@code single-write} without it.
     *
     * @param effect the domain's decision from its item and the writes derived from it
     * @return this builder
     */
    public ReceiverBuilder<P> singleWrite(SingleWriteEffect<P> effect) {
        this.singleWrite = Optional.of(BuilderArguments.given("singleWrite", effect));
        return this;
    }

    /**
     * Reads the fast path's signing key and the producers' keys; each read bounded to a couple of seconds.
     *
     * @param reader reads a secret's value by name or ARN
     * @return this builder
     */
    public ReceiverBuilder<P> secrets(SecretReader reader) {
        this.secrets = Optional.of(BuilderArguments.given("secrets", reader));
        return this;
    }

    /**
     * Builds the SQS client of soon redelivery and the dead-letter queue, once, on first use; never called when both are off.
     *
     * @param client what builds the client
     * @return this builder
     */
    public ReceiverBuilder<P> sqs(Supplier<SqsClient> client) {
        this.sqs = Optional.of(BuilderArguments.given("sqs", client));
        return this;
    }

    /**
     * The time of decisions, expiry and log lines, in this builder's {@link ReceiverRuntime}; the
     * system's UTC clock by default.
     *
     * @param time the clock
     * @return this builder
     */
    public ReceiverBuilder<P> clock(Clock time) {
        this.runtime = runtime.withClock(BuilderArguments.given("clock", time));
        return this;
    }

    /**
     * Where log and EMF lines go; stdout (Lambda's, which CloudWatch Logs reads) by default.
     *
     * @param lines the stream
     * @return this builder
     */
    public ReceiverBuilder<P> out(PrintStream lines) {
        this.out = BuilderArguments.given("out", lines);
        return this;
    }

    /**
     * The jitter of retries and soon redelivery, in this builder's {@link ReceiverRuntime}; a new {@link SecureRandom} by default (a seeded
     * generator would replay the same pauses in every environment restored from one SnapStart snapshot).
     *
     * @param jitter the generator
     * @return this builder
     */
    public ReceiverBuilder<P> random(RandomGenerator jitter) {
        this.runtime = runtime.withRandom(BuilderArguments.given("random", jitter));
        return this;
    }

    /**
     * Everything the receiver takes from its world (its clocks, pauses, randomness and lanes'
     * threads), replacing what {@link #clock} and {@link #random} set; {@link ReceiverRuntime#system()}
     * by default.
     *
     * @param world the runtime
     * @return this builder
     */
    public ReceiverBuilder<P> runtime(ReceiverRuntime world) {
        this.runtime = BuilderArguments.given("runtime", world);
        return this;
    }

    /**
     * The longest one SQS call may take, retries included (5 s by default): none is started with less time left.
     *
     * @param timeout the longest call
     * @return this builder
     */
    public ReceiverBuilder<P> callTimeout(Duration timeout) {
        this.callTimeout = BuilderArguments.positive("callTimeout", timeout);
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
        BuilderArguments.soonWindow(min, max);
        this.soonMin = min;
        this.soonMax = max;
        return this;
    }

    /**
     * The seams the receiver is built with: the library's own tests in this package, and the test
     * kit through {@link Seams#attach}; not a method of the public builder.
     */
    @SuppressWarnings("unchecked")
    ReceiverBuilder<P> seams(Seams<?> parts) {
        this.seams = (Seams<P>) Objects.requireNonNull(parts, "parts");
        return this;
    }

    /**
     * The receiver; refuses with a {@link ConfigurationException} naming the setting when a
     * setting is missing, malformed or unsafe, or needs a part this builder was not given, or when
     * the idempotency table does not exist or its TTL is not on {@code expiresAt} (one
     * {@code DescribeTimeToLive}; not in {@code COMMIT_MODE=single-write}, whose tables have no TTL). Each builder call refuses a null argument (and a blank name) as
     * it is made, naming the call.
     * Connects to the fast path and reads the keys it needs now (a function's init).
     *
     * @return the receiver, to be closed with the execution environment
     */
    public IdempotentReceiver<P> build() {
        ReceiverAssembly.Given<P> given = new ReceiverAssembly.Given<>(parser, effect, singleWrite, required("service", service),
                required("keyPrefix", keyPrefix), required("keyField", keyField), Optional.ofNullable(metricsNamespace),
                environment(), typed(), required("dynamoDb", dynamoDb), secrets, sqs, out, runtime, callTimeout, soonMin,
                soonMax, seams);
        try {
            return ReceiverAssembly.assemble(given);
        } catch (com.example.lambdakit.config.ConfigurationException refusal) {
            throw ConfigurationException.of(refusal);
        }
    }

    @Override
    ReceiverBuilder<P> self() {
        return this;
    }
}
