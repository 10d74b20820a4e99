package com.example.receiver.internal;

import java.time.Duration;

/**
 * Waits: the one way the receiver pauses (between attempts DynamoDB refused for a passing
 * reason), injected so that a test can count the pauses instead of taking them.
 */
@FunctionalInterface
public interface Sleeper {

    /** The running thread's own sleep. */
    Sleeper THREAD = Thread::sleep;

    /**
     * Returns after {@code pause}, or throws when the thread is interrupted meanwhile.
     *
     * @param pause how long
     * @throws InterruptedException when the thread is interrupted
     */
    void sleep(Duration pause) throws InterruptedException;
}
