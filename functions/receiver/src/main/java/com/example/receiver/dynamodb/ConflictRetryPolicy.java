package com.example.receiver.dynamodb;

import java.time.Duration;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * How often, and after what pause, a transaction cancelled by {@code TransactionConflict}
 * (another transaction on one of its items was in flight) is tried again before the message is
 * given back for redelivery. Pauses are "full jitter": uniform in {@code [0, base * 2^n]}, capped,
 * so that contending writers spread out instead of colliding again in step.
 *
 * @param maxAttempts attempts in all, at least 1
 * @param baseDelay   the cap of the first pause
 * @param maxDelay    the cap of any pause
 * @param random      the source of jitter (injected, so a test can make it repeatable)
 */
public record ConflictRetryPolicy(int maxAttempts, Duration baseDelay, Duration maxDelay, RandomGenerator random) {

    public ConflictRetryPolicy {
        Objects.requireNonNull(baseDelay, "baseDelay");
        Objects.requireNonNull(maxDelay, "maxDelay");
        Objects.requireNonNull(random, "random");
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1");
        }
    }

    /** Four attempts, pauses up to 20, 40, 80 ms. */
    public static ConflictRetryPolicy standard(RandomGenerator random) {
        return new ConflictRetryPolicy(4, Duration.ofMillis(20), Duration.ofMillis(200), random);
    }

    /** The pause before attempt {@code attempt + 1}, after {@code attempt} failed (1-based). */
    Duration pauseAfter(int attempt) {
        long cap = Math.min(maxDelay.toMillis(), baseDelay.toMillis() << Math.min(attempt - 1, 20));
        return Duration.ofMillis(cap <= 0 ? 0 : random.nextLong(cap + 1));
    }
}
