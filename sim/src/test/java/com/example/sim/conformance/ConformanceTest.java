package com.example.sim.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import com.example.receiver.testkit.Fault;
import com.example.receiver.testkit.ItemReason;
import com.example.sim.models.DynamoDbModel;
import com.example.sim.models.FlawedDynamoDbModel;
import com.example.sim.models.SdkRetries;
import com.example.sim.models.SqsMessage;
import com.example.sim.models.SqsModel;
import com.example.sim.models.World;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.retries.api.BackoffStrategy;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.Message;

/**
 * The models checked against the local AWS on the same traces, as ShardStore checks its reference
 * models (SOSP 2021): the real receiver decides each generated trace once on the local AWS (moto)
 * and once on the models, and both must give the same batch responses, the same items (records,
 * balances, ledger entries, byte for byte) and the same dead letters. What moto cannot show
 * (a redrive's new timestamps, on-demand throttling, TTL's lag) the models cite their AWS pages for.
 * {@code -Dsim.conformance.traces=N} runs more than the 100 of {@code make test}.
 */
@ExtendWith(LocalAwsExtension.class)
class ConformanceTest {

    private static final int TRACES = Integer.getInteger("sim.conformance.traces", 100);
    /** A model flaw to run the traces on ({@code -Dsim.conformance.flaw=...}), to see how conformance fails; none by default. */
    private static final FlawedDynamoDbModel.Flaw FLAW = FlawedDynamoDbModel.Flaw.valueOf(System.getProperty("sim.conformance.flaw", "NONE"));

    private final LocalAws aws;
    /** The environments' HTTP client, shared (each environment's SDK client is its own, with its own retry quota). */
    private final SdkHttpClient http;

    ConformanceTest(LocalAws aws) {
        this.aws = aws;
        this.http = UrlConnectionHttpClient.builder().tlsTrustManagersProvider(aws.trust())
                .connectionTimeout(Duration.ofSeconds(2)).socketTimeout(Duration.ofSeconds(10)).build();
    }

    @AfterEach
    void closeHttp() {
        http.close();
    }

    @Test
    void generatedTraces_giveTheSameDecisionsItemsDeadLettersAndCalls_onTheModelsAndTheLocalAws() {
        try (DynamoDbClient local = aws.dynamoDb(); SqsClient sqs = aws.sqs()) {
            int faulted = 0;
            int crashed = 0;
            for (int t = 0; t < TRACES; t++) {
                ConformanceTrace trace = ConformanceTrace.generate("C" + t + "-", t);
                faulted += trace.faults().isEmpty() ? 0 : 1;
                ConformanceRun.Observed onLocal = onLocalAws(trace, t, local, sqs);
                ConformanceRun.Observed onModels = onModels(trace, t, FLAW);
                crashed += onLocal.failures().contains(List.of("crashed")) ? 1 : 0;
                assertTrue(!onLocal.items().isEmpty(), "trace " + t + " wrote nothing");
                int seed = t;
                assertEquals(onLocal, onModels, () -> "trace " + seed + " (seed " + seed + ", faults " + trace.faults()
                        + "): the models and the local AWS differ: " + ConformanceRun.difference(onLocal, onModels));
            }
            assertTrue(faulted > 0 && crashed > 0, "traces with faults: " + faulted + ", with a crash: " + crashed);
            System.out.printf("conformance: %d traces, %d with faults, %d with a crash%n", TRACES, faulted, crashed);
        }
    }

    /** A deliberate departure from DynamoDB, each on a path the traces take, is told from the local AWS by some trace. */
    @ParameterizedTest
    @EnumSource(value = FlawedDynamoDbModel.Flaw.class, names = {"PARTIAL_TRANSACTIONS", "THROTTLED_CALLS_APPLIED", "SERVER_ERRORS_AFTER_THE_WRITE"})
    void aFlawedModel_failsConformance(FlawedDynamoDbModel.Flaw flaw) {
        // GIVEN a model that departs from DynamoDB on purpose
        try (DynamoDbClient local = aws.dynamoDb(); SqsClient sqs = aws.sqs()) {
            List<Integer> differing = new ArrayList<>();
            for (int t = 0; t < TRACES && differing.isEmpty(); t++) {
                ConformanceTrace trace = ConformanceTrace.generate("F" + flaw.ordinal() + "-" + t + "-", t);
                // WHEN a trace runs on it and on the local AWS
                if (!onLocalAws(trace, t, local, sqs).equals(onModels(trace, t, flaw))) {
                    differing.add(t);
                }
            }
            // THEN conformance tells them apart
            assertTrue(!differing.isEmpty(), "no trace told the model with " + flaw + " from the local AWS");
        }
    }

    private ConformanceRun.Observed onLocalAws(ConformanceTrace trace, int t, DynamoDbClient dynamoDb, SqsClient sqs) {
        String queue = sqs.createQueue(request -> request.queueName("sim-conformance-" + trace.prefix().replace("-", "") + t)).queueUrl();
        Function<String, List<String>> letters = url -> {
            List<String> seen = new ArrayList<>();
            for (List<Message> batch = receive(sqs, url); !batch.isEmpty(); batch = receive(sqs, url)) {
                batch.forEach(message -> seen.add(letter(message.messageAttributes().get("source_message_id").stringValue(),
                        message.messageAttributes().get("outcome").stringValue())));
            }
            return seen.stream().sorted().toList();
        };
        return ConformanceRun.run(trace, dynamoDb, new LocalSide(aws, http), sqs, queue, clock(t), letters);
    }

    private static List<Message> receive(SqsClient sqs, String url) {
        return sqs.receiveMessage(request -> request.queueUrl(url).maxNumberOfMessages(10).waitTimeSeconds(0)
                .visibilityTimeout(600).messageAttributeNames("All")).messages();
    }

    private static ConformanceRun.Observed onModels(ConformanceTrace trace, int t, FlawedDynamoDbModel.Flaw flaw) {
        Clock clock = clock(t);
        Scripted world = new Scripted(clock);
        DynamoDbModel dynamoDb = new FlawedDynamoDbModel(world, 4_000, flaw);
        dynamoDb.createTable(ConformanceRun.RECORDS, "pk", Optional.empty(), Optional.of("expiresAt"));
        dynamoDb.createTable(ConformanceRun.ACCOUNTS, "pk", Optional.empty(), Optional.empty());
        dynamoDb.createTable(ConformanceRun.LEDGER, "pk", Optional.of("sk"), Optional.empty());
        SqsModel sqs = new SqsModel(world);
        String queue = sqs.createQueue("dlq", 30, 1_209_600).url();
        Function<String, List<String>> letters = url -> sqs.queue(url).orElseThrow().messages().stream()
                .map(ConformanceTest::letter).sorted().toList();
        return ConformanceRun.run(trace, dynamoDb, world.side(dynamoDb), sqs, queue, clock, letters);
    }

    private static String letter(SqsMessage message) {
        return letter(message.attributes().get("source_message_id")[1], message.attributes().get("outcome")[1]);
    }

    private static String letter(String source, String outcome) {
        return source + " " + outcome;
    }

    private static Clock clock(int t) {
        return Clock.fixed(Instant.parse("2026-03-02T00:00:00Z").plusSeconds(3_600L * t), ZoneOffset.UTC);
    }

    /**
     * The models' world for a trace: its clock, no latency, and the trace's faults as the
     * launcher's {@code /_fault} answers them: the next N calls of the operation refused before
     * they reach the tables.
     */
    private static final class Scripted implements World {
        private final Clock clock;
        private final SplittableRandom random = new SplittableRandom(0);
        private final List<int[]> armed = new ArrayList<>();
        private final List<ConformanceTrace.TraceFault> faults = new ArrayList<>();

        Scripted(Clock clock) {
            this.clock = clock;
        }

        @Override
        public Instant instant() {
            return clock.instant();
        }

        @Override
        public SplittableRandom random() {
            return random;
        }

        @Override
        public void toService(String service, String operation) {
        }

        @Override
        public void fromService(String service, String operation) {
        }

        /**
         * The first armed fault of the call's operation, those answered before the request reaches
         * the tables first (the launcher's {@code /_fault} answers before its {@code /_reasons} runs).
         */
        @Override
        public Fault fault(String service, String operation) {
            Fault before = armedFault(operation, false);
            return before != Fault.NONE ? before : armedFault(operation, true);
        }

        private Fault armedFault(String operation, boolean atTheActions) {
            for (int f = 0; f < faults.size(); f++) {
                if (faults.get(f).operation().equals(operation) && armed.get(f)[0] > 0
                        && (faults.get(f).kind() == ConformanceTrace.FaultKind.LEDGER_THROTTLED) == atTheActions) {
                    armed.get(f)[0]--;
                    return switch (faults.get(f).kind()) {
                        case SERVER_ERROR -> Fault.SERVER_ERROR_NOT_APPLIED;
                        case THROTTLING -> Fault.REQUEST_THROTTLED;
                        case LEDGER_THROTTLED -> Fault.THROTTLE_LAST_TABLE;
                        case CRASH -> throw new IllegalStateException("a crash is the environment's, not DynamoDB's");
                    };
                }
            }
            return Fault.NONE;
        }

        /** The model's side: these faults, and environments whose client is the SDK's retries (no pauses: time stands still) over the model. */
        ConformanceRun.Side side(DynamoDbModel dynamoDb) {
            return new ConformanceRun.Side() {
                @Override
                public void arm(ConformanceTrace.TraceFault fault, String prefix) {
                    faults.add(fault);
                    armed.add(new int[] {fault.count()});
                }

                @Override
                public void clearFaults() {
                    faults.clear();
                    armed.clear();
                }

                @Override
                public DynamoDbClient environmentClient(List<String> calls) {
                    return new CallLog(new SdkRetries(dynamoDb, () -> random, pause -> { }), dynamoDb::calls, calls);
                }
            };
        }
    }

    /**
     * The local AWS's side: faults through the launcher's {@code /_fault}, and environments whose
     * client is the function's (the SDK's standard retries: 3 attempts, the same conditions), its
     * back-off cut to nothing, which changes when the attempts come and not what they meet;
     * each attempt of a write counted as it is sent.
     */
    private record LocalSide(LocalAws aws, SdkHttpClient http) implements ConformanceRun.Side {

        @Override
        public void arm(ConformanceTrace.TraceFault fault, String prefix) {
            switch (fault.kind()) {
                case SERVER_ERROR -> aws.moto().inject(Fault.internalError(fault.operation(), prefix, fault.count()));
                case THROTTLING -> aws.moto().inject(Fault.throttling(fault.operation(), prefix, fault.count()));
                case LEDGER_THROTTLED -> aws.moto().inject(ItemReason.throttled(ConformanceRun.LEDGER, prefix, fault.count()));
                case CRASH -> throw new IllegalStateException("a crash is the environment's, not DynamoDB's");
            }
        }

        @Override
        public void clearFaults() {
            aws.moto().clearFaults();
        }

        @Override
        public DynamoDbClient environmentClient(List<String> calls) {
            AtomicLong attempts = new AtomicLong();
            ExecutionInterceptor counting = new ExecutionInterceptor() {
                @Override
                public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
                    String operation = attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME);
                    if (operation.equals("PutItem") || operation.equals("TransactWriteItems")) {
                        attempts.incrementAndGet();
                    }
                }
            };
            DynamoDbClient client = DynamoDbClient.builder().endpointOverride(aws.endpoint()).region(LocalAws.REGION)
                    .credentialsProvider(LocalAws.credentials()).httpClient(http)
                    .overrideConfiguration(override -> override.retryStrategy(AwsRetryStrategy.standardRetryStrategy().toBuilder()
                                    .backoffStrategy(BackoffStrategy.retryImmediately())
                                    .throttlingBackoffStrategy(BackoffStrategy.retryImmediately()).build())
                            .addExecutionInterceptor(counting))
                    .build();
            return new CallLog(client, attempts::get, calls);
        }
    }
}
