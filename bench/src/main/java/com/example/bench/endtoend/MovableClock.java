package com.example.bench.endtoend;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** The system clock, moved forward on demand (past the idempotency records' TTL). */
final class MovableClock extends Clock {

    private volatile Duration offset = Duration.ZERO;

    void advance(Duration by) {
        offset = offset.plus(by);
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("the benchmarks' clock is UTC only");
    }

    @Override
    public Instant instant() {
        return Instant.now().plus(offset);
    }
}
