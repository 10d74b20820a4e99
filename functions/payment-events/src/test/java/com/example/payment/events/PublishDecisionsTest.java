package com.example.payment.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.localaws.InProcessFunction;
import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import com.example.localaws.mapping.DynamoDbStreamsEventSourceMapping;
import com.example.localpayments.Accounts;
import com.example.localpayments.downstream.Downstream;
import com.example.payment.events.replay.DecisionReplay;
import com.example.payment.events.replay.OnFailureReplay;
import com.example.payment.events.replay.BatchReport;
import com.example.payment.events.replay.ReplayCommand;
import com.example.payment.events.replay.ReplayResult;
import com.example.payment.events.replay.StreamBatchTransactions;
import com.example.payment.events.replay.ReplayWindow;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.Message;
import software.amazon.awssdk.services.sqs.model.QueueAttributeName;

/**
 * The authorizer's decisions reach the payments-authorized topic through the idempotency table's
 * stream: once per delivery the stream makes, at least once in all, never lost.
 */
@ExtendWith(LocalAwsExtension.class)
class PublishDecisionsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final LocalAws aws;
    private final ByteArrayOutputStream logs = new ByteArrayOutputStream();
    private DynamoDbClient dynamoDb;
    private SnsClient sns;
    private SqsClient sqs;
    /** The operator's, for make replay ON_FAILURE_QUEUE: its calls are recorded for make rehearse. */
    private SqsClient operator;
    private Downstream downstream;
    private Authorizer authorizer;
    private FlakyPublisher publisher;
    private StreamDeliveries deliveries;
    private InProcessFunction function;

    PublishDecisionsTest(LocalAws aws) {
        this.aws = aws;
    }

    @BeforeEach
    void emptyState() {
        aws.redis().start();
        aws.resetTables();
        dynamoDb = aws.dynamoDb();
        Accounts.seed(dynamoDb, List.of(
                new Accounts.Account("ACC-RICH", 1_000_000, "EUR", "ACTIVE"),
                new Accounts.Account("ACC-POOR", 100, "EUR", "ACTIVE")));
        downstream = Downstream.create(aws, Duration.ofSeconds(1));
        // The publisher's own clients sign as the function: its calls are recorded for make rehearse.
        function = InProcessFunction.of(aws, "PaymentEventsFunction");
        publisher = new FlakyPublisher(new SnsDecisionPublisher(function.sns(), downstream.topicArn()));
        sns = aws.sns(); // the operator's, for the replays
        sqs = aws.sqs();
        operator = aws.sqsAsOperator("replay");
        deliveries = new StreamDeliveries(new StreamPublisher(publisher,
                new SqsUnpublishableRecords(function.sqs(), downstream.unpublishableQueueUrl()),
                new PrintStream(logs, true, StandardCharsets.UTF_8), Clock.systemUTC()));
        function.initialised();
        authorizer = new Authorizer(aws, Clock.systemUTC());
    }

    @AfterEach
    void close() {
        authorizer.close();
        downstream.close();
        function.close();
        sns.close();
        sqs.close();
        operator.close();
        dynamoDb.close();
        aws.moto().clearFaults();
    }

    private void connect(DynamoDbStreamsEventSourceMapping.Settings settings) {
        Function<SQSEvent, SQSBatchResponse> acknowledgeAll =
                event -> new SQSBatchResponse(List.of());
        downstream.connect(settings, deliveries, acknowledgeAll);
    }

    private DynamoDbStreamsEventSourceMapping.Settings settings(int batchSize, int maximumRetryAttempts) {
        return new DynamoDbStreamsEventSourceMapping.Settings(batchSize, maximumRetryAttempts, true,
                downstream.streamFailuresQueueUrl());
    }

    @Test
    void everyDecisionIsPublishedOncePerStreamDelivery_andDuplicatesPublishNothing() {
        // GIVEN four approvals and two declines, each delivered three times or re-sent by its producer
        List<String> payments = List.of(
                Authorizer.purchase("TXN-A1", "ACC-RICH", "125.50"),
                Authorizer.purchase("TXN-A2", "ACC-RICH", "10"),
                Authorizer.purchase("TXN-A3", "ACC-RICH", "0.99"),
                Authorizer.purchase("TXN-A4", "ACC-POOR", "1.00"),
                Authorizer.purchase("TXN-D1", "ACC-NOBODY", "5"),
                Authorizer.purchase("TXN-D2", "ACC-POOR", "999"));
        connect(settings(100, 3));
        for (int delivery = 0; delivery < 3; delivery++) {
            assertEquals(List.of(), authorizer.deliver(payments.toArray(String[]::new)));
        }

        // WHEN the stream is drained through the publisher
        assertTrue(downstream.drain(Duration.ofSeconds(30)));

        // THEN each decision is on the topic exactly once, as often as the topic accepted it
        List<Downstream.Published> published = downstream.published();
        Map<String, Integer> onTopic = countByTransaction(published);
        assertEquals(Map.of("TXN-A1", 1, "TXN-A2", 1, "TXN-A3", 1, "TXN-A4", 1, "TXN-D1", 1, "TXN-D2", 1), onTopic);
        assertEquals(publisher.published(), onTopic);
        // AND it says what was decided, for whom and how much, with filterable attributes
        Downstream.Published a1 = only(published, "TXN-A1");
        assertEquals("PaymentAuthorized", a1.body().path("event_type").asText());
        assertEquals("ACC-RICH", a1.body().path("account_id").asText());
        assertEquals(12550, a1.body().path("amount_minor").asLong());
        assertEquals("EUR", a1.body().path("currency").asText());
        assertEquals(Map.of("event_type", "PaymentAuthorized", "decision", "APPROVED", "account", "ACC-RICH",
                "transaction_id", "TXN-A1"), a1.attributes());
        Downstream.Published d1 = only(published, "TXN-D1");
        assertEquals("PaymentDeclined", d1.body().path("event_type").asText());
        assertEquals("UNKNOWN_ACCOUNT", d1.body().path("reason").asText());
        assertEquals("INSUFFICIENT_FUNDS", only(published, "TXN-D2").body().path("reason").asText());
        // AND no card data travels with it
        assertTrue(published.stream().noneMatch(p -> p.body().toString().contains("sha256:")));
    }

    @Test
    void publishFailuresAndLostResponses_endWithEveryDecisionOnTheTopic_asOftenAsTheStreamDeliveredIt() {
        // GIVEN ten decisions, and a publisher whose first invocation crashes after publishing
        // (the batch of 4 comes again), then whose topic is unreachable for 3 publishes
        connect(settings(4, 3));
        for (int i = 1; i <= 10; i++) {
            assertEquals(List.of(), authorizer.deliver(Authorizer.purchase("TXN-" + i, "ACC-RICH", i + ".00")));
        }
        deliveries.crashAfterPublishing(1);

        // WHEN the stream is polled once (the crash), the topic fails, and the stream is drained
        assertEquals(4, downstream.pollOnce().stream().failed());
        publisher.failNext(3);
        assertTrue(downstream.drain(Duration.ofSeconds(30)));

        // THEN every decision is on the topic at least once, some twice (the crashed batch), each
        // exactly as often as the topic accepted it; none went to the on-failure queue
        Map<String, Integer> onTopic = countByTransaction(downstream.published());
        assertEquals(10, onTopic.size());
        assertTrue(onTopic.values().stream().allMatch(count -> count >= 1));
        assertTrue(onTopic.values().stream().anyMatch(count -> count == 2), "the crashed batch was published again");
        assertEquals(publisher.published(), onTopic);
        assertEquals(3, publisher.failures());
        assertEquals(List.of(), downstream.takeStreamFailures());
    }

    // The local mapping follows Lambda's documented stream rules, which these tests rely on:
    // - "Configuring partial batch response with DynamoDB and Lambda",
    //   https://docs.aws.amazon.com/lambda/latest/dg/services-ddb-batchfailurereporting.html:
    //   Lambda checkpoints at the lowest sequence number in batchItemFailures and retries every
    //   record from it; with BisectBatchOnFunctionError and ReportBatchItemFailures a partial
    //   response is "bisected at the returned sequence number" and only the remaining records are
    //   retried (not halved); the batch is halved only when the invocation fails.
    // - "Retaining discarded records for a DynamoDB event source in Lambda",
    //   https://docs.aws.amazon.com/lambda/latest/dg/services-dynamodb-errors.html: retries up to
    //   MaximumRetryAttempts (a split does not count), then the batch's metadata goes to the
    //   on-failure destination and the shard moves on past it.

    @Test
    void firstRecordThatCanNeverBePublished_isSetAside_andEveryOtherDecisionOfTheBatchReachesTheTopic() throws Exception {
        // GIVEN a stream batch headed by a decision record that can never become an event (written
        // by hand without its result summary), then five real decisions, under the template's
        // event source settings (batch 100, bisect on error, 10 retries, on-failure queue)
        connect(Downstream.streamSettings(downstream.streamFailuresQueueUrl()));
        dynamoDb.putItem(request -> request.tableName(Downstream.IDEMPOTENCY_TABLE).item(Map.of(
                "pk", AttributeValue.fromS("PAYMENT#TXN-BROKEN"),
                "status", AttributeValue.fromS("APPROVED"),
                "processedAt", AttributeValue.fromS("2026-12-03T08:00:00Z"))));
        for (int i = 1; i <= 5; i++) {
            assertEquals(List.of(), authorizer.deliver(Authorizer.purchase("TXN-" + i, "ACC-RICH", i + ".00")));
        }

        // WHEN the stream is drained
        assertTrue(downstream.drain(Duration.ofSeconds(30)));

        // THEN every other decision is on the topic, once: one invocation of the whole batch, no retry
        assertEquals(Map.of("TXN-1", 1, "TXN-2", 1, "TXN-3", 1, "TXN-4", 1, "TXN-5", 1),
                countByTransaction(downstream.published()));
        assertEquals(List.of(6), deliveries.batchSizes());
        // AND the bad record is isolated: set aside with its key and reason, not in the on-failure queue
        List<Message> setAside = downstream.takeUnpublishable();
        assertEquals(1, setAside.size());
        JsonNode record = JSON.readTree(setAside.get(0).body());
        assertEquals("PAYMENT#TXN-BROKEN", record.path("key").asText());
        assertEquals("record PAYMENT#TXN-BROKEN has no result summary", record.path("reason").asText());
        assertEquals(List.of(), downstream.takeStreamFailures());
    }

    @Test
    void recordFailingAtTheHeadOfTheBatch_isRetriedWithTheWholeBatch_neverBisected_thenTheBatchGoesToOnFailure_andTheReplayRecoversTheRest()
            throws Exception {
        // GIVEN five decisions, the first of which the topic keeps failing (not a refusal the
        // publisher could classify), and a mapping with 2 retries
        connect(settings(10, 2));
        for (int i = 1; i <= 5; i++) {
            assertEquals(List.of(), authorizer.deliver(Authorizer.purchase("TXN-" + i, "ACC-RICH", "1")));
        }
        publisher.alwaysFail("TXN-1");

        // WHEN the stream is drained
        assertTrue(downstream.drain(Duration.ofSeconds(30)));

        // THEN Lambda's rules: the batch was retried whole from TXN-1 (a partial response is not
        // halved), 1 + 2 times, and then its metadata (all five records) went to the on-failure
        // queue and the shard moved on: the four good decisions behind it were skipped with it
        assertEquals(List.of(5, 5, 5), deliveries.batchSizes());
        assertEquals(Map.of(), countByTransaction(downstream.published()));
        List<Message> failures = sqs.receiveMessage(r -> r.queueUrl(downstream.streamFailuresQueueUrl())
                .maxNumberOfMessages(10).visibilityTimeout(0)).messages();
        assertEquals(1, failures.size());
        JsonNode onFailure = JSON.readTree(failures.get(0).body());
        assertEquals("RetryAttemptsExhausted", onFailure.path("requestContext").path("condition").asText());
        assertEquals(3, onFailure.path("requestContext").path("approximateInvokeCount").asInt());
        assertEquals(5, onFailure.path("DDBStreamBatchInfo").path("batchSize").asInt());
        assertEquals(sequenceOf("TXN-1"), onFailure.path("DDBStreamBatchInfo").path("startSequenceNumber").asText());
        // AND the WARN lines name the transaction's sequence, not its amount
        assertTrue(logs.toString(StandardCharsets.UTF_8).lines()
                .filter(line -> line.contains("\"WARN\"")).noneMatch(line -> line.contains("amount")));

        // WHEN the operator replays the failure queue's batch
        ReplayResult result = new OnFailureReplay(operator, replay(), quiet()).replay(downstream.streamFailuresQueueUrl());

        // THEN the four good decisions are on the topic; TXN-1 is reported, and its batch stays in
        // the queue, visible, for the next run
        assertEquals(new ReplayResult(5, 4, result.failed()), result);
        assertEquals(1, result.failed().size());
        assertTrue(result.failed().get(0).startsWith("PAYMENT#TXN-1: "), result.failed().toString());
        assertEquals(Map.of("TXN-2", 1, "TXN-3", 1, "TXN-4", 1, "TXN-5", 1), countByTransaction(downstream.published()));
        assertEquals("1", sqs.getQueueAttributes(r -> r.queueUrl(downstream.streamFailuresQueueUrl())
                .attributeNames(QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES)).attributes()
                .get(QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES));
    }

    @Test
    void snsOutageLongerThanTheRetries_skipsTheBatch_andTheReplayOfItsWindowPublishesEveryDecision() {
        // GIVEN six decisions taken while the topic is down, under the template's settings
        connect(Downstream.streamSettings(downstream.streamFailuresQueueUrl()));
        Instant from = Instant.now().minusSeconds(1);
        for (int i = 1; i <= 6; i++) {
            assertEquals(List.of(), authorizer.deliver(Authorizer.purchase("TXN-" + i, "ACC-RICH", i + ".10")));
        }
        publisher.startOutage();

        // WHEN the stream is drained (the outage outlasts the 10 retries), and then the topic is back
        assertTrue(downstream.drain(Duration.ofSeconds(30)));
        assertEquals(11, deliveries.batchSizes().size());
        assertEquals(1, downstream.takeStreamFailures().size());
        assertEquals(Map.of(), countByTransaction(downstream.published()));
        publisher.endOutage();

        // AND the operator replays the outage's window (what make replay FROM=... TO=... runs)
        ReplayResult result = new DecisionReplay(dynamoDb, Downstream.IDEMPOTENCY_TABLE,
                new SnsDecisionPublisher(sns, downstream.topicArn()), new PrintStream(logs, true, StandardCharsets.UTF_8))
                .replay(new ReplayWindow(from, Instant.now().plusSeconds(1)));

        // THEN every decision is on the topic, each at least once
        assertEquals(new ReplayResult(6, 6, List.of()), result);
        assertEquals(Set.of("TXN-1", "TXN-2", "TXN-3", "TXN-4", "TXN-5", "TXN-6"),
                countByTransaction(downstream.published()).keySet());
    }

    @Test
    void replayFromTheOnFailureQueue_publishesTheSkippedBatch_andEmptiesTheQueue() {
        // GIVEN a batch skipped to the on-failure queue during an outage
        connect(settings(100, 1));
        for (int i = 1; i <= 4; i++) {
            assertEquals(List.of(), authorizer.deliver(Authorizer.purchase("TXN-" + i, "ACC-RICH", "2")));
        }
        publisher.startOutage();
        assertTrue(downstream.drain(Duration.ofSeconds(30)));
        publisher.endOutage();

        // WHEN the operator replays from the on-failure queue (make replay ON_FAILURE_QUEUE=...)
        DecisionReplay replay = new DecisionReplay(dynamoDb, Downstream.IDEMPOTENCY_TABLE,
                new SnsDecisionPublisher(sns, downstream.topicArn()), new PrintStream(logs, true, StandardCharsets.UTF_8));
        ReplayResult result = new OnFailureReplay(operator, replay, quiet()).replay(downstream.streamFailuresQueueUrl());

        // THEN the batch's four decisions are on the topic, and the queue is empty
        assertEquals(4, result.published());
        assertTrue(result.complete());
        assertEquals(Set.of("TXN-1", "TXN-2", "TXN-3", "TXN-4"), countByTransaction(downstream.published()).keySet());
        assertEquals(List.of(), downstream.takeStreamFailures());
    }

    @Test
    void replayOfTheFailureQueueDuringTheOutage_leavesItsBatchVisible_andTheRunAfterTheFixPublishesWhatTheFirstCouldNot() {
        // GIVEN an approval published before the outage, then a batch of three approvals skipped to the failure
        // queue while the topic is down
        connect(settings(100, 1));
        assertEquals(List.of(), authorizer.deliver(Authorizer.purchase("TXN-0", "ACC-RICH", "3")));
        assertTrue(downstream.drain(Duration.ofSeconds(30)));
        assertEquals(Map.of("TXN-0", 1), countByTransaction(downstream.published()));
        for (int i = 1; i <= 3; i++) {
            assertEquals(List.of(), authorizer.deliver(Authorizer.purchase("TXN-" + i, "ACC-RICH", "3")));
        }
        publisher.startOutage();
        assertTrue(downstream.drain(Duration.ofSeconds(30)));

        // WHEN the operator runs the replay (make replay ON_FAILURE_QUEUE=...) before the cause is fixed
        try (DynamoDbStreamsClient streams = aws.dynamoDbStreams()) {
            OnFailureReplay.Run first = new OnFailureReplay(operator, replay(), new StreamBatchTransactions(streams), quiet())
                    .run(downstream.streamFailuresQueueUrl());

            // THEN it publishes nothing and says so: each decision of its window named (the approval before the
            // outage too: the window reaches 5 minutes before the batch), the batch left in the queue
            assertEquals(new ReplayResult(4, 0, first.total().failed()), first.total());
            assertEquals(4, first.total().failed().size());
            assertTrue(logs.toString(StandardCharsets.UTF_8).contains("left in the failure queue"), logs.toString(StandardCharsets.UTF_8));
            // AND the batch's message is visible at once, not hidden from the next run
            assertEquals("1", sqs.getQueueAttributes(r -> r.queueUrl(downstream.streamFailuresQueueUrl())
                    .attributeNames(QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES)).attributes()
                    .get(QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES));

            // WHEN the topic is back and the operator runs the same command again
            publisher.endOutage();
            OnFailureReplay.Run second = new OnFailureReplay(operator, replay(), new StreamBatchTransactions(streams), quiet())
                    .run(downstream.streamFailuresQueueUrl());

            // THEN the second run publishes what the first could not, each approval of the batch once, and empties
            // the queue
            assertEquals(new ReplayResult(4, 4, List.of()), second.total());
            assertEquals(Map.of("TXN-0", 2, "TXN-1", 1, "TXN-2", 1, "TXN-3", 1), countByTransaction(downstream.published()));
            assertEquals(List.of(), downstream.takeStreamFailures());
            // AND it says what it did: the batch held TXN-1..3, published for the first time; TXN-0, decided in the
            // window's margin before the batch, was published before and again now
            assertEquals(1, second.batches().size(), second.batches()::toString);
            BatchReport batch = second.batches().get(0);
            assertTrue(batch.coveredKnown(), batch::toString);
            assertEquals(List.of("TXN-1", "TXN-2", "TXN-3"), batch.covered().stream().sorted().toList(), batch::toString);
            assertEquals(List.of("TXN-1", "TXN-2", "TXN-3"), batch.publishedFirstTime().stream().sorted().toList(), batch::toString);
            assertEquals(List.of("TXN-0"), batch.publishedAgain(), batch::toString);
            assertEquals(List.of(), batch.failed(), batch::toString);
        }
        // AND what make replay prints says the same, on one JSON line
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        ReplayCommand.print(new ReplayResult(4, 4, List.of()), List.of(new BatchReport(List.of("m-1"),
                new ReplayWindow(Instant.parse("2026-12-03T08:00:00Z"), Instant.parse("2026-12-03T08:10:00Z")), true,
                List.of("TXN-1"), List.of("TXN-1"), List.of("TXN-0"), List.of())), new PrintStream(printed, true, StandardCharsets.UTF_8));
        assertEquals("{\"found\":4,\"published\":4,\"failed\":[],\"batches\":[{\"messages\":[\"m-1\"],\"window\":{\"from\":"
                + "\"2026-12-03T08:00:00Z\",\"to\":\"2026-12-03T08:10:00Z\"},\"coveredKnown\":true,\"covered\":[\"TXN-1\"],"
                + "\"publishedFirstTime\":[\"TXN-1\"],\"publishedAgain\":[\"TXN-0\"],\"failed\":[]}]}\n",
                printed.toString(StandardCharsets.UTF_8));
    }

    @Test
    void ttlDeletionsPublishNothing_andADeclineDecidedAgainAfterItsRecordExpiredIsPublished() {
        // GIVEN a decline (unknown account), published once
        connect(settings(100, 3));
        assertEquals(List.of(), authorizer.deliver(Authorizer.purchase("TXN-LATE", "ACC-NOBODY", "5")));
        assertTrue(downstream.drain(Duration.ofSeconds(30)));
        // WHEN 31 days later (past the template's 30-day record TTL, before TTL deleted it) the account
        // exists and the payment is delivered again: the expired record is replaced (a MODIFY)
        Accounts.seed(dynamoDb, List.of(new Accounts.Account("ACC-NOBODY", 10_000, "EUR", "ACTIVE")));
        try (Authorizer later = new Authorizer(aws, Clock.offset(Clock.systemUTC(), Duration.ofDays(31)))) {
            assertEquals(List.of(), later.deliver(Authorizer.purchase("TXN-LATE", "ACC-NOBODY", "5")));
        }
        // AND then TTL deletes the record (a REMOVE)
        dynamoDb.deleteItem(request -> request.tableName(Downstream.IDEMPOTENCY_TABLE)
                .key(Map.of("pk", AttributeValue.fromS("PAYMENT#TXN-LATE"))));
        assertTrue(downstream.drain(Duration.ofSeconds(30)));

        // THEN the topic carries the decline and then the new approval, and nothing for the deletion
        List<String> decisions = downstream.published().stream().map(p -> p.body().path("decision").asText()).toList();
        assertEquals(List.of("DECLINED", "APPROVED"), decisions);
    }

    /** The replay as make replay runs it, through the same (still failing for TXN-1) publisher. */
    private DecisionReplay replay() {
        return new DecisionReplay(dynamoDb, Downstream.IDEMPOTENCY_TABLE, publisher, quiet());
    }

    private PrintStream quiet() {
        return new PrintStream(logs, true, StandardCharsets.UTF_8);
    }

    /** The sequence number the WARN lines give for the record of {@code transactionId}. */
    private String sequenceOf(String transactionId) throws IOException {
        String line = logs.toString(StandardCharsets.UTF_8).lines()
                .filter(l -> l.contains("\"WARN\"") && l.contains("\"txn_id\":\"" + transactionId + "\""))
                .findFirst().orElseThrow();
        return JSON.readTree(line).path("sequence").asText();
    }

    private static Map<String, Integer> countByTransaction(List<Downstream.Published> published) {
        return published.stream().collect(Collectors.toMap(Downstream.Published::transactionId, p -> 1, Integer::sum, TreeMap::new));
    }

    private static Downstream.Published only(List<Downstream.Published> published, String transactionId) {
        List<Downstream.Published> matching = published.stream().filter(p -> p.transactionId().equals(transactionId)).toList();
        assertEquals(1, matching.size(), transactionId);
        return matching.get(0);
    }
}
