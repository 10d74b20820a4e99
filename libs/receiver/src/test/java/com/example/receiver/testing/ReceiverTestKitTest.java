package com.example.receiver.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.receiver.BatchResult;
import com.example.receiver.Command;
import com.example.receiver.Decision;
import com.example.receiver.DuplicateSource;
import com.example.receiver.Fingerprint;
import com.example.receiver.IdempotencyKey;
import com.example.receiver.MessageParser;
import com.example.receiver.MessageResult;
import com.example.receiver.Outcome;
import com.example.receiver.ParseResult;
import com.example.receiver.dynamodb.TransactionalEffect;
import com.example.receiver.fixtures.SqsEvents;
import com.example.receiver.fixtures.UnreachedEffect;
import com.example.receiver.lambda.IdempotentReceiver;
import com.example.receiver.lambda.ReceiverBuilder;
import com.example.receiver.lambda.ReceiverVariables;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The test kit reaches inside the receiver a builder wires, and only the builder it is given: its
 * store replaces the built one, its hooks see every commit's outcomes and every lookup's hits, its
 * model of the cache's nodes is what the real fast path asks. No AWS call is answered (the
 * DynamoDB client points at a closed loopback port, once, for the records table's TTL at the build).
 */
class ReceiverTestKitTest {

    private static final MessageParser<String> PARSER = body -> new ParseResult.Valid<>(new Command<>(
            new IdempotencyKey(body), Fingerprint.of(Map.of("body", body)), body, body));
    private static final String SIGNING_SECRET = "kit-fast-path-key";
    private static final String SIGNING_KEY = "a-fast-path-signing-key-of-at-least-32-bytes";

    /** The effect of the DynamoDB store the kit's store replaces: never reached. */
    private static final TransactionalEffect<String> UNREACHED = new UnreachedEffect<>();

    private final DynamoDbClient unused = DynamoDbClient.builder().region(Region.EU_WEST_1)
            .endpointOverride(URI.create("http://127.0.0.1:9")).credentialsProvider(AnonymousCredentialsProvider.create())
            .overrideConfiguration(override -> override.retryStrategy(AwsRetryStrategy.doNotRetry())).build();

    @Test
    void theKitsStore_decides_andAfterCommit_seesEachCommitsOutcomes_beforeTheReceiverAnswers() {
        // GIVEN a store of the test's own that declines NO, and a hook after every commit
        List<List<Outcome>> seen = Collections.synchronizedList(new ArrayList<>());
        ReceiverBuilder<String> builder = builder(Map.of());
        ReceiverTestKit.of(builder)
                .store(built -> (command, remaining) -> command.payload().equals("NO")
                        ? new Outcome.Declined("NOT_TODAY") : new Outcome.Approved())
                .afterCommit(seen::add);
        try (IdempotentReceiver<String> receiver = builder.build()) {
            // WHEN a batch of two keys is decided
            BatchResult result = receiver.decide(SqsEvents.of("YES", "NO"), null);
            // THEN the kit's store decided them, and the hook saw each commit's outcome
            assertEquals(List.of(new Outcome.Approved(), new Outcome.Declined("NOT_TODAY")),
                    result.results().stream().map(MessageResult::outcome).toList());
            assertEquals(2, seen.size(), seen::toString);
            assertTrue(seen.containsAll(List.of(List.of(new Outcome.Approved()), List.of(new Outcome.Declined("NOT_TODAY")))),
                    seen::toString);
        }
    }

    @Test
    void afterReport_hearsEachMessagesReportOnce_asTheBatchAnswersIt() {
        // GIVEN a store of the test's own that approves, and a hook on every message's report
        List<MessageResult> reported = Collections.synchronizedList(new ArrayList<>());
        ReceiverBuilder<String> builder = builder(Map.of());
        ReceiverTestKit.of(builder).store(built -> (command, remaining) -> new Outcome.Approved()).afterReport(reported::add);
        try (IdempotentReceiver<String> receiver = builder.build()) {
            // WHEN a batch of three, one key twice, is decided
            BatchResult first = receiver.decide(SqsEvents.of("A", "B", "A"), null);
            // THEN the hook heard each message once, in order, as the batch answered it
            assertEquals(first.results(), reported);
            // AND a second batch adds its own reports, and nothing more
            BatchResult second = receiver.decide(SqsEvents.of("C"), null);
            assertEquals(4, reported.size(), reported::toString);
            assertEquals(second.results(), reported.subList(3, 4));
        }
    }

    @Test
    void aHookRuns_beforeTheReceiverSeesTheCommitsAnswer_soWhatItThrowsReplacesTheAnswer() {
        // GIVEN a store that approves, and a hook after every commit that throws
        ReceiverBuilder<String> builder = builder(Map.of());
        ReceiverTestKit.of(builder).store(built -> (command, remaining) -> new Outcome.Approved())
                .afterCommit(outcomes -> {
                    throw new IllegalStateException("after " + outcomes);
                });
        try (IdempotentReceiver<String> receiver = builder.build()) {
            // WHEN a message is committed
            Outcome outcome = receiver.decide(SqsEvents.of("A"), null).results().get(0).outcome();
            // THEN the approval never reached the receiver: the escape is a retry, as a store's bug is
            assertTrue(outcome instanceof Outcome.Retry, outcome.toString());
        }
    }

    @Test
    void theRealFastPath_asksTheKitsNodes_andAfterLookup_seesTheHitsItHandsTheBatch() {
        // GIVEN the fast path configured, on the kit's model of one node, and a hook after every lookup
        InMemoryCacheNode node = new InMemoryCacheNode();
        List<Map<IdempotencyKey, CachedAnswer>> lookups = Collections.synchronizedList(new ArrayList<>());
        ReceiverBuilder<String> builder = builder(Map.of(ReceiverVariables.FAST_PATH_ENDPOINT, InMemoryCacheNode.NODE,
                ReceiverVariables.FAST_PATH_SIGNING_SECRET, SIGNING_SECRET));
        List<Duration> timeouts = new ArrayList<>();
        ReceiverTestKit.of(builder).store(built -> (command, remaining) -> new Outcome.Approved())
                .cacheNodes(timeout -> {
                    timeouts.add(timeout);
                    return node;
                }, Executors::newFixedThreadPool)
                .afterLookup(lookups::add);
        try (IdempotentReceiver<String> receiver = builder.build()) {
            // WHEN A is approved, then comes again in a later batch
            receiver.decide(SqsEvents.of("A"), null);
            BatchResult again = receiver.decide(SqsEvents.of("A"), null);
            // THEN the real fast path wrote A to the model and found it there: a duplicate the cache answered
            assertEquals(new Outcome.Duplicate(DuplicateSource.FAST_PATH, Decision.approved()), again.results().get(0).outcome());
            assertEquals(1, node.values().size(), node.values()::toString);
            // AND the hook saw the first lookup empty, the second with A's decision and fingerprint
            assertEquals(2, lookups.size(), lookups::toString);
            assertEquals(Map.of(), lookups.get(0));
            assertEquals(Map.of(new IdempotencyKey("A"), new CachedAnswer(Decision.approved(), Fingerprint.of(Map.of("body", "A")))),
                    lookups.get(1));
            // AND the model was connected with the fast path's read timeout (FAST_PATH_TIMEOUT_MS's default)
            assertEquals(1, timeouts.size(), timeouts::toString);
        }
    }

    private ReceiverBuilder<String> builder(Map<String, String> more) {
        Map<String, String> environment = new java.util.HashMap<>(Map.of(ReceiverVariables.IDEMPOTENCY_TABLE, "records",
                ReceiverVariables.QUEUE_RETENTION_SECONDS, "345600", ReceiverVariables.SOON_REDELIVERY, "false"));
        environment.putAll(more);
        return IdempotentReceiver.builder(PARSER, UNREACHED).service("orders").keyPrefix("ORDER").keyField("order_id")
                .environment(environment).dynamoDb(unused)
                .secrets(secretId -> secretId.equals(SIGNING_SECRET) ? SIGNING_KEY : "")
                .out(new PrintStream(OutputStream.nullOutputStream()));
    }
}
