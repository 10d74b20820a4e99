package com.example.payment.authorizer;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.amazonaws.services.lambda.runtime.serialization.events.LambdaEventSerializers;
import com.example.lambdakit.telemetry.FunctionLog;
import com.example.payment.Payment;
import com.example.payment.PaymentTables;
import com.example.receiver.BatchResult;
import com.example.receiver.MessageResult;
import com.example.receiver.Outcome;
import com.example.receiver.lambda.IdempotentReceiver;
import com.example.receiver.lambda.ReceiverVariables;
import com.example.receiver.lambda.SecretReader;
import com.example.receiver.record.IdempotencyRecordAttributes;
import java.io.OutputStream;
import java.io.PrintStream;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Supplier;
import org.crac.Context;
import org.crac.Resource;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * SnapStart priming: before Lambda snapshots the initialised function, the request path runs as
 * an invocation would run it, so that its classes are loaded and its code is compiled in the
 * snapshot rather than in the first batch after a restore (AWS's "invoke priming":
 * https://docs.aws.amazon.com/lambda/latest/dg/snapstart-best-practices.html).
 * <ol>
 *   <li>A synthetic batch of 10 SQS records runs the whole request path in memory (the runtime's
 *       event deserializer, parse, validate, fingerprint, lanes and their threads, the
 *       TransactWriteItems requests built, marshalled and signed by the SDK, the outcomes mapped,
 *       the log lines, the batch response serialized), its requests stopped before transmission,
 *       and the fast path with it: a cluster client of its own learns the topology
 *       ({@code CLUSTER SLOTS}) over TLS and looks the 10 payments up (misses), then is closed.</li>
 *   <li>One real read through the network, on a client built like the function's: a GetItem of a
 *       key no payment can have ({@value #READ_KEY}) in the idempotency table, so the HTTP client's
 *       connection (and TLS handshake, on HTTPS), the response's reading and the JSON
 *       unmarshalling run too. The stack's role grants that read on that one key only.</li>
 * </ol>
 *
 * <p>What is safe before a snapshot, and why this does only that:
 * <ul>
 *   <li>No connection survives it: the read's HTTP client drops its connection when the read is
 *       done ({@link DisconnectingHttpClient}); the in-memory batch
 *       never asks DynamoDB for a connection and closes its fast path's; the production clients
 *       are not used (the function's fast path connects lazily), so their pools hold nothing and
 *       the restored environment opens its own sockets on first use.</li>
 *   <li>Nothing can be written: the in-memory batch is stopped before transmission and names
 *       tables that do not exist; its fast path only reads (an undecided payment is never cached)
 *       with a random signing key it discards; the read is a read.</li>
 *   <li>Nothing unique is baked in: the priming clients, their signed requests and their receiver
 *       are discarded; no log line or metric is emitted. {@link #afterRestore} adds fresh entropy to
 *       the generator the production receiver draws its retry jitter from, so that restored
 *       environments do not share a sequence (SecureRandom's {@code setSeed} supplements, never
 *       replaces, its seed).</li>
 * </ul>
 */
public final class RequestPathPriming implements Resource {

    /** Names no table of the stack has: a request that escaped the stop would fail, not write. */
    static final String TABLE_SUFFIX = "-snapstart-priming-never-written";
    /** The synthetic payments' transaction ids: this, then {@code -0} to {@code -9}. */
    static final String TRANSACTION_ID = "TXN-SNAPSTART-PRIMING";
    /** A batch as large as the event source sends (BatchSize 10): every lane and thread runs. */
    static final int RECORDS = 10;
    /**
     * The key the read asks for: every record the function writes is {@code PAYMENT#<transaction_id>},
     * so none has it. The role's read grant names it alone ({@code dynamodb:LeadingKeys}).
     */
    static final String READ_KEY = "SNAPSTART-PRIMING#never-written";

    private final Map<String, String> environment;
    /** The priming sends nothing to SQS: its payments are neither redelivered nor dead-lettered. */
    private static final Supplier<SqsClient> NO_SQS = () -> {
        throw new IllegalStateException("SnapStart priming sends nothing to SQS");
    };

    private final Function<ExecutionInterceptor, DynamoDbClient> clients;
    private final Optional<Function<SdkHttpClient, DynamoDbClient>> readers;
    private final Clock clock;
    private final SecureRandom random;
    private final FunctionLog log;
    private volatile Optional<Run> lastRun = Optional.empty();

    /**
     * The function's priming, on clients built as {@link PaymentAuthorizer} builds the function's:
     * the in-memory batch and the read through the network.
     *
     * @param environment the function's configuration, as the production receiver was built from
     * @param random      the generator the production receiver draws its jitter from
     * @return the priming, to run before a snapshot
     */
    public static RequestPathPriming ofFunction(Map<String, String> environment, Clock clock, SecureRandom random) {
        return onFunctionClients(environment, clock, random, Optional.of(PaymentAuthorizer::dynamoDbClient));
    }

    /**
     * The priming of before issue 24, on the function's clients: an in-memory batch of one record,
     * without the fast path, and no read through the network (the cold-start benchmark compares
     * the function's priming with it).
     *
     * @param environment the function's configuration, as the production receiver was built from
     * @param random      the generator the production receiver draws its jitter from
     * @return the priming, to run before a snapshot
     */
    public static RequestPathPriming inMemoryOnly(Map<String, String> environment, Clock clock, SecureRandom random) {
        return onFunctionClients(environment, clock, random, Optional.empty());
    }

    private static RequestPathPriming onFunctionClients(Map<String, String> environment, Clock clock, SecureRandom random,
                                                        Optional<Function<SdkHttpClient, DynamoDbClient>> readers) {
        return new RequestPathPriming(environment, PaymentAuthorizer::dynamoDbClient, readers, clock, random,
                new FunctionLog(System.out, clock, PaymentAuthorizer.SERVICE));
    }

    /**
     * @param environment           the function's configuration, as the production receiver was built from
     * @param clients     builds a client like the production one, with the given interceptor added
     * @param readers     builds a client like the production one on the given HTTP client (the
     *                    function's, which the priming drops every connection of when the read is
     *                    done), for the read through the network; empty: the priming of before
     *                    issue 24 (an in-memory batch of one record, without the fast path, and no
     *                    read), which the cold-start benchmark compares with
     * @param random      the generator the production receiver draws its jitter from
     * @param log         where a failed read is reported
     */
    RequestPathPriming(Map<String, String> environment, Function<ExecutionInterceptor, DynamoDbClient> clients,
                       Optional<Function<SdkHttpClient, DynamoDbClient>> readers, Clock clock, SecureRandom random,
                       FunctionLog log) {
        this.environment = Map.copyOf(environment);
        this.clients = Objects.requireNonNull(clients, "clients");
        this.readers = Objects.requireNonNull(readers, "readers");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.random = Objects.requireNonNull(random, "random");
        this.log = Objects.requireNonNull(log, "log");
    }

    /**
     * What one priming did.
     *
     * @param outcomes         the synthetic payments' outcomes: each a {@link Outcome.Retry} naming the stop
     * @param requestsStopped  requests the SDK marshalled and signed, stopped before transmission
     * @param operations       their operation names
     * @param read             whether the read through the network was made and answered
     * @param itemsFound       how many items it found (none can exist)
     */
    record Run(List<Outcome> outcomes, int requestsStopped, List<String> operations, boolean read, int itemsFound) {
        Run {
            outcomes = List.copyOf(outcomes);
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
        List<Outcome> outcomes;
        boolean invoke = readers.isPresent();
        try (DynamoDbClient client = clients.apply(stop)) {
            IdempotentReceiver<Payment> primed = PaymentAuthorizer.receiver(primingEnvironment(invoke),
                    client, invoke ? throwawaySigningKey() : PaymentAuthorizer.secretsManager(), NO_SQS, clock,
                    new PrintStream(OutputStream.nullOutputStream()), new SecureRandom());
            try {
                // The runtime's own (de)serializers: the first real event would otherwise load them.
                ClassLoader loader = RequestPathPriming.class.getClassLoader();
                SQSEvent event = LambdaEventSerializers.serializerFor(SQSEvent.class, loader).fromJson(event(invoke ? RECORDS : 1));
                BatchResult result = primed.decide(event, null);
                LambdaEventSerializers.serializerFor(SQSBatchResponse.class, loader)
                        .toJson(IdempotentReceiver.batchResponse(result), OutputStream.nullOutputStream());
                outcomes = result.results().stream().map(MessageResult::outcome).toList();
            } finally {
                primed.close(); // its lanes, and its fast path's connections
            }
        }
        if (readers.isEmpty()) {
            return new Run(outcomes, stop.stopped.get(), stop.operations, false, 0);
        }
        try (DisconnectingHttpClient http = new DisconnectingHttpClient(PaymentAuthorizer.httpClient().build());
             DynamoDbClient client = readers.get().apply(http)) {
            GetItemResponse read = client.getItem(request -> request
                    .tableName(environment.get(ReceiverVariables.IDEMPOTENCY_TABLE))
                    .key(Map.of(IdempotencyRecordAttributes.PK, AttributeValue.fromS(READ_KEY))));
            return new Run(outcomes, stop.stopped.get(), stop.operations, true, read.hasItem() ? 1 : 0);
        } catch (SdkException e) {
            // A warm-up, never a condition of the version: Lambda fails the publication of a version
            // whose beforeCheckpoint throws, so the snapshot is taken without the read.
            log.write(FunctionLog.Level.WARN, "SnapStart priming read failed", line -> line
                    .text("error", e instanceof AwsServiceException service ? service.awsErrorDetails().errorCode()
                            : e.getClass().getSimpleName())
                    .text("detail", "the snapshot is taken without it: the first invocation opens its own connection"));
            return new Run(outcomes, stop.stopped.get(), stop.operations, false, 0);
        }
    }

    /**
     * A signing key for the priming's own fast path, random and never kept: the synthetic payments
     * are only looked up (misses: no value is written for a payment that is not decided), so no
     * value is ever signed with it, and the function's own key is not read again.
     */
    private static SecretReader throwawaySigningKey() {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        String value = HexFormat.of().formatHex(key);
        return secretId -> value;
    }

    /** {@code count} SQS records as Lambda delivers them, each a payment on its own account. */
    private static String event(int count) {
        StringBuilder records = new StringBuilder();
        for (int i = 0; i < count; i++) {
            String message = """
                    {"headers": {"message_id": "msg-snapstart-priming-%1$d", "correlation_id": "snapstart-priming",
                                 "timestamp": "2026-01-01T00:00:00Z", "source": "snapstart-priming"},
                     "body": {"transaction_id": "%2$s-%1$d", "card_number_hash": "sha256:%3$s", "account_id": "ACC-PRIMING-%1$d",
                              "amount": 1.00, "currency": "EUR", "merchant": "priming", "merchant_category": "5411",
                              "authorization_type": "PURCHASE"}}""".formatted(i, TRANSACTION_ID, "0".repeat(64));
            records.append(i == 0 ? "" : ",").append("""
                    {"messageId": "snapstart-priming-%d", "receiptHandle": "snapstart-priming", "body": "%s",
                     "attributes": {"ApproximateReceiveCount": "1", "SentTimestamp": "1767225600000"}, "messageAttributes": {},
                     "md5OfBody": "", "eventSource": "aws:sqs", "eventSourceARN": "arn:aws:sqs:us-east-1:000000000000:priming",
                     "awsRegion": "us-east-1"}""".formatted(i, message.replace("\n", " ").replace("\"", "\\\"")));
        }
        return "{\"Records\": [" + records + "]}";
    }

    /**
     * The function's configuration without producers' signatures (their keys were read by the init;
     * the synthetic messages are not signed), on tables that do not exist, with the fast path or
     * without (the in-memory priming of before issue 24).
     */
    private Map<String, String> primingEnvironment(boolean withFastPath) {
        Map<String, String> env = new HashMap<>(environment);
        if (!withFastPath) {
            env.remove(ReceiverVariables.FAST_PATH_ENDPOINT);
        }
        env.remove(ReceiverVariables.REQUIRE_PRODUCER_SIGNATURES);
        env.remove(ReceiverVariables.PRODUCER_SIGNING_SECRETS);
        for (String table : List.of(ReceiverVariables.IDEMPOTENCY_TABLE, PaymentTables.ACCOUNTS_TABLE, PaymentTables.LEDGER_TABLE)) {
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
