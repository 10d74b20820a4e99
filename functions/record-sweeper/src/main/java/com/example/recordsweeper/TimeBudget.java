package com.example.recordsweeper;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * When a run stops taking new work: {@link #RESERVE} before the function's own deadline, so that
 * the item in hand (at most a read and a write, each bounded at {@link #CALL_TIMEOUT}) and the run's
 * log line finish inside the timeout. What is left is the next scheduled run's: it scans from the start.
 *
 * @param clock    the time
 * @param deadline the instant after which no item is begun
 */
record TimeBudget(Clock clock, Instant deadline) {

    /** One attempt of a DynamoDB call, cut by the SDK. */
    static final Duration ATTEMPT_TIMEOUT = Duration.ofSeconds(2);
    /** One DynamoDB call with the SDK's standard retries, cut by the SDK. */
    static final Duration CALL_TIMEOUT = Duration.ofSeconds(5);
    /** Left for the item in hand and the log line: its two calls at their longest. */
    static final Duration RESERVE = CALL_TIMEOUT.multipliedBy(2);

    TimeBudget {
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(deadline, "deadline");
    }

    /**
     * The budget of an invocation with {@code remaining} time left.
     *
     * @param clock     the time
     * @param remaining the function's remaining time (Lambda's context)
     * @return the budget ending {@link #RESERVE} before it
     */
    static TimeBudget of(Clock clock, Duration remaining) {
        return new TimeBudget(clock, clock.instant().plus(remaining).minus(RESERVE));
    }

    /** Whether no more item may be begun. */
    boolean spent() {
        return !clock.instant().isBefore(deadline);
    }
}
