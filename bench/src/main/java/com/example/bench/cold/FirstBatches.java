package com.example.bench.cold;

import com.example.localaws.LocalAws;
import com.example.payment.AuthorizationType;
import com.example.paymenttraffic.Operation;
import com.example.paymenttraffic.PaymentMessages;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The SQS events a cold-start run invokes the function with: each a batch of {@value ColdStartBench#BATCH}
 * new payments on as many accounts, never sent before, so every one is committed. Each message is
 * the one traffic generator's ({@link PaymentMessages}), as every other bench sends.
 */
final class FirstBatches {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Every payment's amount, 12.50 EUR. */
    private static final long AMOUNT_MINOR = 1250;
    /** When every payment was issued (its {@code headers.timestamp}). */
    private static final String ISSUED = "2026-12-01T10:00:00Z";

    private int payments;

    /** 10 new payments on 10 accounts, never sent before: every one is committed. */
    String next(Variant variant, int round) {
        ObjectNode event = JSON.createObjectNode();
        ArrayNode records = event.putArray("Records");
        for (int i = 0; i < ColdStartBench.BATCH; i++) {
            int payment = payments++;
            String transaction = "TXN-COLD-" + variant.name().toUpperCase() + "-" + round + "-" + payment;
            String body = PaymentMessages.message(new Operation(transaction, account(i), AMOUNT_MINOR, "EUR",
                    AuthorizationType.PURCHASE, "Bench", "5411"), "msg-" + payment, ISSUED);
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
