package com.example.receiver.testkit;

import java.time.Duration;

/**
 * Waits: the one way the local AWS pauses (polling for a port, a queue, a process; a delay a
 * fault asks for). The local AWS's own, not the receiver's {@code Sleeper}: the local AWS depends
 * on no function's library.
 */
@FunctionalInterface
public interface Sleeper {

    /** The running thread's own sleep. */
    Sleeper THREAD = Thread::sleep;

    /**
     * Returns after {@code pause}, or throws when the thread is interrupted meanwhile.
     *
     * @param pause how long
     * @throws InterruptedException when the thread is interrupted meanwhile
     */
    void sleep(Duration pause) throws InterruptedException;

    /**
     * Waits {@code pause}, for a caller that cannot go on once interrupted: the thread's
     * interrupt flag is kept, and an {@link IllegalStateException} ends the caller.
     *
     * @param pause how long
     */
    default void pause(Duration pause) {
        try {
            sleep(pause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /**
     * Waits {@code pause}, or less when interrupted, for a loop that checks its own way to stop:
     * the thread's interrupt flag is kept.
     *
     * @param pause how long
     */
    default void pauseQuietly(Duration pause) {
        try {
            sleep(pause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
