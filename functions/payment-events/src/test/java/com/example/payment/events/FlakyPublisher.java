package com.example.payment.events;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The real publisher behind the project's own {@link DecisionPublisher} seam, made to fail on
 * demand, as SNS does when the topic is unreachable: the next N publishes, or every publish of
 * some transactions.
 */
final class FlakyPublisher implements DecisionPublisher {

    private final DecisionPublisher delegate;
    private final AtomicInteger failNext = new AtomicInteger();
    private final Set<String> poisoned = new HashSet<>();
    private final AtomicInteger failures = new AtomicInteger();

    FlakyPublisher(DecisionPublisher delegate) {
        this.delegate = delegate;
    }

    /** The next {@code count} publishes fail. */
    void failNext(int count) {
        failNext.set(count);
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
    }
}
