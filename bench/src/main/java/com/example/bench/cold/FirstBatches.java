package com.example.bench.cold;

import com.example.localaws.LocalAws;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The SQS events a cold-start run invokes the function with: each a batch of {@value ColdStartBench#BATCH}
 * new payments on as many accounts, never sent before, so every one is committed.
 */
final class FirstBatches {

    private static final ObjectMapper JSON = new ObjectMapper();

    private int payments;

    /** 10 new payments on 10 accounts, never sent before: every one is committed. */
    String next(Variant variant, int round) {
        ObjectNode event = JSON.createObjectNode();
        ArrayNode records = event.putArray("Records");
        for (int i = 0; i < ColdStartBench.BATCH; i++) {
            int payment = payments++;
            String transaction = "TXN-COLD-" + variant.name().toUpperCase() + "-" + round + "-" + payment;
            String body = """
                    {"headers": {"message_id": "msg-%1$d", "correlation_id": "cold-%1$d", "timestamp": "2026-12-01T10:00:00Z",
                                 "source": "payment-network-gateway"},
                     "body": {"transaction_id": "%2$s", "card_number_hash": "sha256:%3$s", "account_id": "%4$s",
                              "amount": 12.50, "currency": "EUR", "merchant": "Bench", "merchant_category": "5411",
                              "authorization_type": "PURCHASE"}}""".formatted(payment, transaction, "ab".repeat(32), account(i));
            ObjectNode record = records.addObject();
            record.put("messageId", "cold-" + payment);
            record.put("receiptHandle", "cold-" + payment);
            record.put("body", body);
            ObjectNode attributes = record.putObject("attributes");
            attributes.put("ApproximateReceiveCount", "1");
            attributes.put("SentTimestamp", "1764583200000");
            record.putObject("messageAttributes");
            record.put("eventSource", "aws:sqs");
            record.put("eventSourceARN", "arn:aws:sqs:us-east-1:123456789012:payments");
            record.put("awsRegion", LocalAws.REGION.id());
        }
        return event.toString();
    }

    /** The id of account {@code index}, one of those every batch posts to. */
    static String account(int index) {
        return "ACC-COLD-" + index;
    }
}
