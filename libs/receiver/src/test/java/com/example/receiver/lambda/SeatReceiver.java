package com.example.receiver.lambda;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.lambdakit.telemetry.TelemetryConfig;
import com.example.localaws.LocalAws;
import com.example.localaws.RedisCluster;
import com.example.localaws.observability.FunctionOutput;
import com.example.receiver.BatchResult;
import com.example.receiver.internal.FastPath;
import com.example.receiver.internal.Seams;
import com.example.receiver.internal.Store;
import com.example.receiver.internal.config.ReceiverConfig;
import com.example.receiver.internal.sqs.SoonRedelivery;
import com.example.receiver.lambda.SecretReader;
import com.example.receiver.seats.Booking;
import com.example.receiver.seats.BookingParser;
import com.example.receiver.seats.SeatBookings;
import com.example.receiver.seats.SeatTables;
import com.example.receiver.testkit.DynamoDbCallCounter;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * A seat-bookings function on the library, against the local AWS: the receiver wired by its
 * builder as a user wires it, on a DynamoDB client that counts its calls, its lines captured.
 *
 * <p>The library's tests' one fixture for faults around the receiver's parts: only here are the
 * builder's {@link Seams} set ({@link Setup#storeAround}, {@link Setup#fastPathAround}), so a
 * change of how a test reaches them is made in one place.
 */
public final class SeatReceiver implements AutoCloseable {

    /** The service name of the records' lines and metrics. */
    public static final String SERVICE = "seat-bookings";
    /** The log field, and the dead letters' attribute, that names the booking. */
    public static final String KEY_FIELD = "booking_id";
    /** The default of the guide's record window: 30 days, longer than the queue's 4 days. */
    static final Duration RECORD_TTL = Duration.ofDays(30);
    static final Duration QUEUE_RETENTION = Duration.ofDays(4);

    /** The calls the receiver made to DynamoDB. */
    public final DynamoDbCallCounter calls = new DynamoDbCallCounter();
    private final SeatTables tables;
    private final DynamoDbClient dynamoDb;
    private final ByteArrayOutputStream output = new ByteArrayOutputStream();
    private final IdempotentReceiver<Booking> receiver;

    private SeatReceiver(Setup setup) {
        this.tables = setup.tables;
        List<ExecutionInterceptor> interceptors = new ArrayList<>(setup.interceptors);
        interceptors.add(calls);
        this.dynamoDb = setup.aws.dynamoDb(interceptors.toArray(ExecutionInterceptor[]::new));
        this.receiver = IdempotentReceiver.builder(new BookingParser(), new SeatBookings(tables.seats()))
                .service(SERVICE).keyPrefix(setup.keyPrefix).keyField(KEY_FIELD)
                .environment(setup.environment)
                .dynamoDb(dynamoDb)
                .secrets(setup.secrets)
                .sqs(setup.sqs)
                .clock(setup.clock)
                .soonRedeliveryWithin(setup.soonMin, setup.soonMax)
                .out(new PrintStream(output, true, StandardCharsets.UTF_8))
                .seams(Seams.<Booking>none().withStore(setup.storeAround).withFastPath(setup.fastPathAround))
                .build();
        // The counter counts what batches cost: the receiver's one check of the records table at init is not one.
        calls.reset();
    }

    /** A receiver on fresh tables of its own, no cache. */
    public static Setup on(LocalAws aws) {
        return new Setup(aws, SeatTables.create(aws.dynamoDb()));
    }

    /** A receiver on {@code tables} (several receivers, one set of tables: several execution environments). */
    public static Setup on(LocalAws aws, SeatTables tables) {
        return new Setup(aws, tables);
    }

    /** What a test sets before the receiver is built. */
    public static final class Setup {

        static final long CACHE_TIMEOUT_MS = 500;

        private final LocalAws aws;
        private final SeatTables tables;
        private final Map<String, String> environment = new HashMap<>();
        private Clock clock = Clock.systemUTC();
        private String keyPrefix = SeatTables.KEY_PREFIX;
        private Supplier<SqsClient> sqs;
        private SecretReader secrets;
        private final List<ExecutionInterceptor> interceptors = new ArrayList<>();
        private Duration soonMin = SoonRedelivery.DEFAULT_MIN;
        private Duration soonMax = SoonRedelivery.DEFAULT_MAX;
        private UnaryOperator<Store<Booking>> storeAround = UnaryOperator.identity();
        private UnaryOperator<FastPath> fastPathAround = UnaryOperator.identity();

        private Setup(LocalAws aws, SeatTables tables) {
            this.aws = aws;
            this.tables = tables;
            this.sqs = aws::sqs;
            this.secrets = aws::secretString;
            environment.put(ReceiverConfig.IDEMPOTENCY_TABLE, tables.records());
            environment.put(ReceiverConfig.IDEMPOTENCY_TTL_SECONDS, Long.toString(RECORD_TTL.toSeconds()));
            environment.put(ReceiverConfig.QUEUE_RETENTION_SECONDS, Long.toString(QUEUE_RETENTION.toSeconds()));
            environment.put(TelemetryConfig.METRICS_NAMESPACE, "SeatBookingsTest");
        }

        /**
         * The fast path on {@code cache}, as a deployment sets it: TLS, cluster mode, the local
         * signing secret; each command given {@value #CACHE_TIMEOUT_MS} ms, not a deployment's
         * 50: these tests check what the cache answers, and on a loaded 2-core machine a new
         * connection's first answer can take longer (a 50 ms timeout turned a hit into a counted
         * outage in one full run). A cache that is down is refused at once either way.
         */
        public Setup fastPath(RedisCluster cache) {
            environment.put(ReceiverConfig.FAST_PATH_ENDPOINT, cache.endpoint());
            environment.put(ReceiverConfig.FAST_PATH_TLS, "true");
            environment.put(ReceiverConfig.FAST_PATH_CLUSTER, "true");
            environment.put(ReceiverConfig.FAST_PATH_CA_FILE, cache.caFile().toString());
            environment.put(ReceiverConfig.FAST_PATH_SIGNING_SECRET, aws.fastPathSigningSecret());
            environment.put(ReceiverConfig.FAST_PATH_TIMEOUT_MS, Long.toString(CACHE_TIMEOUT_MS));
            return this;
        }

        /** One more variable of the receiver's environment (by the library's own name for it). */
        public Setup set(String variable, String value) {
            environment.put(Objects.requireNonNull(variable, "variable"), Objects.requireNonNull(value, "value"));
            return this;
        }

        /** One more interceptor on the receiver's DynamoDB client (what it sends, as sent). */
        public Setup intercept(ExecutionInterceptor interceptor) {
            interceptors.add(Objects.requireNonNull(interceptor, "interceptor"));
            return this;
        }

        /** How the receiver reads its secrets (the local Secrets Manager unless set). */
        public Setup secrets(SecretReader reader) {
            this.secrets = Objects.requireNonNull(reader, "reader");
            return this;
        }

        /** Where the receiver's SQS client comes from (soon redelivery, dead letters). */
        public Setup sqs(Supplier<SqsClient> client) {
            this.sqs = Objects.requireNonNull(client, "client");
            return this;
        }

        /** The prefix of the receiver's keys ({@link SeatTables#KEY_PREFIX} unless set): another receiver's. */
        public Setup keyPrefix(String prefix) {
            this.keyPrefix = Objects.requireNonNull(prefix, "prefix");
            return this;
        }

        public Setup clock(Clock time) {
            this.clock = Objects.requireNonNull(time, "time");
            return this;
        }

        /** Soon redelivery on, bringing a message that met contention back within {@code min}-{@code max}. */
        public Setup soonRedeliveryWithin(Duration min, Duration max) {
            environment.put(ReceiverConfig.SOON_REDELIVERY, "true");
            this.soonMin = min;
            this.soonMax = max;
            return this;
        }

        /** Wraps the store the builder makes (fault injection). */
        public Setup storeAround(UnaryOperator<Store<Booking>> wrapper) {
            this.storeAround = Objects.requireNonNull(wrapper, "wrapper");
            return this;
        }

        /** Wraps the fast path the builder makes (fault injection). */
        public Setup fastPathAround(UnaryOperator<FastPath> wrapper) {
            this.fastPathAround = Objects.requireNonNull(wrapper, "wrapper");
            return this;
        }

        public SeatReceiver build() {
            return new SeatReceiver(this);
        }
    }

    /** The tables the receiver writes. */
    public SeatTables tables() {
        return tables;
    }

    /** Hands {@code event} to the receiver as Lambda would, with no deadline. */
    public SQSBatchResponse handle(SQSEvent event) {
        return receiver.handle(event, null);
    }

    /** Hands {@code event} to the receiver as Lambda would, with {@code context}'s deadline. */
    public SQSBatchResponse handle(SQSEvent event, Context context) {
        return receiver.handle(event, context);
    }

    /** Tells the receiver its environment was restored from a SnapStart snapshot, as the handler's hook does. */
    public void restored() {
        receiver.restored();
    }

    /** Each message's outcome, as the receiver decided it, in order (no deadline). */
    public BatchResult decide(SQSEvent event) {
        return receiver.decide(event, null);
    }

    /** What the receiver wrote, parsed: fails when a line is not one JSON object. */
    public FunctionOutput output() {
        return FunctionOutput.parse(output.toByteArray());
    }

    /** Every line the receiver wrote (logs and EMF), as text. */
    public List<String> lines() {
        return output.toString(StandardCharsets.UTF_8).lines().toList();
    }

    /** The sum of {@code metric} over the EMF lines: how many messages it counted. */
    public long metric(String metric) {
        return output().emf().stream().mapToLong(line -> line.path(metric).asLong(0)).sum();
    }

    /** The log lines whose outcome is {@code outcome}, as text. */
    public List<String> logsOf(String outcome) {
        return output().logs().stream().filter(line -> outcome.equals(line.path("outcome").asText()))
                .map(Object::toString).toList();
    }

    /** Closes the receiver, and fails if an EMF line it wrote breaks the specification. */
    @Override
    public void close() {
        receiver.close();
        dynamoDb.close();
        List<String> violations = output().emfViolations();
        if (!violations.isEmpty()) {
            throw new AssertionError("EMF lines break the specification: " + violations);
        }
    }
}
