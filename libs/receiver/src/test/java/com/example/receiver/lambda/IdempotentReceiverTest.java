package com.example.receiver.lambda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.receiver.BatchResult;
import com.example.receiver.Command;
import com.example.receiver.Fingerprint;
import com.example.receiver.IdempotencyKey;
import com.example.receiver.MessageParser;
import com.example.receiver.MessageResult;
import com.example.receiver.Outcome;
import com.example.receiver.ParseResult;
import com.example.receiver.dynamodb.TransactionalEffect;
import com.example.receiver.fixtures.ClosedPortDynamoDb;
import com.example.receiver.fixtures.SqsEvents;
import com.example.receiver.fixtures.UnreachedEffect;
import com.example.receiver.internal.Seams;
import com.example.receiver.internal.Store;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The builder's wiring and refusals, with the project's own interfaces faked: no AWS call is
 * answered (the DynamoDB client points at a closed loopback port, once, for the records table's
 * TTL at the build, a check that cannot be made and is a warning). About 2 s.
 */
class IdempotentReceiverTest {

    private static final MessageParser<String> PARSER = body -> new ParseResult.Valid<>(new Command<>(
            new IdempotencyKey(body), Fingerprint.of(Map.of("body", body)), body, body));

    /** The effect of a DynamoDB store these tests replace (the test seam) or never build. */
    private static final TransactionalEffect<String> UNREACHED = new UnreachedEffect<>();

    private final DynamoDbClient unused = ClosedPortDynamoDb.client();
    private final ByteArrayOutputStream output = new ByteArrayOutputStream();

    @Test
    void aBatch_isDecidedByTheBuiltReceiver_andAnsweredAsAPartialBatchResponse() {
        // GIVEN a receiver whose store approves every key but RETRY-ME, which it cannot decide now
        List<String> committed = Collections.synchronizedList(new ArrayList<>());
        Store<String> store = (command, remaining) -> {
            committed.add(command.payload());
            return command.payload().equals("RETRY-ME") ? new Outcome.Retry("store unavailable") : new Outcome.Approved();
        };
        try (IdempotentReceiver<String> receiver = builder(environment("SOON_REDELIVERY", "false"))
                .seams(Seams.<String>none().withStore(built -> store)).build()) {
            // WHEN a batch brings ORDER-1 twice and RETRY-ME once
            SQSEvent event = SqsEvents.of("ORDER-1", "ORDER-1", "RETRY-ME");
            SQSBatchResponse response = receiver.handle(event, null);
            // THEN only RETRY-ME is a batch item failure, ORDER-1 reached the store once
            assertEquals(List.of(event.getRecords().get(2).getMessageId()), response.getBatchItemFailures().stream()
                    .map(SQSBatchResponse.BatchItemFailure::getItemIdentifier).toList());
            assertEquals(2, committed.size(), committed::toString);
            assertTrue(committed.containsAll(List.of("ORDER-1", "RETRY-ME")), committed::toString);
        }
        // AND the lines name the service and the key field the builder was given
        String lines = output.toString(StandardCharsets.UTF_8);
        assertTrue(lines.contains("\"service\":\"orders\"") && lines.contains("\"order_id\":\"ORDER-1\""), lines);
    }

    @Test
    void decide_answersEachMessagesOutcomeAsAValue_inTheBatchsOrder() {
        Store<String> store = (command, remaining) -> command.payload().equals("NO")
                ? new Outcome.Declined("NOT_TODAY") : new Outcome.Approved();
        try (IdempotentReceiver<String> receiver = builder(environment("SOON_REDELIVERY", "false"))
                .seams(Seams.<String>none().withStore(built -> store)).build()) {
            SQSEvent event = SqsEvents.of("YES", "NO", "YES");
            BatchResult result = receiver.decide(event, null);
            assertEquals(List.of(new Outcome.Approved(), new Outcome.Declined("NOT_TODAY"), result.results().get(2).outcome()),
                    result.results().stream().map(MessageResult::outcome).toList());
            assertTrue(result.results().get(2).outcome() instanceof Outcome.Duplicate, result.toString());
            assertEquals(event.getRecords().stream().map(SQSEvent.SQSMessage::getMessageId).toList(),
                    result.results().stream().map(MessageResult::messageId).toList());
            assertEquals(List.of(), result.failedMessageIds());
        }
    }

    @Test
    void aNullContext_hasNoDeadline_soTheTimeReserveLeavesNothingUnstarted_andNoInvocationIsNamed() {
        // GIVEN a time reserve of an hour, which any Lambda invocation (15 minutes at most) is short of
        try (IdempotentReceiver<String> receiver = builder(environment("SOON_REDELIVERY", "false"))
                .minRemainingTime(java.time.Duration.ofHours(1))
                .seams(Seams.<String>none().withStore(built -> (command, remaining) -> new Outcome.Approved())).build()) {
            // WHEN a batch is decided with no context THEN it is decided, not RETRY(OUT_OF_TIME)
            assertEquals(List.of(new Outcome.Approved()), receiver.decide(SqsEvents.of("A"), null).results().stream()
                    .map(MessageResult::outcome).toList());
        }
        // AND its line names no invocation, and counts the cold start
        String line = output.toString(StandardCharsets.UTF_8).lines().filter(text -> text.contains("\"outcome\""))
                .findFirst().orElseThrow();
        assertTrue(!line.contains("function_request_id") && !line.contains("function_name")
                && line.contains("\"cold_start\":true"), line);
    }

    @Test
    void typedSettings_areTheVariablesGivenInCode_readByTheSameRules() {
        // GIVEN no environment at all, the settings given typed
        ReceiverBuilder<String> typed = IdempotentReceiver.builder(PARSER, UNREACHED)
                .service("orders").keyPrefix("ORDER").keyField("order_id").dynamoDb(unused)
                .out(new PrintStream(output, true, StandardCharsets.UTF_8))
                .idempotencyTable("orders-idempotency").queueRetention(java.time.Duration.ofDays(4))
                .soonRedelivery(false).groupCommit(true).maxConcurrency(4)
                .seams(Seams.<String>none().withStore(built -> (command, remaining) -> new Outcome.Approved()));
        try (IdempotentReceiver<String> receiver = typed.build()) {
            assertEquals(List.of(), receiver.handle(SqsEvents.of("A"), null).getBatchItemFailures());
        }
        // AND a record TTL too short for the windows is refused by the environment's rule, naming the variable
        assertEquals("IDEMPOTENCY_TTL_SECONDS", assertThrows(ConfigurationException.class,
                () -> typed.recordTtl(java.time.Duration.ofDays(1)).build()).setting());
    }

    @Test
    void aVariableGivenTypedAndInTheEnvironment_withTwoValues_isRefusedNamingIt() {
        ConfigurationException refused = assertThrows(ConfigurationException.class,
                () -> builder(environment("SOON_REDELIVERY", "false")).idempotencyTable("another-table").build());
        assertEquals("IDEMPOTENCY_TABLE", refused.setting());
        assertTrue(refused.getMessage().contains("orders-idempotency") && refused.getMessage().contains("another-table"),
                refused.getMessage());
    }

    @Test
    void aMissingService_isRefusedByTheLibrarysException_namingTheCall() {
        // GIVEN a builder given everything but its service
        ReceiverBuilder<String> noService = IdempotentReceiver.builder(PARSER, UNREACHED)
                .keyPrefix("ORDER").keyField("order_id").dynamoDb(unused).environment(environment("SOON_REDELIVERY", "false"));
        // WHEN it is built THEN the library's ConfigurationException names the call and the rule
        ConfigurationException refused = assertThrows(ConfigurationException.class, noService::build);
        assertEquals("service", refused.setting());
        assertEquals("service is required: ReceiverBuilder.service(...) was not called", refused.getMessage());
    }

    @Test
    void aMalformedVariable_isRefusedByTheLibrarysException_namingTheVariableAndTheRule() {
        ConfigurationException refused = assertThrows(ConfigurationException.class,
                () -> builder(environment("SOON_REDELIVERY", "false", ReceiverVariables.MAX_CONCURRENCY, "many")).build());
        assertEquals(ReceiverVariables.MAX_CONCURRENCY, refused.setting());
        assertEquals("must be a whole number", refused.rule());
        assertEquals("MAX_CONCURRENCY must be a whole number", refused.getMessage());
    }

    @Test
    void aTypedSettingOutsideItsVariablesRule_isRefusedByThatRule() {
        assertEquals("MAX_CONCURRENCY must be between 1 and 64, was 65", assertThrows(ConfigurationException.class,
                () -> builder(environment("SOON_REDELIVERY", "false")).maxConcurrency(65).build()).getMessage());
        assertEquals("QUEUE_RETENTION_SECONDS must be greater than zero", assertThrows(ConfigurationException.class,
                () -> builder(Map.of("IDEMPOTENCY_TABLE", "orders-idempotency", "SOON_REDELIVERY", "false"))
                        .queueRetention(java.time.Duration.ofMillis(999)).build()).getMessage());
    }

    @Test
    void aTypedDuration_givenAlsoInTheEnvironment_agreesByValue() {
        // GIVEN the queue's retention in the environment (345600 s) and the same 4 days typed: one value, accepted
        try (IdempotentReceiver<String> receiver = builder(environment("SOON_REDELIVERY", "false"))
                .queueRetention(java.time.Duration.ofDays(4))
                .seams(Seams.<String>none().withStore(built -> (command, remaining) -> new Outcome.Approved())).build()) {
            assertEquals(List.of(), receiver.handle(SqsEvents.of("A"), null).getBatchItemFailures());
        }
        // AND 5 days typed: two values, refused with both
        ConfigurationException refused = assertThrows(ConfigurationException.class,
                () -> builder(environment("SOON_REDELIVERY", "false")).queueRetention(java.time.Duration.ofDays(5)).build());
        assertEquals("QUEUE_RETENTION_SECONDS is set both in the environment (345600) and by the builder (432000): "
                + "give it one way", refused.getMessage());
    }

    @Test
    void theParser_seesTheMessagesAttributes_whenItAsksForThem() {
        List<String> tenants = Collections.synchronizedList(new ArrayList<>());
        MessageParser<String> byTenant = new MessageParser<>() {
            @Override
            public ParseResult<String> parse(String body) {
                throw new AssertionError("the receiver hands the attributes over");
            }

            @Override
            public ParseResult<String> parse(String body, Map<String, String> attributes) {
                tenants.add(attributes.getOrDefault("tenant", "none"));
                return PARSER.parse(body);
            }
        };
        try (IdempotentReceiver<String> receiver = IdempotentReceiver.builder(byTenant, UNREACHED)
                .service("orders").keyPrefix("ORDER").keyField("order_id").dynamoDb(unused)
                .environment(environment("SOON_REDELIVERY", "false"))
                .out(new PrintStream(output, true, StandardCharsets.UTF_8))
                .seams(Seams.<String>none().withStore(built -> (command, remaining) -> new Outcome.Approved())).build()) {
            SQSEvent event = SqsEvents.of("A");
            SQSEvent.MessageAttribute tenant = new SQSEvent.MessageAttribute();
            tenant.setDataType("String");
            tenant.setStringValue("acme");
            event.getRecords().get(0).setMessageAttributes(Map.of("tenant", tenant));
            receiver.handle(event, null);
        }
        assertEquals(List.of("acme"), tenants);
    }

    @Test
    void partsTheEnvironmentNeeds_butTheBuilderLacks_areRefusedByTheSettingThatNeedsThem() {
        // GIVEN no SQS client and no reader of secrets
        // WHEN soon redelivery (on by default), a dead-letter queue, the fast path or producers' signatures are on
        // THEN the build is refused, naming the setting, before anything is connected
        assertEquals("SOON_REDELIVERY", refused(environment()));
        assertEquals("DEAD_LETTER_QUEUE_URL", refused(environment("SOON_REDELIVERY", "false",
                "DEAD_LETTER_QUEUE_URL", "https://sqs.eu-west-1.amazonaws.com/123456789012/orders-dlq")));
        assertEquals("FAST_PATH_SIGNING_SECRET", refused(environment("SOON_REDELIVERY", "false",
                "FAST_PATH_ENDPOINT", "127.0.0.1:9", "FAST_PATH_SIGNING_SECRET", "orders-cache-key")));
        assertEquals("PRODUCER_SIGNING_SECRETS", refused(environment("SOON_REDELIVERY", "false",
                "REQUIRE_PRODUCER_SIGNATURES", "true", "PRODUCER_SIGNING_SECRETS", "orders-producer-key")));
    }

    private String refused(Map<String, String> environment) {
        return assertThrows(ConfigurationException.class, () -> builder(environment).build()).setting();
    }

    private ReceiverBuilder<String> builder(Map<String, String> environment) {
        return IdempotentReceiver.builder(PARSER, UNREACHED)
                .service("orders").keyPrefix("ORDER").keyField("order_id")
                .environment(environment).dynamoDb(unused)
                .out(new PrintStream(output, true, StandardCharsets.UTF_8));
    }

    private static Map<String, String> environment(String... more) {
        Map<String, String> variables = new HashMap<>(Map.of("IDEMPOTENCY_TABLE", "orders-idempotency",
                "QUEUE_RETENTION_SECONDS", "345600"));
        for (int i = 0; i < more.length; i += 2) {
            variables.put(more[i], more[i + 1]);
        }
        return variables;
    }
}
