package com.example.lambdafakes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class VirtualClockTest {

    private static final Instant START = Instant.parse("2026-03-02T00:00:00Z");

    @Test
    void aClockAtAnInstant_standsStill_untilMoved_forwardOrBack() {
        VirtualClock clock = VirtualClock.at(START);

        assertEquals(START, clock.instant());
        clock.advance(Duration.ofDays(30));
        assertEquals(START.plus(Duration.ofDays(30)), clock.instant());
        clock.advance(Duration.ofDays(-1));
        assertEquals(START.plus(Duration.ofDays(29)), clock.instant());
        assertEquals(Duration.ofDays(29), clock.offset());
    }

    @Test
    void aClockFollowingASource_readsIt_plusWhatItWasMoved() {
        AtomicReference<Instant> scheduler = new AtomicReference<>(START);
        VirtualClock clock = VirtualClock.following(scheduler::get);

        scheduler.set(START.plusSeconds(5));
        assertEquals(START.plusSeconds(5), clock.instant());
        clock.advance(Duration.ofHours(1));
        scheduler.set(START.plusSeconds(6));
        assertEquals(START.plusSeconds(6).plus(Duration.ofHours(1)), clock.instant());
    }

    @Test
    void aClockAheadOfTheSystem_runsWithIt_theOffsetAhead() {
        VirtualClock clock = VirtualClock.aheadOfSystem();
        clock.advance(Duration.ofDays(30));

        Instant before = Instant.now().plus(Duration.ofDays(30));
        Instant read = clock.instant();
        Instant after = Instant.now().plus(Duration.ofDays(30));
        assertFalse(read.isBefore(before));
        assertFalse(read.isAfter(after));
        assertTrue(clock.millis() >= before.toEpochMilli());
    }
}
