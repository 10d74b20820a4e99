package com.example.receiver.internal.redis;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * Opens for a fixed period after a failure, so a cache that is down or blackholed is not asked
 * again (and waited for) on every batch; closes by itself when the period is over. Thread-safe.
 */
final class CircuitBreaker {

    private final Clock clock;
    private final Duration openFor;
    private volatile Instant openUntil = Instant.MIN;

    CircuitBreaker(Clock clock, Duration openFor) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.openFor = Objects.requireNonNull(openFor, "openFor");
    }

    /** Whether a call may be tried now. */
    boolean allows() {
        return !clock.instant().isBefore(openUntil);
    }

    void recordFailure() {
        openUntil = clock.instant().plus(openFor);
    }
}
