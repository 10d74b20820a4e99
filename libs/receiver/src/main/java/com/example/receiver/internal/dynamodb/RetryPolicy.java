package com.example.receiver.internal.dynamodb;

import com.example.receiver.RetryCause;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * How {@link DynamoDbStore} tries again, within the invocation, a call DynamoDB refused for a
 * passing reason: one {@link BackOff} per reason. Every other refusal is answered at once.
 *
 * @param contention for {@code TransactionConflict}: another writer held one of the items
 * @param throttling for throttling: the capacity of the table, a partition or an item exceeded
 */
public record RetryPolicy(BackOff contention, BackOff throttling) {

    /** Refuses a missing component. */
    public RetryPolicy {
        Objects.requireNonNull(contention, "contention");
        Objects.requireNonNull(throttling, "throttling");
    }

    /**
     * {@link BackOff#contention} and {@link BackOff#throttling}, each stopping while
     * {@code reserve} of the invocation still remains.
     *
     * @param random the jitter of both (a {@code SecureRandom} in Lambda: a seeded one would
     *               replay the same pauses in every environment restored from one snapshot)
     *
     * @param reserve the invocation's time kept for what follows the retries
     * @return the policy
     */
    public static RetryPolicy standard(Duration reserve, RandomGenerator random) {
        return new RetryPolicy(BackOff.contention(reserve, random), BackOff.throttling(reserve, random));
    }

    /**
     * Whether a new call may start with {@code remaining} left: as another attempt after no
     * pause, only while the reserve of both back-offs still remains.
     */
    boolean mayStart(Duration remaining) {
        return remaining.compareTo(contention.reserve()) >= 0 && remaining.compareTo(throttling.reserve()) >= 0;
    }

    /**
     * The pause before trying again after the {@code attempt}-th refusal for {@code cause}, or
     * empty when its budget is spent (or the cause is none this policy waits out).
     */
    Optional<Duration> pauseAfter(RetryCause cause, int attempt, Duration remaining) {
        return switch (cause) {
            case CONTENTION -> contention.pauseAfter(attempt, remaining);
            case THROTTLING -> throttling.pauseAfter(attempt, remaining);
            case OUT_OF_TIME, FAILURE -> Optional.empty();
        };
    }
}
