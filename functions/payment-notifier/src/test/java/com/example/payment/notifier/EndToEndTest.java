package com.example.payment.notifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.lambdafakes.LambdaContext;
import com.example.lambdakit.telemetry.TelemetryConfig;
import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import com.example.localaws.observability.FunctionOutput;
import com.example.localpayments.Accounts;
import com.example.localpayments.ReceiverEnvironment;
import com.example.localpayments.downstream.Downstream;
import com.example.payment.Payment;
import com.example.payment.PaymentTables;
import com.example.payment.authorizer.PaymentAuthorizer;
import com.example.payment.authorizer.PaymentAuthorizerHandler;
import com.example.payment.events.PaymentEventsHandler;
import com.example.payment.events.SnsDecisionPublisher;
import com.example.payment.events.SqsUnpublishableRecords;
import com.example.payment.events.StreamPublisher;
import com.example.receiver.lambda.IdempotentReceiver;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * Payments to push notifications, every piece real and local: the authorizer (in process) writes
 * the idempotency table, its stream feeds the publisher, SNS fans out to the notifications queue,
 * the notifier calls the push API. What the three functions write is checked too: every line
 * JSON, every EMF line valid, their counts matching what happened, and no card data anywhere,
 * no amount in a WARN or ERROR line.
 */
@ExtendWith(LocalAwsExtension.class)
class EndToEndTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final LocalAws aws;
    /** What the three functions write to stdout, one println per line. */
    private final ByteArrayOutputStream output = new ByteArrayOutputStream();
    private final PrintStream functionsOut = new PrintStream(output, true, StandardCharsets.UTF_8);

    EndToEndTest(LocalAws aws) {
        this.aws = aws;
    }

    @Test
    void notificationsDelivered_equalUniqueApprovedPayments_despiteDuplicatesAndFaults() throws Exception {
        aws.redis().start();
        aws.resetTables();
        aws.redis().flushAll();
        try (DynamoDbClient dynamoDb = aws.dynamoDb();
             SnsClient sns = aws.sns();
             SqsClient sqs = aws.sqs();
             Downstream downstream = Downstream.create(aws, Duration.ofSeconds(1))) {
            // GIVEN two accounts, 30 payments that can be approved and 10 that will be declined
            Accounts.seed(dynamoDb, List.of(new Accounts.Account("ACC-RICH", 10_000_000, "EUR", "ACTIVE"),
                    new Accounts.Account("ACC-POOR", 100, "EUR", "ACTIVE")));
            Set<String> approvable = new TreeSet<>();
            List<String> messages = new ArrayList<>();
            for (int i = 1; i <= 30; i++) {
                approvable.add("TXN-OK-" + i);
                messages.add(purchase("TXN-OK-" + i, "ACC-RICH", i + ".25"));
            }
            for (int i = 1; i <= 5; i++) {
                messages.add(purchase("TXN-NOACC-" + i, "ACC-NOBODY", "1"));
                messages.add(purchase("TXN-POOR-" + i, "ACC-POOR", "50"));
            }
            // AND every message delivered twice (redelivery), the first ten a third time
            List<String> deliveries = new ArrayList<>(messages);
            deliveries.addAll(messages);
            deliveries.addAll(messages.subList(0, 10));
            // AND the push API failing its first 3 calls with 503, and a slow answer later on
            downstream.pushApi().failNext(3, 503);
            downstream.pushApi().delayNext(1, Duration.ofMillis(2500));

            // WHEN the authorizer takes them in batches of 10, and the pipeline drains
            PaymentAuthorizerHandler authorizer = authorizer(dynamoDb);
            for (int from = 0; from < deliveries.size(); from += 10) {
                authorizer.handleRequest(sqsEvent(deliveries.subList(from, Math.min(deliveries.size(), from + 10))), null);
            }
            PaymentEventsHandler publisher = new PaymentEventsHandler(new StreamPublisher(
                    new SnsDecisionPublisher(sns, downstream.topicArn()),
                    new SqsUnpublishableRecords(sqs, downstream.unpublishableQueueUrl()), functionsOut, Clock.systemUTC()));
            PaymentNotifierHandler notifier = notifier(dynamoDb, downstream);
            downstream.connect(event -> publisher.handleRequest(event, null),
                    event -> notifier.handleRequest(event, LambdaContext.startingNow("payment-notifier", Duration.ofSeconds(30))));
            assertTrue(downstream.drain(Duration.ofSeconds(90)), "the pipeline drained");

            // THEN every decision reached the topic, and the push API delivered exactly one
            // notification per unique approved payment, under its own transaction id
            assertEquals(40, downstream.published().stream().map(Downstream.Published::transactionId).distinct().count());
            assertEquals(approvable.size(), downstream.delivered());
            Set<String> delivered = new TreeSet<>();
            downstream.pushApi().requests().stream().filter(r -> r.delivered()).forEach(r -> delivered.add(r.idempotencyKey()));
            assertEquals(approvable, delivered);
            // AND the faults did happen: three 503s and the timed-out call each cost a request more
            assertTrue(downstream.pushApi().requestsReceived() >= approvable.size() + 4,
                    "requests received: " + downstream.pushApi().requestsReceived());
            // AND nothing is waiting in a dead-letter or on-failure queue
            assertEquals(List.of(), downstream.takeNotifierDeadLetters());
            assertEquals(List.of(), downstream.takeStreamFailures());

            // AND every line the three functions wrote is one JSON object, every EMF line valid
            FunctionOutput lines = FunctionOutput.parse(output.toByteArray());
            assertEquals(List.of(), lines.emfViolations());
            // AND their metrics count what happened: each decision published, each approval delivered once
            assertEquals(downstream.published().size(), sum(lines, "Published"));
            assertEquals(approvable.size(), sum(lines, "Delivered"), () -> "the notifier's outcomes, by transaction: "
                    + lines.logs().stream().filter(line -> line.has("outcome") && line.path("service").asText().equals(Notifier.SERVICE))
                            .map(line -> line.path("txn_id").asText() + "=" + line.path("outcome").asText()).toList()
                    + "; the push API's requests: " + downstream.pushApi().requests().stream()
                            .map(r -> r.idempotencyKey() + ":" + r.status() + (r.delivered() ? "+" : "")).toList());
            assertEquals(deliveries.size(), sum(lines, "Received"));
            // AND no line holds a card hash, and no WARN or ERROR line an amount (as sent or in minor units)
            List<String> cardHashes = new ArrayList<>();
            for (String message : messages) {
                cardHashes.add(JSON.readTree(message).path("body").path("card_number_hash").asText().substring("sha256:".length()));
            }
            for (JsonNode line : lines.lines()) {
                String text = line.toString();
                cardHashes.forEach(hash -> assertFalse(text.contains(hash), "card data in " + text));
                String level = line.path("level").asText("");
                if (level.equals("WARN") || level.equals("ERROR")) {
                    for (String message : messages) {
                        BigDecimal amount = JSON.readTree(message).path("body").path("amount").decimalValue();
                        if (amount.scale() == 0) {
                            continue; // "1" and "50" also spell parts of ids and counts; the x.25 amounts cannot
                        }
                        Pattern spelled = Pattern.compile("(?<![0-9.])(" + Pattern.quote(amount.toPlainString()) + "|"
                                + amount.movePointRight(2).stripTrailingZeros().toPlainString() + ")(?![0-9])");
                        assertFalse(spelled.matcher(line.path("message").asText() + " " + line.path("detail").asText()
                                + " " + line.path("error").asText() + " " + line.path("cause").asText()).find(),
                                "amount " + amount + " in " + text);
                    }
                }
            }
        }
    }

    private static long sum(FunctionOutput lines, String metric) {
        return lines.emf().stream().mapToLong(line -> line.path(metric).asLong(0)).sum();
    }

    private PaymentAuthorizerHandler authorizer(DynamoDbClient dynamoDb) {
        Map<String, String> env = new HashMap<>(ReceiverEnvironment.idempotencyStore("IdempotencyTable"));
        env.put(PaymentTables.ACCOUNTS_TABLE, "AccountsTable");
        env.put(PaymentTables.LEDGER_TABLE, "LedgerTable");
        env.put(TelemetryConfig.METRICS_NAMESPACE, "PaymentsTest");
        IdempotentReceiver<Payment> receiver = PaymentAuthorizer.create(env, dynamoDb, Clock.systemUTC(), functionsOut);
        return new PaymentAuthorizerHandler(receiver);
    }

    private PaymentNotifierHandler notifier(DynamoDbClient dynamoDb, Downstream downstream) {
        Map<String, String> env = new HashMap<>(downstream.notifierEnvironment());
        env.put(NotifierConfig.PUSH_API_TIMEOUT_MS, "1000");
        return new PaymentNotifierHandler(PaymentNotifier.create(env, dynamoDb, aws.sqs(), aws::secretString, functionsOut,
                Clock.systemUTC()));
    }

    private static SQSEvent sqsEvent(List<String> bodies) {
        List<SQSEvent.SQSMessage> records = new ArrayList<>();
        for (String body : bodies) {
            records.add(NotifierRig.message(UUID.randomUUID().toString(), body));
        }
        SQSEvent event = new SQSEvent();
        event.setRecords(records);
        return event;
    }

    private static String purchase(String txn, String account, String amount) throws Exception {
        ObjectNode root = JSON.createObjectNode();
        root.putObject("headers").put("message_id", "msg-" + UUID.randomUUID()).put("correlation_id", "corr-" + txn)
                .put("timestamp", "2026-04-07T14:32:15Z").put("source", "payment-network-gateway");
        String cardHash = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(txn.getBytes(StandardCharsets.UTF_8)));
        root.putObject("body").put("transaction_id", txn).put("card_number_hash", "sha256:" + cardHash)
                .put("account_id", account).put("amount", new BigDecimal(amount)).put("currency", "EUR")
                .put("merchant", "Amazon.es").put("merchant_category", "5411").put("authorization_type", "PURCHASE");
        return root.toString();
    }
}
