package com.example.reliability;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/** Handler time of the invocations that completed: per message on average, and the slowest invocation. */
final class Timings {

    private final AtomicLong nanos = new AtomicLong();
    private final AtomicLong messages = new AtomicLong();
    private final AtomicLong slowestNanos = new AtomicLong();

    void record(Duration invocation, int batchSize) {
        nanos.addAndGet(invocation.toNanos());
        messages.addAndGet(batchSize);
        slowestNanos.accumulateAndGet(invocation.toNanos(), Math::max);
    }

    long messages() {
        return messages.get();
    }

    /** Mean handler milliseconds per message. */
    double meanMsPerMessage() {
        long m = messages.get();
        return m == 0 ? 0 : nanos.get() / 1e6 / m;
    }

    double slowestInvocationMs() {
        return slowestNanos.get() / 1e6;
    }
}
