package com.example.payment.events;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.lambdakit.telemetry.TelemetryConfig;
import com.example.localaws.LocalAws;
import com.example.localpayments.ReceiverEnvironment;
import com.example.payment.Payment;
import com.example.payment.PaymentTables;
import com.example.payment.authorizer.PaymentAuthorizer;
import com.example.payment.authorizer.PaymentAuthorizerHandler;
import com.example.receiver.lambda.IdempotentReceiver;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.OutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The real payment-authorizer, in process, against the local tables: what writes the stream. */
final class Authorizer implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final DynamoDbClient dynamoDb;
    private final IdempotentReceiver<Payment> receiver;
    private final PaymentAuthorizerHandler handler;

    Authorizer(LocalAws aws, Clock clock) {
        this.dynamoDb = aws.dynamoDb();
        Map<String, String> env = new HashMap<>(ReceiverEnvironment.idempotencyStore("IdempotencyTable"));
        env.put(PaymentTables.ACCOUNTS_TABLE, "AccountsTable");
        env.put(PaymentTables.LEDGER_TABLE, "LedgerTable");
        env.put(TelemetryConfig.METRICS_NAMESPACE, "PaymentsTest");
        this.receiver = PaymentAuthorizer.create(env, dynamoDb, clock, new PrintStream(OutputStream.nullOutputStream()));
        this.handler = new PaymentAuthorizerHandler(receiver);
    }

    /** Delivers {@code bodies} in one batch; returns the ids of the failed messages. */
    List<String> deliver(String... bodies) {
        List<SQSEvent.SQSMessage> records = new ArrayList<>();
        for (String body : bodies) {
            SQSEvent.SQSMessage record = new SQSEvent.SQSMessage();
            record.setMessageId(UUID.randomUUID().toString());
            record.setBody(body);
            record.setEventSource("aws:sqs");
            record.setAttributes(Map.of("ApproximateReceiveCount", "1"));
            records.add(record);
        }
        SQSEvent event = new SQSEvent();
        event.setRecords(records);
        SQSBatchResponse response = handler.handleRequest(event, null);
        return response.getBatchItemFailures().stream().map(SQSBatchResponse.BatchItemFailure::getItemIdentifier).toList();
    }

    /** A valid purchase message; {@code amount} as written in the JSON. */
    static String purchase(String txn, String account, String amount) {
        ObjectNode root = JSON.createObjectNode();
        root.putObject("headers").put("message_id", "msg-" + UUID.randomUUID()).put("correlation_id", "corr-" + txn)
                .put("timestamp", "2026-04-07T14:32:15Z").put("source", "payment-network-gateway");
        root.putObject("body").put("transaction_id", txn)
                .put("card_number_hash", "sha256:" + sha256(txn))
                .put("account_id", account)
                .put("amount", new BigDecimal(amount))
                .put("currency", "EUR")
                .put("merchant", "Amazon.es")
                .put("merchant_category", "5411")
                .put("authorization_type", "PURCHASE");
        return root.toString();
    }

    /** A stand-in card hash: no card data in tests either. */
    private static String sha256(String seed) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(seed.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        receiver.close();
        dynamoDb.close();
    }
}
