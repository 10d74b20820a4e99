package com.example.receiver.lambda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.lambdakit.config.ConfigurationException;
import com.example.receiver.Command;
import com.example.receiver.Fingerprint;
import com.example.receiver.IdempotencyKey;
import com.example.receiver.MessageParser;
import com.example.receiver.Outcome;
import com.example.receiver.ParseResult;
import com.example.receiver.Store;
import com.example.receiver.dynamodb.EffectVerdict;
import com.example.receiver.dynamodb.TransactionalEffect;
import com.example.receiver.fixtures.SqsEvents;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The builder's wiring and refusals, with the project's own interfaces faked: no AWS call is made
 * (the DynamoDB client points at a closed loopback port and is never used). About 1 s.
 */
class IdempotentReceiverTest {

    private static final MessageParser<String> PARSER = body -> new ParseResult.Valid<>(new Command<>(
            new IdempotencyKey(body), Fingerprint.of(Map.of("body", body)), body, body));

    /** The effect of a DynamoDB store these tests replace ({@code storeAround}) or never build. */
    private static final TransactionalEffect<String> UNREACHED = new TransactionalEffect<>() {
        @Override
        public List<TransactWriteItem> writes(Command<String> command) {
            throw new AssertionError("no DynamoDB store is reached in these tests");
        }

        @Override
        public EffectVerdict onConditionFailed(int index, Map<String, AttributeValue> oldItem, Command<String> command) {
            throw new AssertionError("no DynamoDB store is reached in these tests");
        }

        @Override
        public Map<String, AttributeValue> summary(Command<String> command) {
            throw new AssertionError("no DynamoDB store is reached in these tests");
        }
    };

    private final DynamoDbClient unused = DynamoDbClient.builder().region(Region.EU_WEST_1)
            .endpointOverride(URI.create("http://127.0.0.1:9")).credentialsProvider(AnonymousCredentialsProvider.create())
            .build();
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
                .storeAround(built -> store).build()) {
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

    private IdempotentReceiver.Builder<String> builder(Map<String, String> environment) {
        return IdempotentReceiver.builder(PARSER, UNREACHED)
                .names("orders", "ORDER", "order_id")
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
