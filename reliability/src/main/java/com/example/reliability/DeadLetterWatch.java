package com.example.reliability;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.DeleteMessageBatchRequestEntry;
import software.amazon.awssdk.services.sqs.model.Message;

/**
 * Receives from a scenario's DLQ for the whole run, noting when each message arrived there (within
 * its 1 s long poll), and deletes what it received; {@link #finish()} takes the rest and returns
 * them all. A message's arrival, not its {@code SentTimestamp}: a message the redrive policy moves
 * keeps the timestamp of its first sending.
 */
final class DeadLetterWatch {

    /** A message of the DLQ, and when the watch received it. */
    record Arrival(Message message, Instant at) {
    }

    private final SqsClient sqs;
    private final String queueUrl;
    private final List<Arrival> arrivals = Collections.synchronizedList(new ArrayList<>());
    private final Thread thread;
    private volatile boolean stopped;

    private DeadLetterWatch(SqsClient sqs, String queueUrl) {
        this.sqs = sqs;
        this.queueUrl = queueUrl;
        this.thread = Thread.ofPlatform().name("dead-letter-watch").daemon().unstarted(this::watch);
    }

    static DeadLetterWatch start(SqsClient sqs, String queueUrl) {
        DeadLetterWatch watch = new DeadLetterWatch(sqs, queueUrl);
        watch.thread.start();
        return watch;
    }

    /** Stops watching, takes what is left in the DLQ, and returns every message it held, in order of arrival. */
    List<Arrival> finish() {
        stopped = true;
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
        int empty = 0;
        while (empty < 2) {
            empty = receive(0) == 0 ? empty + 1 : 0;
        }
        return List.copyOf(arrivals);
    }

    private void watch() {
        while (!stopped) {
            receive(1);
        }
    }

    private int receive(int waitSeconds) {
        List<Message> batch = sqs.receiveMessage(r -> r.queueUrl(queueUrl).maxNumberOfMessages(10).visibilityTimeout(300)
                .waitTimeSeconds(waitSeconds).messageAttributeNames("All"))
                .messages();
        Instant now = Instant.now();
        if (batch.isEmpty()) {
            return 0;
        }
        batch.forEach(message -> arrivals.add(new Arrival(message, now)));
        sqs.deleteMessageBatch(r -> r.queueUrl(queueUrl).entries(batch.stream()
                .map(m -> DeleteMessageBatchRequestEntry.builder().id(m.messageId()).receiptHandle(m.receiptHandle()).build())
                .toList()));
        return batch.size();
    }
}
