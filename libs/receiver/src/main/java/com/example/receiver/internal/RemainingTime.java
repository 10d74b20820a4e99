package com.example.receiver.internal;

import java.time.Duration;

/** How long the current invocation may still run (Lambda's {@code getRemainingTimeInMillis}). */
@FunctionalInterface
public interface RemainingTime {

    /**
     * The time left before the invocation is cut off.
     *
     * @return the time left; zero or negative once it is over
     */
    Duration remaining();

    /** An invocation without a deadline, for tools and tests. */
    RemainingTime UNBOUNDED = () -> Duration.ofDays(1);
}
