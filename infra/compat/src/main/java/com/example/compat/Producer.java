package com.example.compat;

import com.example.paymenttraffic.ProducerClock;
import com.example.paymenttraffic.Send;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchRequestEntry;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchResponse;

/**
 * The producers of the payments queue: each message stamped when sent (a copy keeps its
 * original's stamp: {@link ProducerClock}), and remembered by the message id SQS gave it and by
 * its body, so that every answer and every dead letter can be told by what was sent.
 */
final class Producer {

    private static final int SQS_MAX_BATCH = 10;

    private final SqsClient sqs;
    private final String queueUrl;
    private final ProducerClock clock = new ProducerClock(Clock.systemUTC());
    private final Map<String, Send> byMessageId = new HashMap<>();
    private final Map<String, Send> byBody = new HashMap<>();

    Producer(SqsClient sqs, String queueUrl) {
        this.sqs = sqs;
        this.queueUrl = queueUrl;
    }

    void send(List<Send> sends) {
        for (int from = 0; from < sends.size(); from += SQS_MAX_BATCH) {
            List<Send> chunk = sends.subList(from, Math.min(sends.size(), from + SQS_MAX_BATCH));
            List<SendMessageBatchRequestEntry> entries = new ArrayList<>();
            List<String> bodies = new ArrayList<>();
            for (int i = 0; i < chunk.size(); i++) {
                String body = clock.stamp(chunk.get(i));
                bodies.add(body);
                entries.add(SendMessageBatchRequestEntry.builder().id("m" + i).messageBody(body).build());
            }
            SendMessageBatchResponse response = sqs.sendMessageBatch(request -> request.queueUrl(queueUrl).entries(entries));
            if (!response.failed().isEmpty()) {
                throw new IllegalStateException("SQS refused " + response.failed());
            }
            synchronized (this) {
                response.successful().forEach(sent -> {
                    int index = Integer.parseInt(sent.id().substring(1));
                    byMessageId.put(sent.messageId(), chunk.get(index));
                    byBody.put(bodies.get(index), chunk.get(index));
                });
            }
        }
    }

    /** What was sent as the message {@code messageId}. */
    synchronized Optional<Send> byMessageId(String messageId) {
        return Optional.ofNullable(byMessageId.get(messageId));
    }

    /** What was sent with {@code body} (a copy of a message has its original's body). */
    synchronized Optional<Send> byBody(String body) {
        return Optional.ofNullable(byBody.get(body));
    }

    synchronized int messages() {
        return byMessageId.size();
    }
}
