package com.example.reliability;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.example.localaws.LocalAws;
import com.example.localpayments.downstream.Downstream;
import com.example.payment.events.SnsDecisionPublisher;
import com.example.payment.events.SqsUnpublishableRecords;
import com.example.payment.events.StreamPublisher;
import com.example.receiver.testkit.Sleeper;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * The stream publisher running behind ours during a run, as template.yaml wires it
 * ({@link Downstream}: the idempotency table's stream, batch 100, bisect, 10 retries, on-failure
 * queue), publishing through a {@link FlakyTopic}. The stream is polled every
 * {@value #POLL_EVERY_MS} ms while the run lasts; {@link #finish} drains it and audits the topic
 * against the table.
 */
final class StreamPublishing implements AutoCloseable {

    static final int POLL_EVERY_MS = 500;
    /** How long {@link #finish} lets the publisher catch up with the stream before the audit. */
    static final Duration DRAIN_DEADLINE = Duration.ofMinutes(5);

    private final Downstream downstream;
    private final SnsClient sns;
    private final SqsClient sqs;
    private final FlakyTopic topic;
    private final AtomicBoolean stop = new AtomicBoolean();
    private final Thread poller;

    private StreamPublishing(LocalAws aws, long seed) {
        this.downstream = Downstream.create(aws, Duration.ofSeconds(1));
        this.sns = aws.sns();
        this.sqs = aws.sqs();
        this.topic = new FlakyTopic(new SnsDecisionPublisher(sns, downstream.topicArn()), seed);
        StreamPublisher publisher = new StreamPublisher(topic, new SqsUnpublishableRecords(sqs, downstream.unpublishableQueueUrl()),
                new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8), Clock.systemUTC());
        downstream.connect(publisher::publish, notifications -> new SQSBatchResponse(List.of()));
        this.poller = new Thread(() -> {
            while (!stop.get()) {
                try {
                    downstream.pollOnce();
                } catch (RuntimeException streamUnreachable) {
                    // Lambda's stream poller retries a failed read; so does this one
                }
                Sleeper.THREAD.pauseQuietly(Duration.ofMillis(POLL_EVERY_MS));
            }
        }, "stream-publisher");
        poller.setDaemon(true);
        poller.start();
    }

    /** Starts publishing the stream of the (already reset) idempotency table. */
    static StreamPublishing start(LocalAws aws, long seed) {
        return new StreamPublishing(aws, seed);
    }

    /**
     * Stops the background polling, drains what is left of the stream, and compares the topic
     * with {@code decided} (the transactions with a final record).
     */
    Publishing finish(Set<String> decided) {
        stopPolling();
        // Five minutes, not one: on a loaded 2-core machine the stream's backlog once took the
        // launcher longer than a minute to read, and what was still unread counted as never published.
        // What is unread after them still counts so (the run then fails), and this line says why.
        if (!downstream.drain(DRAIN_DEADLINE)) {
            System.err.println("reliability: the stream publisher had not caught up with the stream after " + DRAIN_DEADLINE
                    + ": what it had not read counts as never published");
        }
        Map<String, Integer> onTopic = new HashMap<>();
        List<Downstream.Published> published = downstream.published();
        published.forEach(p -> onTopic.merge(p.transactionId(), 1, Integer::sum));
        int never = (int) decided.stream().filter(txn -> !onTopic.containsKey(txn)).count();
        int more = (int) onTopic.values().stream().filter(count -> count > 1).count();
        return new Publishing(decided.size(), never, more, published.size(), downstream.takeStreamFailures().size(),
                topic.failures());
    }

    private void stopPolling() {
        stop.set(true);
        try {
            poller.join(Duration.ofSeconds(30));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        stopPolling();
        downstream.close();
        sns.close();
        sqs.close();
    }
}
