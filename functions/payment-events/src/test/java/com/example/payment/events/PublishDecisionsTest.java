package com.example.payment.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.localaws.Accounts;
import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import com.example.localaws.downstream.Downstream;
import com.example.localaws.mapping.DynamoDbStreamsEventSourceMapping;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sqs.model.Message;

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
    private Downstream downstream;
    private Authorizer authorizer;
    private FlakyPublisher publisher;
    private StreamDeliveries deliveries;

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
        sns = aws.sns();
        publisher = new FlakyPublisher(new SnsDecisionPublisher(sns, downstream.topicArn()));
        deliveries = new StreamDeliveries(new StreamPublisher(publisher,
                new PrintStream(logs, true, StandardCharsets.UTF_8), Clock.systemUTC()));
        authorizer = new Authorizer(aws, Clock.systemUTC());
    }

    @AfterEach
    void close() {
        authorizer.close();
        downstream.close();
        sns.close();
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

        // THEN each decision is on the topic exactly once, as often as the stream delivered it
        List<Downstream.Published> published = downstream.published();
        Map<String, Integer> onTopic = countByTransaction(published);
        assertEquals(Map.of("TXN-A1", 1, "TXN-A2", 1, "TXN-A3", 1, "TXN-A4", 1, "TXN-D1", 1, "TXN-D2", 1), onTopic);
        assertEquals(deliveries.completed(), onTopic);
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
        // exactly as often as the function completed its delivery; none went to the on-failure queue
        Map<String, Integer> onTopic = countByTransaction(downstream.published());
        assertEquals(10, onTopic.size());
        assertTrue(onTopic.values().stream().allMatch(count -> count >= 1));
        assertTrue(onTopic.values().stream().anyMatch(count -> count == 2), "the crashed batch was published again");
        assertEquals(deliveries.completed(), onTopic);
        assertEquals(3, publisher.failures());
        assertEquals(List.of(), downstream.takeStreamFailures());
    }

    @Test
    void aDecisionThatNeverPublishes_goesToTheOnFailureQueueAfterBoundedRetries_andTheShardMovesOn() throws Exception {
        // GIVEN five decisions, the third of which the topic always refuses
        connect(settings(10, 2));
        for (int i = 1; i <= 5; i++) {
            assertEquals(List.of(), authorizer.deliver(Authorizer.purchase("TXN-" + i, "ACC-RICH", "1")));
        }
        publisher.alwaysFail("TXN-3");

        // WHEN the stream is drained
        assertTrue(downstream.drain(Duration.ofSeconds(30)));

        // THEN the others are on the topic once each, and TXN-3's record is named in the on-failure
        // queue (a batch of one: the failure was isolated), after 1 + 2 retries at one record
        assertEquals(Map.of("TXN-1", 1, "TXN-2", 1, "TXN-4", 1, "TXN-5", 1), countByTransaction(downstream.published()));
        List<Message> failures = downstream.takeStreamFailures();
        assertEquals(1, failures.size());
        JsonNode info = JSON.readTree(failures.get(0).body()).path("DDBStreamBatchInfo");
        assertEquals(1, info.path("batchSize").asInt());
        assertEquals(info.path("startSequenceNumber").asText(), info.path("endSequenceNumber").asText());
        assertEquals(sequenceOf("TXN-3"), info.path("startSequenceNumber").asText());
        assertEquals("RetryAttemptsExhausted",
                JSON.readTree(failures.get(0).body()).path("requestContext").path("condition").asText());
        // AND the WARN lines name the transaction's sequence, not its amount
        assertTrue(logs.toString(StandardCharsets.UTF_8).lines()
                .filter(line -> line.contains("\"WARN\"")).noneMatch(line -> line.contains("amount")));
    }

    @Test
    void ttlDeletionsPublishNothing_andADeclineDecidedAgainAfterItsRecordExpiredIsPublished() {
        // GIVEN a decline (unknown account), published once
        connect(settings(100, 3));
        assertEquals(List.of(), authorizer.deliver(Authorizer.purchase("TXN-LATE", "ACC-NOBODY", "5")));
        assertTrue(downstream.drain(Duration.ofSeconds(30)));
        // WHEN eight days later (past the 7-day record TTL, before TTL deleted it) the account
        // exists and the payment is delivered again: the expired record is replaced (a MODIFY)
        Accounts.seed(dynamoDb, List.of(new Accounts.Account("ACC-NOBODY", 10_000, "EUR", "ACTIVE")));
        try (Authorizer later = new Authorizer(aws, Clock.offset(Clock.systemUTC(), Duration.ofDays(8)))) {
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
