package com.example.payment.events;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The real publisher behind the project's own {@link DecisionPublisher} seam, made to fail on
 * demand, as SNS does when the topic is unreachable: the next N publishes, every publish until
 * the outage ends, or every publish of some transactions. Counts what it let through.
 */
final class FlakyPublisher implements DecisionPublisher {

    private final DecisionPublisher delegate;
    private final AtomicInteger failNext = new AtomicInteger();
    private final Set<String> poisoned = new HashSet<>();
    private final AtomicInteger failures = new AtomicInteger();
    private final Map<String, Integer> published = new ConcurrentHashMap<>();

    FlakyPublisher(DecisionPublisher delegate) {
        this.delegate = delegate;
    }

    /** The next {@code count} publishes fail. */
    void failNext(int count) {
        failNext.set(count);
    }

    /** Every publish fails until {@link #endOutage()}. */
    void startOutage() {
        failNext.set(Integer.MAX_VALUE);
    }

    void endOutage() {
        failNext.set(0);
    }

    /** Per transaction id, how many publishes the topic accepted. */
    Map<String, Integer> published() {
        return Map.copyOf(published);
    }

    /** Every publish of {@code transactionId} fails. */
    synchronized void alwaysFail(String transactionId) {
        poisoned.add(transactionId);
    }

    int failures() {
        return failures.get();
    }

    @Override
    public void publish(DecisionEvent event) {
        boolean fail;
        synchronized (this) {
            fail = poisoned.contains(event.transactionId());
        }
        if (fail || failNext.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
            failures.incrementAndGet();
            throw new IllegalStateException("topic unreachable (injected)");
        }
        delegate.publish(event);
        published.merge(event.transactionId(), 1, Integer::sum);
    }
}
