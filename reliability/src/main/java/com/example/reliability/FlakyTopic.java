package com.example.reliability;

import com.example.payment.events.DecisionEvent;
import com.example.payment.events.DecisionPublisher;
import java.util.Objects;
import java.util.Random;

/**
 * The real SNS publisher behind the project's own {@link DecisionPublisher} seam, failing as SNS
 * does when the topic is unreachable: the first {@link #OUTAGE} publishes tried all fail, then one
 * publish in {@link #RANDOM_ONE_IN} at random (seeded). A failed publish reaches nobody.
 *
 * <p>The outage is counted in publishes, not seconds: the publisher stops a batch at its first
 * failure, so each refused publish is one invocation, which the stream mapping counts as a retry
 * once it has bisected the batch down to one record. {@link #OUTAGE} stays within the template's
 * 10 retries even when the first batch is a single record. A timed outage would instead measure
 * how fast the local mapping polls, which Lambda paces with its own backoff.
 */
final class FlakyTopic implements DecisionPublisher {

    /** How many publishes fail first, one after the other. */
    static final int OUTAGE = 8;
    /** After the outage, one publish in this many fails. */
    static final int RANDOM_ONE_IN = 20;

    private final DecisionPublisher topic;
    private final Random random;
    private int tried;
    private int failures;

    FlakyTopic(DecisionPublisher topic, long seed) {
        this.topic = Objects.requireNonNull(topic, "topic");
        this.random = new Random(seed);
    }

    /** Publishes through the real topic, or throws as an unreachable topic would. */
    @Override
    public void publish(DecisionEvent event) {
        synchronized (this) {
            tried++;
            if (tried <= OUTAGE || random.nextInt(RANDOM_ONE_IN) == 0) {
                failures++;
                throw new IllegalStateException("topic unreachable (injected)");
            }
        }
        topic.publish(event);
    }

    /** Publishes refused so far. */
    synchronized int failures() {
        return failures;
    }
}
