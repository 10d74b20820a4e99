package com.example.receiver.lambda;

import com.example.receiver.internal.BatchReceiver;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.function.IntFunction;
import java.util.function.LongSupplier;
import java.util.random.RandomGenerator;

/**
 * Everything a receiver takes from its world besides its clients: the time of its decisions, the
 * time of its latencies, its pauses, its randomness and its lanes' threads. A function runs on
 * {@link #system()}; a test or a simulation gives its own (a virtual clock, pauses that advance
 * it, a seeded generator, lanes run on its scheduler), so that a run is a function of its inputs.
 *
 * @param clock     the time of decisions, expiry and log lines
 * @param monotonic nanoseconds from an arbitrary origin that never goes back: the latencies reported
 * @param sleeper   how the store pauses between attempts refused for a passing reason
 * @param random    the jitter of retries and of soon redelivery; never a seeded generator in a
 *                  function (every environment restored from one SnapStart snapshot would replay it)
 * @param lanes     makes the executor of the lanes, given the most lanes run at once; shut down
 *                  with the receiver
 */
public record ReceiverRuntime(Clock clock, LongSupplier monotonic, Sleeper sleeper, RandomGenerator random,
                              IntFunction<ExecutorService> lanes) {

    /** Waits: the one way the receiver pauses. */
    @FunctionalInterface
    public interface Sleeper {

        /**
         * Returns after {@code pause}, or throws when the thread is interrupted meanwhile.
         *
         * @param pause how long
         * @throws InterruptedException when the thread is interrupted
         */
        void sleep(Duration pause) throws InterruptedException;
    }

    /** Refuses a missing part. */
    public ReceiverRuntime {
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(monotonic, "monotonic");
        Objects.requireNonNull(sleeper, "sleeper");
        Objects.requireNonNull(random, "random");
        Objects.requireNonNull(lanes, "lanes");
    }

    /**
     * A function's runtime: the system's UTC clock, {@code System.nanoTime}, the thread's sleep, a
     * new {@link SecureRandom}, a pool of daemon threads for the lanes.
     *
     * @return the runtime of a function
     */
    public static ReceiverRuntime system() {
        return new ReceiverRuntime(Clock.systemUTC(), System::nanoTime, Thread::sleep, new SecureRandom(),
                BatchReceiver::lanePool);
    }

    /**
     * This runtime on another clock.
     *
     * @param time the time of decisions, expiry and log lines
     * @return a new runtime
     */
    public ReceiverRuntime withClock(Clock time) {
        return new ReceiverRuntime(time, monotonic, sleeper, random, lanes);
    }

    /**
     * This runtime on another random generator.
     *
     * @param jitter the generator of retries' and soon redelivery's jitter
     * @return a new runtime
     */
    public ReceiverRuntime withRandom(RandomGenerator jitter) {
        return new ReceiverRuntime(clock, monotonic, sleeper, jitter, lanes);
    }

    /**
     * This runtime with time's passing and the lanes' threads given (a virtual clock's).
     *
     * @param latency  nanoseconds that never go back
     * @param pauses   how the store pauses
     * @param executor makes the executor of the lanes
     * @return a new runtime
     */
    public ReceiverRuntime withTime(LongSupplier latency, Sleeper pauses, IntFunction<ExecutorService> executor) {
        return new ReceiverRuntime(clock, latency, pauses, random, executor);
    }
}
