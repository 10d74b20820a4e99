package com.example.receiver.internal.dynamodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.receiver.RetryCause;
import java.time.Duration;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The back-off between attempts DynamoDB refused for a passing reason: jittered, exponential,
 * bounded by what the invocation has left and by a count, one budget per cause.
 */
class RetryPolicyTest {

    private static final Duration RESERVE = Duration.ofSeconds(10);
    private static final Duration PLENTY = Duration.ofMinutes(15);

    private final RetryPolicy policy = RetryPolicy.standard(RESERVE, new SplittableRandom(7));

    @Test
    void throttling_pausesGrowExponentially_withJitter_cappedAtOneSecond() {
        for (int attempt = 1; attempt < 50; attempt++) {
            long cap = Math.min(1_000, 50L << (attempt - 1));
            for (int draw = 0; draw < 200; draw++) {
                Duration pause = policy.pauseAfter(RetryCause.THROTTLING, attempt, PLENTY).orElseThrow();
                assertTrue(pause.toMillis() >= 0 && pause.toMillis() <= cap, attempt + ": " + pause);
            }
        }
    }

    @Test
    void throttling_givesUpAfterFiftyAttempts_whenNoDeadlineEndsItFirst() {
        assertTrue(policy.pauseAfter(RetryCause.THROTTLING, 49, PLENTY).isPresent());
        assertEquals(Optional.empty(), policy.pauseAfter(RetryCause.THROTTLING, 50, PLENTY));
    }

    @Test
    void noPause_thatWouldLeaveLessThanTheReserve_soTheInvocationIsNeverCutOffMidCommit() {
        // GIVEN 10 s of reserve, and 10.02 s left: only a pause of 20 ms or less fits
        Duration left = RESERVE.plusMillis(20);
        for (int draw = 0; draw < 200; draw++) {
            // WHEN the sixth attempt was throttled (pauses up to 1 s)
            Optional<Duration> pause = policy.pauseAfter(RetryCause.THROTTLING, 6, left);
            // THEN either a pause that leaves the reserve, or none: the message goes back
            pause.ifPresent(p -> assertTrue(p.toMillis() <= 20, p.toString()));
        }
        assertEquals(Optional.empty(), policy.pauseAfter(RetryCause.THROTTLING, 1, RESERVE.minusMillis(1)));
    }

    @Test
    void contention_keepsItsOwnShorterPauses_andLongerBudget() {
        for (int draw = 0; draw < 200; draw++) {
            assertTrue(policy.pauseAfter(RetryCause.CONTENTION, 10, PLENTY).orElseThrow().toMillis() <= 400);
        }
        assertTrue(policy.pauseAfter(RetryCause.CONTENTION, 99, PLENTY).isPresent());
        assertEquals(Optional.empty(), policy.pauseAfter(RetryCause.CONTENTION, 100, PLENTY));
    }

    @Test
    void causesNoWaitingChanges_areNeverRetriedInTheInvocation() {
        assertEquals(Optional.empty(), policy.pauseAfter(RetryCause.FAILURE, 1, PLENTY));
        assertEquals(Optional.empty(), policy.pauseAfter(RetryCause.OUT_OF_TIME, 1, PLENTY));
    }
}
