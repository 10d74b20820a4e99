package com.example.reliability;

import com.example.payment.events.DecisionEvent;
import com.example.payment.events.DecisionPublisher;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Random;

/**
 * The real SNS publisher behind the project's own {@link DecisionPublisher} seam, failing as SNS
 * does when the topic is unreachable: every publish for {@link #OUTAGE} from the first one tried,
 * then one publish in {@link #RANDOM_ONE_IN} at random (seeded). A failed publish reaches nobody.
 */
final class FlakyTopic implements DecisionPublisher {

    /** How long every publish fails, from the first publish tried. */
    static final Duration OUTAGE = Duration.ofSeconds(2);
    /** After the outage, one publish in this many fails. */
    static final int RANDOM_ONE_IN = 20;

    private final DecisionPublisher topic;
    private final Clock clock;
    private Instant outageEnds;
    private final Random random;
    private int failures;

    FlakyTopic(DecisionPublisher topic, Clock clock, long seed) {
        this.topic = Objects.requireNonNull(topic, "topic");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.random = new Random(seed);
    }

    /** Publishes through the real topic, or throws as an unreachable topic would. */
    @Override
    public void publish(DecisionEvent event) {
        synchronized (this) {
            Instant now = clock.instant();
            if (outageEnds == null) {
                outageEnds = now.plus(OUTAGE);
            }
            if (now.isBefore(outageEnds) || random.nextInt(RANDOM_ONE_IN) == 0) {
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
