package com.example.demo;

import com.example.localaws.LocalAws;
import com.example.localaws.mapping.SqsEventSourceMapping;
import com.example.receiver.testkit.Fault;
import com.example.receiver.testkit.Sleeper;
import java.time.Duration;
import java.time.Instant;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.QueueAttributeName;

/**
 * Runs the event source mapping, injecting faults on a fixed schedule of polls: redis-server is
 * down from the 40th to the 80th poll, and every 30 polls the next 12 TransactWriteItems are
 * throttled (more than the SDK's retries absorb: the receiver backs off and tries again).
 */
final class Poller {

    private static final int KEEP_UP_BACKLOG = 20;

    private final SqsEventSourceMapping mapping;
    private final SqsClient sqs;
    private final String queue;
    private final LocalAws aws;
    private final Timeline timeline;
    private int polls;

    Poller(SqsEventSourceMapping mapping, SqsClient sqs, String queue, LocalAws aws, Timeline timeline) {
        this.mapping = mapping;
        this.sqs = sqs;
        this.queue = queue;
        this.aws = aws;
        this.timeline = timeline;
    }

    /** Polls until the backlog is small again (the stream goes on meanwhile). */
    void keepUp() {
        for (int i = 0; i < 20 && count(queue, QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES) > KEEP_UP_BACKLOG; i++) {
            poll();
        }
    }

    /** Polls until the queue is empty and nothing is in flight (twice in a row), within 6 minutes. */
    void drain() {
        Instant deadline = Instant.now().plus(Duration.ofMinutes(6));
        int settled = 0;
        while (Instant.now().isBefore(deadline) && settled < 2) {
            if (poll().received() == 0) {
                boolean empty = count(queue, QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES) == 0
                        && count(queue, QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES_NOT_VISIBLE) == 0;
                settled = empty ? settled + 1 : 0;
                Sleeper.THREAD.pauseQuietly(Duration.ofMillis(500));
            }
        }
        aws.redis().start();
        aws.moto().clearFaults();
    }

    private SqsEventSourceMapping.Poll poll() {
        polls++;
        if (polls == 40) {
            aws.redis().stop();
            timeline.mark("redis down");
            Demo.progress("fault: the Redis Cluster's node stopped");
        }
        if (polls == 80) {
            aws.redis().start();
            timeline.mark("redis up");
            Demo.progress("fault: the Redis Cluster's node started again (empty, rejoining its cluster)");
        }
        if (polls % 30 == 15) {
            aws.moto().inject(Fault.throttling("TransactWriteItems", "", 12));
            timeline.mark("throttling");
            Demo.progress("fault: the next 12 TransactWriteItems are throttled");
        }
        SqsEventSourceMapping.Poll poll = mapping.pollOnce();
        if (polls % 25 == 0) {
            Demo.progress("poll %d: %d waiting, %d in flight", polls,
                    count(queue, QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES),
                    count(queue, QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES_NOT_VISIBLE));
        }
        return poll;
    }

    private int count(String queue, QueueAttributeName name) {
        return Integer.parseInt(sqs.getQueueAttributes(r -> r.queueUrl(queue).attributeNames(name)).attributes().get(name));
    }
}
