package com.example.localaws;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The system clock, moved forward on demand (past the idempotency records' TTL, past a circuit
 * breaker's period), for benchmarks and tests that must not wait for real time to pass.
 */
public final class MovableClock extends Clock {

    private volatile Duration offset = Duration.ZERO;

    /** Moves the clock {@code by} forward (or back, negative), for every reader at once. */
    public synchronized void advance(Duration by) {
        offset = offset.plus(by);
    }

    /** How far ahead of the system clock it runs. */
    public Duration offset() {
        return offset;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("a movable clock is UTC only");
    }

    @Override
    public Instant instant() {
        return Instant.now().plus(offset);
    }
}
