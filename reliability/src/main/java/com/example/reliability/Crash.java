package com.example.reliability;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.LockSupport;

/**
 * The crash of one execution environment. {@link #now()} does what a killed process does to the
 * code that calls it: nothing after it ever runs, no {@code finally}, no exception handler (a
 * thrown exception would let Powertools delete its record, which a real crash never does). The
 * calling thread is parked for good and the environment's runner is told to end the invocation.
 */
final class Crash {

    private final CompletableFuture<Void> happened = new CompletableFuture<>();

    /** Crashes the environment; never returns. */
    void now() {
        happened.complete(null);
        while (true) {
            LockSupport.park(this);
        }
    }

    /** Completes when the environment has crashed. */
    CompletableFuture<Void> happened() {
        return happened;
    }
}
