package com.example.localpayments.downstream;

import com.example.localaws.LocalQueues;
import com.example.localaws.QueueContents;
import com.example.localpayments.downstream.Downstream.Published;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.Message;

/**
 * What reached the payments-authorized topic, read from the audit queue's raw-delivery
 * subscription: each message taken out of the queue once and kept, so that every read returns
 * all the decision events so far, in arrival order.
 */
final class TopicAudit {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final SqsClient sqs;
    private final String auditQueueUrl;
    private final List<Published> onTopic = new ArrayList<>();

    TopicAudit(SqsClient sqs, String auditQueueUrl) {
        this.sqs = sqs;
        this.auditQueueUrl = auditQueueUrl;
    }

    /** The decision events on the topic so far, in arrival order. */
    synchronized List<Published> published() {
        for (Message message : LocalQueues.take(sqs, auditQueueUrl)) {
            onTopic.add(new Published(parse(message.body()), QueueContents.attributes(message)));
        }
        return List.copyOf(onTopic);
    }

    private static JsonNode parse(String body) {
        try {
            return JSON.readTree(body);
        } catch (IOException e) {
            throw new UncheckedIOException("not JSON on the topic: " + body, e);
        }
    }
}
