package com.example.receiver.lambda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.example.lambdakit.telemetry.TelemetryConfig;
import com.example.receiver.MessageParser;
import com.example.receiver.dynamodb.TransactionalEffect;
import com.example.receiver.fixtures.ClosedPortDynamoDb;
import com.example.receiver.fixtures.LibraryGuide;
import com.example.receiver.fixtures.UnreachedEffect;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Every setting the receiver takes, missing or malformed, is refused by its
 * {@link ConfigurationException} naming it (the environment variable, or the builder's call) and
 * the rule, never by another exception: each builder call given null (or a blank name), each
 * variable of {@link ReceiverVariables} given a value its rule refuses. The DynamoDB client points at
 * a closed loopback port (the records table's check cannot be made there: a warning).
 */
class ConfigurationRefusalsTest {

    /** The parser of a receiver these tests never hand a message. */
    private static final MessageParser<String> PARSER = body -> {
        throw new AssertionError("no message is parsed in these tests");
    };
    private static final TransactionalEffect<String> UNREACHED = new UnreachedEffect<>();

    private final DynamoDbClient unused = ClosedPortDynamoDb.client();
    private final PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    @Test
    void eachBuilderCallGivenNull_isRefusedNamingTheCall() {
        // GIVEN each call of the builder given null, WHEN it is made THEN the refusal names it, and no NullPointerException
        Map<String, Executable> calls = new LinkedHashMap<>();
        calls.put("parser must not be null: ReceiverBuilder.builder(null)", () -> IdempotentReceiver.builder(null, UNREACHED));
        calls.put("effect must not be null: ReceiverBuilder.builder(null)", () -> IdempotentReceiver.builder(PARSER, null));
        calls.put("service must not be null: ReceiverBuilder.service(null)", () -> builder().service(null));
        calls.put("keyPrefix must not be null: ReceiverBuilder.keyPrefix(null)", () -> builder().keyPrefix(null));
        calls.put("keyField must not be null: ReceiverBuilder.keyField(null)", () -> builder().keyField(null));
        calls.put("metricsNamespace must not be null: ReceiverBuilder.metricsNamespace(null)", () -> builder().metricsNamespace(null));
        calls.put("dynamoDb must not be null: ReceiverBuilder.dynamoDb(null)", () -> builder().dynamoDb(null));
        calls.put("singleWrite must not be null: ReceiverBuilder.singleWrite(null)", () -> builder().singleWrite(null));
        calls.put("secrets must not be null: ReceiverBuilder.secrets(null)", () -> builder().secrets(null));
        calls.put("sqs must not be null: ReceiverBuilder.sqs(null)", () -> builder().sqs(null));
        calls.put("clock must not be null: ReceiverBuilder.clock(null)", () -> builder().clock(null));
        calls.put("out must not be null: ReceiverBuilder.out(null)", () -> builder().out(null));
        calls.put("random must not be null: ReceiverBuilder.random(null)", () -> builder().random(null));
        calls.put("runtime must not be null: ReceiverBuilder.runtime(null)", () -> builder().runtime(null));
        calls.put("callTimeout must not be null: ReceiverBuilder.callTimeout(null)", () -> builder().callTimeout(null));
        calls.put("soonRedeliveryWithin must not be null: ReceiverBuilder.soonRedeliveryWithin(null)",
                () -> builder().soonRedeliveryWithin(null, Duration.ofSeconds(5)));
        calls.put("environment must not be null: ReceiverBuilder.environment(null)", () -> builder().environment(null));
        calls.put("IDEMPOTENCY_TABLE must not be null: ReceiverBuilder.idempotencyTable(null)", () -> builder().idempotencyTable(null));
        calls.put("IDEMPOTENCY_TTL_SECONDS must not be null: ReceiverBuilder.recordTtl(null)", () -> builder().recordTtl(null));
        calls.put("QUEUE_RETENTION_SECONDS must not be null: ReceiverBuilder.queueRetention(null)", () -> builder().queueRetention(null));
        calls.put("DEAD_LETTER_RETENTION_SECONDS must not be null: ReceiverBuilder.deadLetterRetention(null)",
                () -> builder().deadLetterRetention(null));
        calls.put("DEAD_LETTER_QUEUE_URL must not be null: ReceiverBuilder.deadLetterQueue(null)", () -> builder().deadLetterQueue(null));
        calls.put("MIN_REMAINING_TIME_MS must not be null: ReceiverBuilder.minRemainingTime(null)", () -> builder().minRemainingTime(null));
        calls.put("MAX_MESSAGE_AGE_SECONDS must not be null: ReceiverBuilder.maxMessageAge(null)", () -> builder().maxMessageAge(null));
        assertEquals(List.copyOf(calls.keySet()), calls.values().stream().map(ConfigurationRefusalsTest::refusal).toList());
    }

    @Test
    void blankNames_aSharedKeyPrefix_andDurationsOutsideTheirCallsRule_areRefusedNamingTheCall() {
        assertEquals(List.of(
                        "service must not be blank: ReceiverBuilder.service(\" \")",
                        "keyField must not be blank: ReceiverBuilder.keyField(\"\")",
                        "metricsNamespace must not be blank: ReceiverBuilder.metricsNamespace(\"\")",
                        "keyPrefix must not be blank: ReceiverBuilder.keyPrefix(\"\")",
                        "keyPrefix must not contain '#', was \"ORDER#EU\": records' keys are <keyPrefix>#<key>, so it would"
                                + " share keys with a shorter prefix",
                        "callTimeout must be greater than zero, was PT0S",
                        "soonRedeliveryWithin must be 0 s <= min <= max <= 12 h (SQS's longest visibility timeout), was PT5S"
                                + " and PT1S"),
                List.<Executable>of(() -> builder().service(" "), () -> builder().keyField(""),
                        () -> builder().metricsNamespace(""), () -> builder().keyPrefix(""),
                        () -> builder().keyPrefix("ORDER#EU"), () -> builder().callTimeout(Duration.ZERO),
                        () -> builder().soonRedeliveryWithin(Duration.ofSeconds(5), Duration.ofSeconds(1)))
                        .stream().map(ConfigurationRefusalsTest::refusal).toList());
    }

    @Test
    void theRefusalsTheGuideQuotes_areTheOnesTheBuilderGives() {
        assertEquals(List.of(), LibraryGuide.unquoted(List.of(
                refusal(() -> builder().keyPrefix("ORDER").keyField("order_id").dynamoDb(unused).environment(environment()).build()),
                refusal(() -> builder().service(null)),
                refusal(() -> builder().keyPrefix("ORDER#EU")),
                refusal(() -> builder().service("orders").keyPrefix("ORDER").keyField("order_id").dynamoDb(unused)
                        .environment(Map.of("IDEMPOTENCY_TABLE", "orders-idempotency", "QUEUE_RETENTION_SECONDS", "345600",
                                "SOON_REDELIVERY", "false", "MAX_CONCURRENCY", "many")).build()),
                refusal(() -> builder().service("orders").keyPrefix("ORDER").keyField("order_id").dynamoDb(unused)
                        .sqs(() -> null).environment(Map.of("IDEMPOTENCY_TABLE", "orders-idempotency",
                                "QUEUE_RETENTION_SECONDS", "345600", "SOON_REDELIVERY", "false",
                                "DEAD_LETTER_AT_ONCE", "true")).build()))));
    }

    @Test
    void aNullVariableInTheEnvironment_isRefusedNamingIt() {
        Map<String, String> variables = new HashMap<>(environment());
        variables.put(ReceiverVariables.DEAD_LETTER_QUEUE_URL, null);
        assertEquals("DEAD_LETTER_QUEUE_URL must not be null: ReceiverBuilder.environment(...) was given no value for it",
                refusal(() -> builder().environment(variables)));
    }

    @Test
    void eachRequiredCall_leftOut_isRefusedAtTheBuild_namingTheCall() {
        Map<String, Function<ReceiverBuilder<String>, ReceiverBuilder<String>>> complete = Map.of(
                "service", b -> b.keyPrefix("ORDER").keyField("order_id").dynamoDb(unused),
                "keyPrefix", b -> b.service("orders").keyField("order_id").dynamoDb(unused),
                "keyField", b -> b.service("orders").keyPrefix("ORDER").dynamoDb(unused),
                "dynamoDb", b -> b.service("orders").keyPrefix("ORDER").keyField("order_id"));
        complete.forEach((call, allBut) -> assertEquals(call + " is required: ReceiverBuilder." + call + "(...) was not called",
                refusal(() -> allBut.apply(builder().environment(environment())).build())));
    }

    @Test
    void eachVariable_givenAValueItsRuleRefuses_isRefusedNamingTheVariable() {
        // GIVEN, for every variable of ReceiverVariables, a value its rule refuses (with what it needs beside it)
        String cache = "FAST_PATH_ENDPOINT=127.0.0.1:6379,FAST_PATH_SIGNING_SECRET=orders-cache-key";
        Map<String, String> malformed = new LinkedHashMap<>();
        malformed.put(ReceiverVariables.IDEMPOTENCY_TABLE, "IDEMPOTENCY_TABLE=");
        malformed.put(ReceiverVariables.IDEMPOTENCY_TTL_SECONDS, "IDEMPOTENCY_TTL_SECONDS=thirty");
        malformed.put(ReceiverVariables.QUEUE_RETENTION_SECONDS, "QUEUE_RETENTION_SECONDS=-1");
        malformed.put(ReceiverVariables.DEAD_LETTER_RETENTION_SECONDS, "DEAD_LETTER_RETENTION_SECONDS=two-weeks");
        malformed.put(ReceiverVariables.FAST_PATH_ENDPOINT, "FAST_PATH_ENDPOINT=cache.example:port,FAST_PATH_SIGNING_SECRET=k");
        malformed.put(ReceiverVariables.FAST_PATH_TLS, cache + ",FAST_PATH_TLS=yes");
        malformed.put(ReceiverVariables.FAST_PATH_CLUSTER, cache + ",FAST_PATH_CLUSTER=yes");
        malformed.put(ReceiverVariables.FAST_PATH_CA_FILE, cache + ",FAST_PATH_CA_FILE=no-such-ca.pem");
        malformed.put(ReceiverVariables.FAST_PATH_SIGNING_SECRET, "FAST_PATH_ENDPOINT=127.0.0.1:6379");
        malformed.put(ReceiverVariables.FAST_PATH_TIMEOUT_MS, cache + ",FAST_PATH_TIMEOUT_MS=fast");
        malformed.put(ReceiverVariables.FAST_PATH_CONNECT_TIMEOUT_MS, cache + ",FAST_PATH_CONNECT_TIMEOUT_MS=-5");
        malformed.put(ReceiverVariables.FAST_PATH_MAX_IDLE_MS, cache + ",FAST_PATH_MAX_IDLE_MS=350000");
        malformed.put(ReceiverVariables.FAST_PATH_TTL_SECONDS, cache + ",FAST_PATH_TTL_SECONDS=day");
        malformed.put(ReceiverVariables.MAX_CONCURRENCY, "MAX_CONCURRENCY=0");
        malformed.put(ReceiverVariables.FIRST_BATCH_LANES, "FIRST_BATCH_LANES=many");
        malformed.put(ReceiverVariables.MIN_REMAINING_TIME_MS, "MIN_REMAINING_TIME_MS=soon");
        malformed.put(ReceiverVariables.COMMIT_MODE, "COMMIT_MODE=paxos");
        malformed.put(ReceiverVariables.GROUP_COMMIT, "GROUP_COMMIT=maybe");
        malformed.put(ReceiverVariables.SOON_REDELIVERY, "SOON_REDELIVERY=maybe");
        malformed.put(ReceiverVariables.REQUIRE_PRODUCER_SIGNATURES, "REQUIRE_PRODUCER_SIGNATURES=yes");
        malformed.put(ReceiverVariables.PRODUCER_SIGNING_SECRETS, "REQUIRE_PRODUCER_SIGNATURES=true,PRODUCER_SIGNING_SECRETS=");
        malformed.put(ReceiverVariables.PRODUCER_SIGNATURE_WINDOW_SECONDS, "PRODUCER_SIGNATURE_WINDOW_SECONDS=59");
        malformed.put(ReceiverVariables.MAX_MESSAGE_AGE_SECONDS, "MAX_MESSAGE_AGE_SECONDS=60");
        malformed.put(ReceiverVariables.DEAD_LETTER_QUEUE_URL, "DEAD_LETTER_AT_ONCE=true");
        malformed.put(ReceiverVariables.DEAD_LETTER_AT_ONCE, "DEAD_LETTER_QUEUE_URL=" + DLQ + ",DEAD_LETTER_AT_ONCE=maybe");
        malformed.put(ReceiverVariables.DEAD_LETTER_QUEUE_MAX_MESSAGE_BYTES,
                "DEAD_LETTER_QUEUE_URL=" + DLQ + ",DEAD_LETTER_QUEUE_MAX_MESSAGE_BYTES=big");
        // THEN every variable the library reads has its case here
        assertEquals(new TreeSet<>(variables()), new TreeSet<>(malformed.keySet()));
        // AND the Lambda kit's variables the receiver reads at its build (its log levels) beside them
        malformed.put(TelemetryConfig.LOG_LEVEL, "LOG_LEVEL=LOUD");
        malformed.put(TelemetryConfig.LIBRARY_LOG_LEVEL, "LIBRARY_LOG_LEVEL=LOUD");
        // AND each is refused naming it, by the receiver's own exception
        Map<String, String> named = new LinkedHashMap<>();
        malformed.forEach((variable, given) -> {
            Map<String, String> variables = new HashMap<>(environment());
            Arrays.stream(given.split(",")).map(pair -> pair.split("=", 2)).forEach(pair -> variables.put(pair[0], pair[1]));
            named.put(variable, settingRefused(() -> builder().service("orders").keyPrefix("ORDER").keyField("order_id")
                    .dynamoDb(unused).out(out).sqs(() -> null).environment(variables).build()));
        });
        Map<String, String> expected = new LinkedHashMap<>();
        malformed.keySet().forEach(variable -> expected.put(variable, variable));
        assertEquals(expected, named);
    }

    @Test
    void singleWrite_withoutTheDomainsEffectOrARegion_orAnotherMode_isRefusedNamingCommitMode() {
        // GIVEN COMMIT_MODE=single-write without ReceiverBuilder.singleWrite, then without AWS_REGION, then a mode of its own
        Map<String, String> singleWrite = new HashMap<>(environment());
        singleWrite.put(ReceiverVariables.COMMIT_MODE, "single-write");
        singleWrite.put("AWS_REGION", "eu-west-1");
        Map<String, String> noRegion = new HashMap<>(singleWrite);
        noRegion.remove("AWS_REGION");
        Map<String, String> paxos = new HashMap<>(environment());
        paxos.put(ReceiverVariables.COMMIT_MODE, "paxos");
        // THEN each is refused, naming the variable and the rule
        assertEquals(List.of(
                        "COMMIT_MODE is single-write, which needs the domain's single-write effect (ReceiverBuilder.singleWrite)",
                        "COMMIT_MODE is single-write, which needs AWS_REGION: each decision and record names the Region"
                                + " that wrote it",
                        "COMMIT_MODE must be transaction or single-write, was paxos"),
                List.<Executable>of(
                        () -> builder().service("orders").keyPrefix("ORDER").keyField("order_id").dynamoDb(unused)
                                .environment(singleWrite).build(),
                        () -> builder().service("orders").keyPrefix("ORDER").keyField("order_id").dynamoDb(unused)
                                .environment(noRegion).build(),
                        () -> builder().service("orders").keyPrefix("ORDER").keyField("order_id").dynamoDb(unused)
                                .environment(paxos).build())
                        .stream().map(ConfigurationRefusalsTest::refusal).toList());
    }

    private static final String DLQ = "https://sqs.eu-west-1.amazonaws.com/123456789012/orders-dlq";

    private ReceiverBuilder<String> builder() {
        return IdempotentReceiver.builder(PARSER, UNREACHED).out(out);
    }

    private static Map<String, String> environment() {
        return Map.of("IDEMPOTENCY_TABLE", "orders-idempotency", "QUEUE_RETENTION_SECONDS", "345600",
                "SOON_REDELIVERY", "false");
    }

    /** The message of the receiver's refusal of {@code call}; any other exception fails the test. */
    private static String refusal(Executable call) {
        return assertThrows(ConfigurationException.class, call).getMessage();
    }

    /** The setting the receiver's refusal of {@code call} names, or what else it threw. */
    private static String settingRefused(Executable call) {
        try {
            call.execute();
            return "accepted";
        } catch (ConfigurationException refused) {
            return refused.setting();
        } catch (Throwable other) {
            return other.toString();
        }
    }

    /** The variables the library reads, from {@link ReceiverVariables}' constants. */
    private static List<String> variables() {
        return Arrays.stream(ReceiverVariables.class.getFields())
                .filter(field -> Modifier.isStatic(field.getModifiers()) && field.getType() == String.class)
                .map(ConfigurationRefusalsTest::value).toList();
    }

    private static String value(Field field) {
        try {
            return (String) field.get(null);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }
}
