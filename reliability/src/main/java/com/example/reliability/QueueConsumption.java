package com.example.reliability;

import com.example.localaws.LocalAws;
import com.example.localaws.LocalQueues;
import com.example.localaws.QueueContents;
import com.example.localaws.mapping.SqsEventSourceMapping;
import com.example.paymenttraffic.Send;
import com.example.receiver.testkit.Sleeper;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.QueueAttributeName;

/**
 * A scenario's input streamed into its queue (keeping the backlog under {@value #STREAM_BACKLOG},
 * as a gateway would) while {@code pollers} local SQS event source mappings (batch size
 * {@value #BATCH_SIZE}), each with its own execution environments, consume it, until
 * the queue has stayed empty for two looks in a row or the {@code deadline} passed.
 *
 * @param sqs      a client of the local AWS
 * @param queue    the scenario's queue
 * @param deadline how long the pollers may take to empty the queue
 */
record QueueConsumption(SqsClient sqs, String queue, Duration deadline) {

    static final int BATCH_SIZE = 10;
    static final int STREAM_CHUNK = 50;
    static final int STREAM_BACKLOG = 100;

    /**
     * Streams {@code deliveries} into the queue while the pollers consume it, noting when each
     * transaction was first sent in {@code firstSent}; returns whether it emptied before the deadline.
     */
    boolean run(int pollers, List<Send> deliveries, LambdaEnvironments.Factory factory, Timings timings,
                DependencyFaults dependency, Map<String, Instant> firstSent) {
        AtomicBoolean stop = new AtomicBoolean();
        AtomicBoolean sent = new AtomicBoolean();
        Thread producer = new Thread(() -> {
            for (int from = 0; from < deliveries.size() && !stop.get(); from += STREAM_CHUNK) {
                while (!stop.get() && count(QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES) >= STREAM_BACKLOG) {
                    Sleeper.THREAD.pauseQuietly(Duration.ofMillis(100));
                }
                List<Send> chunk = deliveries.subList(from, Math.min(deliveries.size(), from + STREAM_CHUNK));
                Instant now = Instant.now();
                chunk.forEach(delivery -> firstSent.putIfAbsent(DeadLetters.key(delivery), now));
                LocalQueues.send(sqs, queue, chunk.stream().map(Send::body).toList());
            }
            sent.set(true);
        }, "producer");
        producer.setDaemon(true);
        producer.start();
        List<Thread> threads = new ArrayList<>();
        List<LambdaEnvironments> environments = new ArrayList<>();
        for (int p = 0; p < pollers; p++) {
            LambdaEnvironments function = new LambdaEnvironments(factory, timings);
            environments.add(function);
            SqsEventSourceMapping mapping = new SqsEventSourceMapping(sqs, queue, LocalAws.REGION.id(), BATCH_SIZE,
                    Duration.ZERO, function);
            Thread thread = new Thread(() -> {
                while (!stop.get()) {
                    try {
                        if (mapping.pollOnce().received() == 0) {
                            Sleeper.THREAD.pauseQuietly(Duration.ofMillis(200));
                        }
                    } catch (RuntimeException queueUnreachable) {
                        // Lambda's poller retries a failed receive or delete; so does this one
                        Sleeper.THREAD.pauseQuietly(Duration.ofMillis(200));
                    }
                }
            }, "poller-" + p);
            thread.setDaemon(true);
            thread.start();
            threads.add(thread);
        }
        Instant until = Instant.now().plus(deadline);
        int settled = 0;
        while (settled < 2 && Instant.now().isBefore(until)) {
            Sleeper.THREAD.pauseQuietly(Duration.ofMillis(500));
            dependency.tick();
            boolean empty = sent.get() && QueueContents.backlog(sqs, queue) == 0;
            settled = empty ? settled + 1 : 0;
        }
        stop.set(true);
        for (Thread thread : threads) {
            try {
                thread.join(Duration.ofSeconds(15));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        environments.forEach(LambdaEnvironments::close);
        return settled >= 2;
    }

    private int count(QueueAttributeName name) {
        return Integer.parseInt(sqs.getQueueAttributes(r -> r.queueUrl(queue).attributeNames(name)).attributes().get(name));
    }
}
