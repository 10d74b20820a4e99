package com.example.lambdafakes;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Objects;

/**
 * A UTC clock that reads a source of time and runs {@link #offset()} ahead of it, moved only by
 * {@link #advance}, for every reader at once. Standing still from a fixed instant
 * ({@link #at}, {@link #atSystemTime}: a unit test's clock), or following the system's clock
 * ({@link #aheadOfSystem}: the local AWS stamps messages with real time, and a run moves days on
 * without waiting), or following any other source ({@link #following}: a simulation's virtual time).
 */
public final class VirtualClock extends Clock {

    private final InstantSource source;
    private volatile Duration offset = Duration.ZERO;

    private VirtualClock(InstantSource source) {
        this.source = Objects.requireNonNull(source, "source");
    }

    /** A clock standing at {@code start} until moved. */
    public static VirtualClock at(Instant start) {
        Objects.requireNonNull(start, "start");
        return new VirtualClock(() -> start);
    }

    /** A clock standing at the system's time now until moved. */
    public static VirtualClock atSystemTime() {
        return at(Instant.now());
    }

    /** The system's clock, moved ahead on demand. */
    public static VirtualClock aheadOfSystem() {
        return new VirtualClock(Clock.systemUTC());
    }

    /** {@code source}'s time (a simulation's scheduler), moved ahead on demand. */
    public static VirtualClock following(InstantSource source) {
        return new VirtualClock(source);
    }

    /** Moves the clock {@code by} forward (back, when negative), for every reader at once. */
    public synchronized void advance(Duration by) {
        offset = offset.plus(by);
    }

    /** How far ahead of its source the clock runs. */
    public Duration offset() {
        return offset;
    }

    @Override
    public Instant instant() {
        return source.instant().plus(offset);
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    /** The clock is UTC only: readers of it read instants, never local times. */
    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }
}
