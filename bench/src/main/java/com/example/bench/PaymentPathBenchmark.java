package com.example.bench;

import com.example.payment.Payment;
import com.example.payment.PaymentParser;
import com.example.payment.PaymentPosting;
import com.example.payment.PaymentTables;
import com.example.receiver.Command;
import com.example.receiver.Fingerprint;
import com.example.receiver.Outcome;
import com.example.receiver.ParseResult;
import com.example.receiver.lambda.IdempotentReceiver;
import com.example.receiver.lambda.ReceiverBuilder;
import com.example.receiver.lambda.ReceiverVariables;
import com.example.receiver.testing.ReceiverTestKit;
import com.example.receiver.testing.TestStore;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The CPU and allocation per message of the authorizer's own work, one piece at a time and
 * together, on the message of DESIGN §3. Nothing here touches the network.
 *
 * <ul>
 *   <li>{@link #parseAndValidate}: JSON to a validated {@code Command}, fingerprint included
 *       (the parser computes it while building the command);</li>
 *   <li>{@link #fingerprint}: the SHA-256 over the canonical fields alone;</li>
 *   <li>{@link #transactionItems}: the payment's write items (account update, ledger put) and the
 *       record summary, as the store asks for them;</li>
 *   <li>{@link #purePath}: the three above for one message: the project's own code;</li>
 *   <li>{@link #commitThroughTheSdk}: the DynamoDB store's commit, the one the receiver's builder
 *       wires (reached through the library's test kit, which hands a harness the store it built),
 *       i.e. the idempotency record put plus the items above in a {@code TransactWriteItemsRequest},
 *       marshalled, signed and answered by the real SDK client over {@link InMemoryTransport}. With
 *       {@link #parseAndValidate} it is all the CPU one new message costs the function outside
 *       the network and the fast path.</li>
 * </ul>
 *
 * <p>A producer's signature check is the library's own internal work: the library benches it
 * ({@code ProducerSignaturesBenchmark} in libs/receiver's tests), and {@code make bench-cpu} runs
 * both.
 *
 * <p>The commit through the SDK warms up longer: on a shared two-core machine its request
 * pipeline took the JIT about 20 s of calls to compile (3.3 ms per call in the first second,
 * 0.11 ms after 20 s, 0.07 ms after that).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 500, timeUnit = TimeUnit.MILLISECONDS)
public class PaymentPathBenchmark {

    /** The message of DESIGN §3. */
    static final String MESSAGE = """
            {"headers": {"message_id": "msg-7f3a9c21", "correlation_id": "corr-5521", "timestamp": "2026-04-07T14:32:15Z",\
             "source": "payment-network-gateway"},
             "body": {"transaction_id": "TXN-VISA-8847291",\
             "card_number_hash": "sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",\
             "account_id": "ACC-44821", "amount": 125.50, "currency": "EUR", "merchant": "Amazon.es",\
             "merchant_category": "5411", "authorization_type": "PURCHASE"}}""";

    /** An invocation without a deadline. */
    private static final Supplier<Duration> UNBOUNDED = () -> Duration.ofDays(1);

    private final PaymentParser parser = new PaymentParser();
    private final Clock clock = Clock.fixed(Instant.parse("2026-04-07T14:32:16Z"), ZoneOffset.UTC);
    private final PaymentPosting posting = new PaymentPosting(new PaymentTables("AccountsTable", "LedgerTable"), clock);
    private Command<Payment> command;
    private DynamoDbClient dynamoDb;
    private IdempotentReceiver<Payment> receiver;
    private TestStore<Payment> store;

    @Setup
    public void setUp() {
        command = valid(parser.parse(MESSAGE));
        dynamoDb = DynamoDbClient.builder()
                .httpClient(new InMemoryTransport())
                .endpointOverride(URI.create("http://127.0.0.1:8000"))
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("bench", "bench")))
                .build();
        ReceiverBuilder<Payment> builder = IdempotentReceiver.builder(parser, posting).service("bench").keyPrefix("PAYMENT")
                .keyField("transaction_id").dynamoDb(dynamoDb).clock(clock)
                .environment(Map.of(ReceiverVariables.IDEMPOTENCY_TABLE, "IdempotencyTable",
                        ReceiverVariables.IDEMPOTENCY_TTL_SECONDS, Long.toString(Duration.ofDays(7).toSeconds()),
                        ReceiverVariables.QUEUE_RETENTION_SECONDS, Long.toString(Duration.ofDays(1).toSeconds()),
                        ReceiverVariables.DEAD_LETTER_RETENTION_SECONDS, Long.toString(Duration.ofDays(1).toSeconds()),
                        ReceiverVariables.SOON_REDELIVERY, "false", ReceiverVariables.MIN_REMAINING_TIME_MS, "0"))
                .out(new PrintStream(OutputStream.nullOutputStream()));
        ReceiverTestKit.of(builder).store(built -> store = built);
        receiver = builder.build();
        if (!(store.commit(command, UNBOUNDED) instanceof Outcome.Approved)) {
            throw new IllegalStateException("the in-memory transport must answer a committed transaction");
        }
    }

    @TearDown
    public void tearDown() {
        receiver.close();
        dynamoDb.close();
    }

    @Benchmark
    public ParseResult<Payment> parseAndValidate() {
        return parser.parse(MESSAGE);
    }

    @Benchmark
    public Fingerprint fingerprint() {
        return command.payload().fingerprint();
    }

    @Benchmark
    public void transactionItems(Blackhole blackhole) {
        blackhole.consume(posting.writes(command));
        blackhole.consume(posting.summary(command));
    }

    @Benchmark
    public void purePath(Blackhole blackhole) {
        Command<Payment> parsed = valid(parser.parse(MESSAGE));
        List<TransactWriteItem> items = posting.writes(parsed);
        blackhole.consume(items);
        blackhole.consume(posting.summary(parsed));
    }

    @Benchmark
    @Warmup(iterations = 20, time = 2)
    public Outcome commitThroughTheSdk() {
        return store.commit(command, UNBOUNDED);
    }

    private static Command<Payment> valid(ParseResult<Payment> result) {
        if (result instanceof ParseResult.Valid<Payment> valid) {
            return valid.command();
        }
        throw new IllegalStateException("the benchmark message must be valid: " + result);
    }
}
