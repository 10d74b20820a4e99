package com.example.receiver.internal.dynamodb;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * How a call DynamoDB refused for one passing reason (contention, or throttling) is tried again
 * within the invocation before the message is given back for redelivery.
 *
 * <p>The budget is the invocation's remaining time, not a fixed count: another attempt is made
 * only while, after its pause, at least {@code reserve} would still remain (what the attempt and
 * a decline record may take, so the invocation is never cut off mid-commit), and at most
 * {@code maxAttempts} in all (a bound for callers without a deadline). Pauses are "full jitter":
 * uniform in {@code [0, base * 2^n]}, capped at {@code maxDelay}, so that writers refused
 * together spread out instead of meeting again in step.
 *
 * @param maxAttempts attempts in all, at least 1
 * @param baseDelay   the cap of the first pause
 * @param maxDelay    the cap of any pause
 * @param reserve     the time that must remain after a pause for another attempt to be made
 * @param random      the source of jitter (injected, so a test can make it repeatable)
 */
public record BackOff(int maxAttempts, Duration baseDelay, Duration maxDelay, Duration reserve,
                      RandomGenerator random) {

    /** Checks the components as the record is made: none missing, and each rule above. */
    public BackOff {
        Objects.requireNonNull(baseDelay, "baseDelay");
        Objects.requireNonNull(maxDelay, "maxDelay");
        Objects.requireNonNull(reserve, "reserve");
        Objects.requireNonNull(random, "random");
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1");
        }
        if (baseDelay.isNegative() || maxDelay.isNegative() || reserve.isNegative()) {
            throw new IllegalArgumentException("delays and reserve must not be negative");
        }
    }

    /**
     * For {@code TransactionConflict} (another transaction on one of the items was in flight: a
     * hot account written by several environments at once): up to 100 attempts, pauses up to 10,
     * 20, 40 ... ms capped at 400 ms (about 20 s of contention at most), while {@code reserve}
     * remains. Conflicts last as long as another commit, a few milliseconds each.
     *
     * @param reserve the invocation's time kept for what follows
     * @param random the jitter
     * @return the back-off
     */
    public static BackOff contention(Duration reserve, RandomGenerator random) {
        return new BackOff(100, Duration.ofMillis(10), Duration.ofMillis(400), reserve, random);
    }

    /**
     * For throttling (the table's, the partition's or the item's capacity exceeded): up to 50
     * attempts, pauses up to 50, 100, 200 ... ms capped at 1 s, while {@code reserve} remains; in
     * Lambda the remaining time ends it first (about 20 s with the template's 30 s timeout and
     * 10 s reserve). DynamoDB asks that throttled requests be retried with exponential back-off
     * ("Error retries and exponential backoff", Amazon DynamoDB Developer Guide,
     * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Programming.Errors.html#Programming.Errors.RetryAndBackoff):
     * capacity refills continuously, so a pause relieves what the load exhausted, and an
     * environment that waits takes no new batch meanwhile, which lowers the load. Pauses grow
     * longer than contention's: capacity comes back over hundreds of milliseconds, a conflicting
     * commit is gone in a few.
     *
     * @param reserve the invocation's time kept for what follows
     * @param random the jitter
     * @return the back-off
     */
    public static BackOff throttling(Duration reserve, RandomGenerator random) {
        return new BackOff(50, Duration.ofMillis(50), Duration.ofSeconds(1), reserve, random);
    }

    /**
     * The pause before attempt {@code attempt + 1}, after {@code attempt} failed (1-based), or
     * empty when the budget is spent: {@code maxAttempts} reached, or less than {@code reserve}
     * would remain of {@code remaining} after the pause.
     */
    Optional<Duration> pauseAfter(int attempt, Duration remaining) {
        if (attempt >= maxAttempts) {
            return Optional.empty();
        }
        long cap = Math.min(maxDelay.toMillis(), baseDelay.toMillis() << Math.min(attempt - 1, 20));
        Duration pause = Duration.ofMillis(cap <= 0 ? 0 : random.nextLong(cap + 1));
        return remaining.minus(pause).compareTo(reserve) >= 0 ? Optional.of(pause) : Optional.empty();
    }
}
