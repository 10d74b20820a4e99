package com.example.pretraffic;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/**
 * The one payment a deployment's hook sends: a refund of 0.01 EUR to the smoke account
 * {@value #ACCOUNT_ID}, whose transaction id is {@value #TRANSACTION_PREFIX} and the deployment's id
 * (no producer uses that prefix, and each deployment decides its own). A refund needs no funds,
 * so the account's balance rises by {@value #AMOUNT_MINOR} minor unit per deployment and nothing
 * else ever moves it. It is delivered as an SQS event of one record from the payments queue, the
 * shape the event source mapping gives the function, signed with the hook's key where producers'
 * signatures are required.
 */
record SmokePayment(String deploymentId, Instant sentAt, String queueArn) {

    static final String ACCOUNT_ID = "ACC-SMOKE-PRE-TRAFFIC";
    static final String TRANSACTION_PREFIX = "SMOKE-PRE-TRAFFIC-";
    static final long AMOUNT_MINOR = 1;
    /** A constant of the right shape, the hash of no card. */
    private static final String CARD_NUMBER_HASH = "sha256:" + "0".repeat(64);
    private static final ObjectMapper JSON = new ObjectMapper();

    String transactionId() {
        return TRANSACTION_PREFIX + deploymentId;
    }

    /** The SQS event of one record that carries this payment, signed with {@code key} when there is one. */
    String event(Optional<SmokeKey> key) {
        ObjectNode message = JSON.createObjectNode();
        message.putObject("headers")
                .put("message_id", "msg-" + transactionId())
                .put("timestamp", sentAt.truncatedTo(ChronoUnit.SECONDS).toString())
                .put("source", "pre-traffic-hook");
        message.putObject("body")
                .put("transaction_id", transactionId())
                .put("card_number_hash", CARD_NUMBER_HASH)
                .put("account_id", ACCOUNT_ID)
                .put("amount", new java.math.BigDecimal("0.01"))
                .put("currency", "EUR")
                .put("merchant", "pre-traffic hook")
                .put("merchant_category", "0000")
                .put("authorization_type", "REFUND");
        String body = message.toString();
        String millis = Long.toString(sentAt.toEpochMilli());
        ObjectNode event = JSON.createObjectNode();
        ObjectNode record = event.putArray("Records").addObject()
                .put("messageId", transactionId())
                .put("receiptHandle", "smoke-" + transactionId())
                .put("body", body)
                .put("eventSource", "aws:sqs")
                .put("eventSourceARN", queueArn)
                .put("awsRegion", queueArn.split(":")[3]);
        record.putObject("attributes")
                .put("ApproximateReceiveCount", "1")
                .put("SentTimestamp", millis)
                .put("ApproximateFirstReceiveTimestamp", millis);
        ObjectNode attributes = record.putObject("messageAttributes");
        key.ifPresent(signing -> signing.attributes(body, sentAt).forEach((name, value) -> attributes.putObject(name)
                .put("stringValue", value).put("dataType", "String")));
        return event.toString();
    }
}
