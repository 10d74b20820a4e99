package com.example.payment.authorizer;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.amazonaws.services.lambda.runtime.serialization.events.LambdaEventSerializers;
import com.example.payment.Payment;
import com.example.payment.PaymentTables;
import com.example.receiver.BatchReceiver;
import com.example.receiver.BatchResult;
import com.example.receiver.Outcome;
import com.example.receiver.RemainingTime;
import com.example.receiver.config.ReceiverConfig;
import com.example.receiver.sqs.SqsBatch;
import java.io.OutputStream;
import java.io.PrintStream;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.crac.Context;
import org.crac.Resource;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * SnapStart priming: before Lambda snapshots the initialised function, one synthetic SQS event
 * runs the whole request path (the runtime's event deserializer, parse, validate, fingerprint,
 * lanes, the TransactWriteItems request built, marshalled and signed by the SDK, the outcome
 * mapped, the batch response serialized), so that the classes are loaded and the code is
 * compiled in the snapshot rather than in the first invocation after a restore.
 *
 * <p>What is safe before a snapshot, and why this does only that:
 * <ul>
 *   <li>No connection is opened, so none is kept: the priming client stops every request in
 *       {@code beforeTransmission}, after marshalling and signing, before the HTTP client is
 *       asked for a connection; the fast path is left out (Jedis connects lazily, so the
 *       restored environment opens its own sockets on first use).</li>
 *   <li>Nothing can be written: besides the stop, the request names tables that do not exist.</li>
 *   <li>Nothing unique is baked in: the priming client, its signed request and its receiver are
 *       discarded; no log line or metric is emitted. {@link #afterRestore} adds fresh entropy to
 *       the generator the production receiver draws its retry jitter from, so that restored
 *       environments do not share a sequence (SecureRandom's {@code setSeed} supplements, never
 *       replaces, its seed).</li>
 * </ul>
 */
final class RequestPathPriming implements Resource {

    /** Names no table of the stack has: a request that escaped the stop would fail, not write. */
    static final String TABLE_SUFFIX = "-snapstart-priming-never-written";
    static final String TRANSACTION_ID = "TXN-SNAPSTART-PRIMING";
    private static final String MESSAGE = """
            {"headers": {"message_id": "msg-snapstart-priming", "correlation_id": "snapstart-priming",
                         "timestamp": "2026-01-01T00:00:00Z", "source": "snapstart-priming"},
             "body": {"transaction_id": "%s", "card_number_hash": "sha256:%s", "account_id": "ACC-PRIMING",
                      "amount": 1.00, "currency": "EUR", "merchant": "priming", "merchant_category": "5411",
                      "authorization_type": "PURCHASE"}}""".formatted(TRANSACTION_ID, "0".repeat(64));
    /** One SQS record as Lambda delivers it, its body {@link #MESSAGE}. */
    private static final String EVENT = """
            {"Records": [{"messageId": "snapstart-priming", "receiptHandle": "snapstart-priming", "body": "%s",
              "attributes": {"ApproximateReceiveCount": "1", "SentTimestamp": "1767225600000"}, "messageAttributes": {},
              "md5OfBody": "", "eventSource": "aws:sqs", "eventSourceARN": "arn:aws:sqs:us-east-1:000000000000:priming",
              "awsRegion": "us-east-1"}]}""".formatted(MESSAGE.replace("\n", " ").replace("\"", "\\\""));

    private final Map<String, String> environment;
    private final Function<ExecutionInterceptor, DynamoDbClient> clients;
    private final Clock clock;
    private final SecureRandom random;
    private volatile Optional<Run> lastRun = Optional.empty();

    /**
     * @param environment the function's configuration, as the production receiver was built from
     * @param clients     builds a client like the production one, with the given interceptor added
     * @param random      the generator the production receiver draws its jitter from
     */
    RequestPathPriming(Map<String, String> environment, Function<ExecutionInterceptor, DynamoDbClient> clients,
                       Clock clock, SecureRandom random) {
        this.environment = Map.copyOf(environment);
        this.clients = Objects.requireNonNull(clients, "clients");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.random = Objects.requireNonNull(random, "random");
    }

    /**
     * What one priming did.
     *
     * @param outcome          the synthetic payment's outcome: a {@link Outcome.Retry} naming the stop
     * @param requestsStopped  requests the SDK marshalled and signed, stopped before transmission
     * @param operations       their operation names
     */
    record Run(Outcome outcome, int requestsStopped, List<String> operations) {
        Run {
            Objects.requireNonNull(outcome, "outcome");
            operations = List.copyOf(operations);
        }
    }

    @Override
    public void beforeCheckpoint(Context<? extends Resource> context) {
        lastRun = Optional.of(prime());
    }

    @Override
    public void afterRestore(Context<? extends Resource> context) {
        random.setSeed(random.generateSeed(32));
    }

    /** The last priming, if any ran in this process. */
    Optional<Run> lastRun() {
        return lastRun;
    }

    private Run prime() {
        StopBeforeTransmission stop = new StopBeforeTransmission();
        try (DynamoDbClient client = clients.apply(stop);
             BatchReceiver<Payment> receiver = PaymentAuthorizer.create(primingEnvironment(), client,
                     PaymentAuthorizer.secretsManager(), clock,
                     new PrintStream(OutputStream.nullOutputStream()), new SecureRandom())) {
            // The runtime's own (de)serializers: the first real event would otherwise load them.
            ClassLoader loader = RequestPathPriming.class.getClassLoader();
            SQSEvent event = LambdaEventSerializers.serializerFor(SQSEvent.class, loader).fromJson(EVENT);
            BatchResult result = receiver.process(SqsBatch.messages(event), RemainingTime.UNBOUNDED);
            LambdaEventSerializers.serializerFor(SQSBatchResponse.class, loader)
                    .toJson(SqsBatch.response(result), OutputStream.nullOutputStream());
            return new Run(result.results().get(0).outcome(), stop.stopped.get(), stop.operations);
        }
    }

    /**
     * The function's configuration without the fast path and without producers' signatures (their
     * keys were read by the init; the synthetic message is not signed), on tables that do not exist.
     */
    private Map<String, String> primingEnvironment() {
        Map<String, String> env = new HashMap<>(environment);
        env.remove(ReceiverConfig.FAST_PATH_ENDPOINT);
        env.remove(ReceiverConfig.REQUIRE_PRODUCER_SIGNATURES);
        env.remove(ReceiverConfig.PRODUCER_SIGNING_SECRETS);
        for (String table : List.of(ReceiverConfig.IDEMPOTENCY_TABLE, PaymentTables.ACCOUNTS_TABLE, PaymentTables.LEDGER_TABLE)) {
            env.computeIfPresent(table, (name, value) -> value + TABLE_SUFFIX);
        }
        return env;
    }

    /** Lets the SDK do everything but send: thrown here, the request never reaches the HTTP client. */
    private static final class StopBeforeTransmission implements ExecutionInterceptor {

        private final AtomicInteger stopped = new AtomicInteger();
        private final List<String> operations = new CopyOnWriteArrayList<>();

        @Override
        public void beforeTransmission(software.amazon.awssdk.core.interceptor.Context.BeforeTransmission context,
                                       ExecutionAttributes attributes) {
            stopped.incrementAndGet();
            operations.add(attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME));
            throw new PrimingStop();
        }
    }

    /** Not an error: the end of a primed request. */
    private static final class PrimingStop extends RuntimeException {
        PrimingStop() {
            super("SnapStart priming: stopped before transmission", null, false, false);
        }
    }
}
