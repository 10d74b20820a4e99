package com.example.receiver.internal.sqs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The least time a payment throttled at every receive spends before the dead-letter queue, which
 * the template's {@code MaxReceiveCount} is planned with (docs/architecture.md, "Windows at AWS's
 * time scale"): DynamoDB on-demand may throttle a table for 30 minutes after its traffic doubles
 * ("Pre-warming on-demand capacity", Amazon DynamoDB Developer Guide).
 */
class SoonRedeliveryPlanTest {

    private static Duration life(int receives) {
        return SoonRedelivery.shortestThrottledLife(receives, SoonRedelivery.DEFAULT_MIN, SoonRedelivery.DEFAULT_MAX);
    }

    @Test
    void throttledDelays_doubleFromOneSecond_upToFifteenMinutes_summedOverTheReceives() {
        // 1 + 2 + 4 + 8 + 16 s: five receives, the old default, are gone in half a minute
        assertEquals(Duration.ofSeconds(31), life(5));
        // 1 + ... + 512 s, then 900 s each
        assertEquals(Duration.ofSeconds(1023), life(10));
        assertEquals(Duration.ofSeconds(1923), life(11));
        assertEquals(Duration.ofSeconds(5523), life(15));
    }

    @Test
    void theTemplatesSmallestMaxReceiveCount_outlastsThirtyMinutesOfThrottling_andFiveDidNot() {
        assertTrue(life(12).compareTo(Duration.ofMinutes(30)) > 0, life(12).toString());
        assertTrue(life(5).compareTo(Duration.ofMinutes(30)) < 0, life(5).toString());
    }

    @Test
    void aLongerUpperBound_raisesTheCeiling() {
        // the eleventh delay would be 1024 s: capped at 1200 s instead of 900 s, it stays 1024 s
        assertEquals(Duration.ofSeconds(1023 + 1024), SoonRedelivery.shortestThrottledLife(11, Duration.ofSeconds(1),
                Duration.ofSeconds(1200)));
    }
}
