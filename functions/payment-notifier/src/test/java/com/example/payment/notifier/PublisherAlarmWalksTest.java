package com.example.payment.notifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.example.lambdafakes.LambdaContext;
import com.example.lambdakit.telemetry.TelemetryConfig;
import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import com.example.localaws.ProjectRoot;
import com.example.localaws.observability.FunctionOutput;
import com.example.localaws.observability.MetricSamples;
import com.example.localaws.observability.TemplateAlarm;
import com.example.localpayments.Accounts;
import com.example.localpayments.ReceiverEnvironment;
import com.example.localpayments.downstream.Downstream;
import com.example.payment.PaymentTables;
import com.example.payment.authorizer.PaymentAuthorizer;
import com.example.payment.authorizer.PaymentAuthorizerHandler;
import com.example.payment.events.PaymentEventsHandler;
import com.example.payment.events.SnsDecisionPublisher;
import com.example.payment.events.SqsUnpublishableRecords;
import com.example.payment.events.StreamPublisher;
import com.example.receiver.testkit.AwsTime;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.QueueAttributeName;

/**
 * The runbook entries (docs/deploy.md) of the payment-events publisher's alarms, walked on the
 * local AWS from the fault to the recovery, every piece real: the authorizer decides payments,
 * the idempotency table's stream feeds the publisher under the template's event source settings,
 * the topic fans out to the notifier, which calls the push API. The alarms are evaluated as
 * template.yaml defines them ({@link TemplateAlarm}) on metrics AWS computes, derived from what
 * the local AWS shows at their real values (docs/architecture.md, "The runbook walked"):
 * <ul>
 *   <li>{@code IteratorAge}: "the age of the last record in the event", the time the event source
 *       mapping sends the batch minus the record's arrival in the stream
 *       ({@code ApproximateCreationDateTime}), on AWS's time ("Types of metrics for Lambda
 *       functions", AWS Lambda Developer Guide,
 *       https://docs.aws.amazon.com/lambda/latest/dg/monitoring-metrics-types.html);</li>
 *   <li>{@code ApproximateNumberOfMessagesVisible}: the queue's own attribute, as SQS answers it.</li>
 * </ul>
 */
@ExtendWith(LocalAwsExtension.class)
class PublisherAlarmWalksTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration PERIOD = Duration.ofMinutes(5);

    private final LocalAws aws;
    private final ByteArrayOutputStream output = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(output, true, StandardCharsets.UTF_8);
    private DynamoDbClient dynamoDb;
    private SnsClient sns;
    private SqsClient sqs;
    private Downstream downstream;
    private AwsTime time;
    private PaymentAuthorizerHandler authorizer;
    private final MetricSamples iteratorAge = new MetricSamples();
    private TemplateAlarm iteratorAgeAlarm;
    /** What AWS's time had skipped when each record was written, by key. */
    private final Map<String, Duration> skippedAtWrite = new HashMap<>();

    PublisherAlarmWalksTest(LocalAws aws) {
        this.aws = aws;
    }

    @BeforeEach
    void pipeline() {
        aws.redis().start();
        aws.resetTables();
        dynamoDb = aws.dynamoDb();
        sns = aws.sns();
        sqs = aws.sqs();
        time = aws.awsTime();
        Accounts.seed(dynamoDb, List.of(new Accounts.Account("ACC-RICH", 10_000_000, "EUR", "ACTIVE")));
        downstream = Downstream.create(aws, Duration.ofSeconds(1));
        iteratorAgeAlarm = alarm("PaymentEventsIteratorAgeAlarm");
        Map<String, String> env = new HashMap<>(ReceiverEnvironment.idempotencyStore(Downstream.IDEMPOTENCY_TABLE));
        env.put(PaymentTables.ACCOUNTS_TABLE, "AccountsTable");
        env.put(PaymentTables.LEDGER_TABLE, "LedgerTable");
        env.put(TelemetryConfig.METRICS_NAMESPACE, "Payments");
        authorizer = new PaymentAuthorizerHandler(PaymentAuthorizer.create(env, dynamoDb, time.clock(), out));
        PaymentEventsHandler publisher = new PaymentEventsHandler(new StreamPublisher(
                new SnsDecisionPublisher(sns, downstream.topicArn()),
                new SqsUnpublishableRecords(sqs, downstream.unpublishableQueueUrl()), out, time.clock()));
        // The notifier signs its requests on the real time: the push API is not AWS, its clock (and
        // the 300 s it allows a signature) does not move with AWS's.
        PaymentNotifierHandler notifier = new PaymentNotifierHandler(PaymentNotifier.create(downstream.notifierEnvironment(),
                dynamoDb, sqs, aws::secretString, out, java.time.Clock.systemUTC()));
        downstream.connect(event -> published(publisher, event),
                event -> notifier.handleRequest(event, LambdaContext.startingNow("payment-notifier", Duration.ofSeconds(30))));
    }

    @AfterEach
    void close() {
        downstream.close();
        time.close();
        sns.close();
        sqs.close();
        dynamoDb.close();
    }

    @Test
    void iteratorAge_theTopicGoneForSixteenMinutes_firesOverFiveMinutesBehind_andOnceItIsBackTheSourceCatchesUpByItself() {
        // GIVEN three approvals in the stream, and the topic gone (deleted) before the publisher reads them
        decide("TXN-IA-1", "TXN-IA-2", "TXN-IA-3");
        downstream.topicGone();
        // WHEN the event source retries the batch every 2 minutes of AWS's time for 16 minutes
        // (9 attempts; the template retries until the batch's records are 12 h old)
        for (int attempt = 0; attempt < 9; attempt++, time.advance(Duration.ofMinutes(2))) {
            downstream.pollOnce();
        }
        // THEN the publisher fell over 5 minutes behind the stream in three 5-minute periods: the alarm fires
        TemplateAlarm.Evaluation fired = iteratorAgeAlarm.evaluate(iteratorAge, time.clock().instant().minus(Duration.ofMinutes(2)));
        assertTrue(fired.alarm(), fired::toString);
        // AND the entry's How to see it: WARN lines "publish failed" naming the sequence number and
        // SNS's error, no decision published
        List<JsonNode> failed = lines("publish failed");
        assertEquals(9, failed.size());
        failed.forEach(line -> assertTrue(line.path("error").asText().contains("NotFound")
                && !line.path("sequence").asText().isEmpty(), line::toString));
        assertEquals(0, sum("Published"));

        // WHEN the cause is fixed with the entry's commands (the topic made again under its name, with the stack's
        // key, and its notifications subscription), and the source polls on
        RunbookCommands entry = RunbookCommands.of(aws, "payment-events-iterator-age", Map.of(
                "PaymentsAuthorizedTopicArn", downstream.topicArn(),
                "NotificationsQueueArn", downstream.notificationsQueueArn(),
                "PaymentsKeyArn", "arn:aws:kms:us-east-1:123456789012:key/11111111-2222-3333-4444-555555555555"));
        assertEquals(downstream.topicArn(), entry.run("create-topic", Map.of()).path("TopicArn").asText());
        assertTrue(entry.run("subscribe", Map.of()).path("SubscriptionArn").asText().startsWith(downstream.topicArn()));
        downstream.auditSubscribedAgain();
        assertTrue(downstream.drain(Duration.ofSeconds(30)));
        // THEN it caught up by itself: each decision published and notified once; the failure queue is empty
        assertEquals(List.of("TXN-IA-1", "TXN-IA-2", "TXN-IA-3"),
                downstream.published().stream().map(Downstream.Published::transactionId).sorted().toList());
        assertEquals(3, downstream.delivered());
        assertEquals(3, sum("Delivered"));
        assertEquals(List.of(), downstream.takeStreamFailures());
        // AND as decisions go on, each published at once, the iterator age falls under 5 minutes and the alarm clears
        for (int period = 0; period < 3; period++) {
            time.advance(PERIOD);
            decide("TXN-IA-LATER-" + period);
            assertTrue(downstream.drain(Duration.ofSeconds(30)));
        }
        assertFalse(iteratorAgeAlarm.evaluate(iteratorAge, time.clock().instant()).alarm());
        assertEquals(6, downstream.delivered());
    }

    @Test
    void unpublishable_aRecordEditedByHand_isSetAside_firesAtTheFirst_andTheCorrectedRecordIsPublishedAndNotifiedOnce() throws IOException {
        TemplateAlarm alarm = alarm("PaymentEventsUnpublishableAlarm");
        MetricSamples visible = new MetricSamples();
        // GIVEN two approvals published and notified
        decide("TXN-UP-1", "TXN-UP-2");
        assertTrue(downstream.drain(Duration.ofSeconds(30)));
        // AND its record's good version kept (as point-in-time recovery keeps it), as get-item prints it
        RunbookCommands entry = RunbookCommands.of(aws, "payment-events-unpublishable", Map.of(
                "PaymentEventsUnpublishableQueueUrl", downstream.unpublishableQueueUrl(),
                "IdempotencyTableName", Downstream.IDEMPOTENCY_TABLE));
        Path goodVersion = Files.createTempFile("record", ".json");
        Files.writeString(goodVersion, entry.run("get-item", Map.of("key", "PAYMENT#TXN-UP-2")).path("Item").toString());
        // AND one of them edited by hand: its result summary removed (a MODIFY the publisher cannot
        // make a decision event of)
        Map<String, AttributeValue> decided = record("PAYMENT#TXN-UP-2");
        Map<String, AttributeValue> edited = new HashMap<>(decided);
        edited.remove("result");
        dynamoDb.putItem(request -> request.tableName(Downstream.IDEMPOTENCY_TABLE).item(edited));
        // WHEN the stream is drained
        assertTrue(downstream.drain(Duration.ofSeconds(30)));
        // THEN the record is set aside: the queue holds one message, the alarm fires at once
        visible.add(alarm.metric(), time.clock().instant(), visibleMessages());
        assertTrue(alarm.evaluate(visible, time.clock().instant()).alarm());

        // WHEN the on-call engineer runs the entry's commands as written (the AWS CLI against the
        // local AWS): the queue read (hidden 60 s), then the record by the key its body names
        JsonNode read = entry.run("receive-message", Map.of());
        assertEquals(1, read.size(), read::toString);
        JsonNode setAside = JSON.readTree(read.get(0).path("record").asText());
        // THEN it names the record's key and why; the record by that key has no result summary
        assertEquals("PAYMENT#TXN-UP-2", setAside.path("key").asText());
        assertEquals("record PAYMENT#TXN-UP-2 has no result summary", setAside.path("reason").asText());
        JsonNode stored = entry.run("get-item", Map.of("key", setAside.path("key").asText())).path("Item");
        assertEquals("APPROVED", stored.path("status").path("S").asText(), stored::toString);
        assertFalse(stored.has("result"), stored::toString);

        // WHEN the record is fixed there with the entry's command (its good version written again whole: a
        // MODIFY), and the message deleted with the handle the read gave
        assertEquals(null, entry.run("put-item", Map.of("record file", goodVersion.toString())));
        assertEquals(decided, record("PAYMENT#TXN-UP-2"));
        assertTrue(downstream.drain(Duration.ofSeconds(30)));
        assertEquals(null, entry.run("delete-message", Map.of("handle", read.get(0).path("handle").asText())));
        time.advance(PERIOD);
        visible.add(alarm.metric(), time.clock().instant(), visibleMessages());
        // THEN the corrected decision is published (the publisher's line names its key), the queue
        // is empty and the alarm clears
        assertEquals(2, lines("PaymentAuthorized").stream().filter(line -> line.path("txn_id").asText().equals("TXN-UP-2")).count());
        assertEquals(2, downstream.published().stream().filter(p -> p.transactionId().equals("TXN-UP-2")).count());
        assertEquals(0, visibleMessages() + inFlight());
        assertFalse(alarm.evaluate(visible, time.clock().instant()).alarm());
        // AND each approval was notified once: the corrected decision's event answered from the
        // notifier's record (Replayed), not pushed again
        assertEquals(2, downstream.delivered());
        assertEquals(2, sum("Delivered"));
        assertEquals(1, sum("Replayed"));
    }

    /**
     * Invokes the publisher, first noting the IteratorAge Lambda would report for the batch. The
     * local stream stamps a record's {@code ApproximateCreationDateTime} on the real clock, which
     * {@link AwsTime} does not move: on AWS's time the record arrived at that stamp plus what had
     * been skipped when it was written.
     */
    private StreamsEventResponse published(PaymentEventsHandler publisher, DynamodbEvent event) {
        List<DynamodbEvent.DynamodbStreamRecord> records = event.getRecords();
        DynamodbEvent.DynamodbStreamRecord last = records.get(records.size() - 1);
        Instant arrived = last.getDynamodb().getApproximateCreationDateTime().toInstant()
                .plus(skippedAtWrite.getOrDefault(last.getDynamodb().getKeys().get("pk").getS(), time.skipped()));
        Instant sent = time.clock().instant();
        iteratorAge.add(iteratorAgeAlarm.metric(), sent, Duration.between(arrived, sent).toMillis());
        return publisher.handleRequest(event, null);
    }

    private void decide(String... transactions) {
        List<SQSEvent.SQSMessage> records = new ArrayList<>();
        for (String txn : transactions) {
            skippedAtWrite.put("PAYMENT#" + txn, time.skipped());
            records.add(NotifierRig.message(UUID.randomUUID().toString(), purchase(txn)));
        }
        SQSEvent event = new SQSEvent();
        event.setRecords(records);
        assertEquals(List.of(), authorizer.handleRequest(event, null).getBatchItemFailures());
    }

    private Map<String, AttributeValue> record(String key) {
        return dynamoDb.getItem(request -> request.tableName(Downstream.IDEMPOTENCY_TABLE)
                .key(Map.of("pk", AttributeValue.fromS(key))).consistentRead(true)).item();
    }

    private int visibleMessages() {
        return Integer.parseInt(queueAttribute(QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES));
    }

    private int inFlight() {
        return Integer.parseInt(queueAttribute(QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES_NOT_VISIBLE));
    }

    private String queueAttribute(QueueAttributeName name) {
        return sqs.getQueueAttributes(request -> request.queueUrl(downstream.unpublishableQueueUrl()).attributeNames(name))
                .attributes().get(name);
    }

    /** The publisher's log lines whose {@code event} is {@code event}. */
    private List<JsonNode> lines(String event) {
        return FunctionOutput.parse(output.toByteArray()).logs().stream().filter(line -> line.path("event").asText().equals(event)).toList();
    }

    private long sum(String metric) {
        return FunctionOutput.parse(output.toByteArray()).emf().stream().mapToLong(line -> line.path(metric).asLong(0)).sum();
    }

    private static TemplateAlarm alarm(String logicalId) {
        return TemplateAlarm.read(ProjectRoot.find().resolve("template.yaml"), logicalId);
    }

    private static String purchase(String txn) {
        return JSON.createObjectNode().<com.fasterxml.jackson.databind.node.ObjectNode>set("headers", JSON.createObjectNode()
                        .put("message_id", "msg-" + UUID.randomUUID()).put("correlation_id", "corr-" + txn)
                        .put("timestamp", "2026-04-07T14:32:15Z").put("source", "payment-network-gateway"))
                .<com.fasterxml.jackson.databind.node.ObjectNode>set("body", JSON.createObjectNode().put("transaction_id", txn)
                        .put("card_number_hash", "sha256:" + "ab".repeat(32)).put("account_id", "ACC-RICH")
                        .put("amount", 10).put("currency", "EUR").put("merchant", "Amazon.es")
                        .put("merchant_category", "5411").put("authorization_type", "PURCHASE"))
                .toString();
    }
}
