package com.example.reliability;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;

/**
 * One poller's function, run the way Lambda runs execution environments: an environment is
 * started on the first invocation and reused; when it {@link Crash crashes}, the invocation fails
 * (the event source mapping deletes nothing) and the environment is dropped, so the next
 * invocation cold-starts a new one. A crashed environment is left where it stopped: each
 * invocation runs on its own thread, so a crashed one stays parked where it crashed. Invocations of one instance are sequential, as in one environment.
 */
final class LambdaEnvironments implements Function<SQSEvent, SQSBatchResponse>, AutoCloseable {

    /** One started environment. */
    interface Environment extends AutoCloseable {
        SQSBatchResponse invoke(SQSEvent event, Crash crash);

        @Override
        void close();
    }

    /** Starts an environment whose fault points crash through {@code crash}. */
    interface Factory {
        Environment start(Crash crash);
    }

    /** Thrown to the event source mapping when the environment crashed during the invocation. */
    static final class EnvironmentCrashed extends RuntimeException {
        EnvironmentCrashed() {
            super("the execution environment crashed", null, false, false);
        }
    }

    private final Factory factory;
    private final Timings timings;
    private Environment current;
    private Crash crash;

    LambdaEnvironments(Factory factory, Timings timings) {
        this.factory = factory;
        this.timings = timings;
    }

    @Override
    public synchronized SQSBatchResponse apply(SQSEvent event) {
        if (current == null) {
            crash = new Crash();
            current = factory.start(crash);
        }
        Environment environment = current;
        Crash ofThis = crash;
        long start = System.nanoTime();
        CompletableFuture<SQSBatchResponse> run = new CompletableFuture<>();
        Thread invocation = new Thread(() -> {
            try {
                run.complete(environment.invoke(event, ofThis));
            } catch (Throwable t) {
                run.completeExceptionally(t);
            }
        }, "invocation");
        invocation.setDaemon(true);
        invocation.start();
        CompletableFuture.anyOf(run, ofThis.happened()).join();
        if (ofThis.happened().isDone()) {
            // Abandoned, not closed: closing would interrupt its threads mid-request, which a
            // killed process never does (it would leave half-sent requests, not lost ones).
            current = null;
            throw new EnvironmentCrashed();
        }
        try {
            SQSBatchResponse response = run.join();
            timings.record(Duration.ofNanos(System.nanoTime() - start), event.getRecords().size());
            return response;
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException runtime ? runtime : e;
        }
    }

    @Override
    public synchronized void close() {
        if (current != null) {
            current.close();
            current = null;
        }
    }
}
