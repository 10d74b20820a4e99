package com.example.bench.cold;

import com.example.localaws.LocalAws;
import com.example.payment.AuthorizationType;
import com.example.paymenttraffic.Operation;
import com.example.paymenttraffic.PaymentMessages;
import com.example.paymenttraffic.Send;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The SQS events a cold-start run invokes the function with: each a batch of {@value ColdStartBench#BATCH}
 * new payments on as many accounts, never sent before, so every one is committed. Each message is
 * the one traffic generator's ({@link PaymentMessages}), as every other bench sends, and comes with
 * the {@link Send}s the reference model is fed.
 */
final class FirstBatches {

    /** An SQS event to invoke the function with, and what it sends, in order. */
    record Batch(String event, List<Send> sends) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Every payment's amount, 12.50 EUR. */
    private static final long AMOUNT_MINOR = 1250;
    private int payments;

    /** 10 new payments on 10 accounts, never sent before: every one is committed. */
    Batch next(Variant variant, int round) {
        ObjectNode event = JSON.createObjectNode();
        ArrayNode records = event.putArray("Records");
        List<Send> sends = new ArrayList<>();
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        String issued = now.toString();
        for (int i = 0; i < ColdStartBench.BATCH; i++) {
            int payment = payments++;
            String transaction = "TXN-COLD-" + variant.name().toUpperCase() + "-" + round + "-" + payment;
            Operation operation = new Operation(transaction, account(i), AMOUNT_MINOR, "EUR",
                    AuthorizationType.PURCHASE, "Bench", "5411");
            String body = PaymentMessages.message(operation, "msg-" + payment, issued);
            sends.add(new Send(body, Send.Kind.NEW, Send.Moment.STREAM, transaction, Optional.of(operation)));
            ObjectNode record = records.addObject();
            record.put("messageId", "cold-" + payment);
            record.put("receiptHandle", "cold-" + payment);
            record.put("body", body);
            ObjectNode attributes = record.putObject("attributes");
            attributes.put("ApproximateReceiveCount", "1");
            attributes.put("SentTimestamp", Long.toString(now.toEpochMilli()));
            record.putObject("messageAttributes");
            record.put("eventSource", "aws:sqs");
            record.put("eventSourceARN", "arn:aws:sqs:us-east-1:123456789012:payments");
            record.put("awsRegion", LocalAws.REGION.id());
        }
        return new Batch(event.toString(), List.copyOf(sends));
    }

    /** The id of account {@code index}, one of those every batch posts to. */
    static String account(int index) {
        return "ACC-COLD-" + index;
    }
}
