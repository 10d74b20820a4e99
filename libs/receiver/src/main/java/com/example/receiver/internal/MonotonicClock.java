package com.example.receiver.internal;

/**
 * Elapsed time, as nanoseconds from an arbitrary origin that never goes back: what the receiver
 * measures a batch's and a store call's latency with, injected so that a test can set it. Wall
 * time (a {@link java.time.Clock}) is for decisions and expiry; this is only for durations.
 */
@FunctionalInterface
public interface MonotonicClock {

    /** {@link System#nanoTime()}. */
    MonotonicClock SYSTEM = System::nanoTime;

    /**
     * Nanoseconds since this clock's origin; only differences between two readings mean anything.
     *
     * @return the reading
     */
    long nanos();
}
