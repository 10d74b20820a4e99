package com.example.demo;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The function's clock in the demo: the system's, moved forward on demand, so that a phase can
 * run "days later" (past the idempotency records' TTL) without waiting for them.
 */
final class DemoClock extends Clock {

    private final Clock base = Clock.systemUTC();
    private volatile Duration ahead = Duration.ZERO;

    /** Moves the clock {@code by} further ahead of the system's. */
    void advance(Duration by) {
        if (by.isNegative()) {
            throw new IllegalArgumentException("the clock only moves forward");
        }
        ahead = ahead.plus(by);
    }

    Duration ahead() {
        return ahead;
    }

    @Override
    public Instant instant() {
        return base.instant().plus(ahead);
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("the demo clock is UTC only");
    }
}
