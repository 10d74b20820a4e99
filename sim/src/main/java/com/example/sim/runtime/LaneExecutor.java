package com.example.sim.runtime;

import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * The receiver's lane pool in the simulation: each lane a {@link Scheduler.Fiber} of the
 * environment that submits it, its future waited on through the scheduler, so the lanes of one
 * batch interleave with each other and with other environments at each AWS call, by the seed.
 */
public final class LaneExecutor extends AbstractExecutorService {

    private final Scheduler scheduler;
    private boolean shutdown;

    public LaneExecutor(Scheduler scheduler) {
        this.scheduler = scheduler;
    }

    @Override
    public Future<?> submit(Runnable task) {
        return submit(() -> {
            task.run();
            return null;
        });
    }

    /** A task that answers (the fast path's node calls): its future, too, is waited on through the scheduler. */
    @Override
    public <T> Future<T> submit(java.util.concurrent.Callable<T> task) {
        Object owner = scheduler.current() == null ? null : scheduler.current().owner();
        Throwable[] failure = new Throwable[1];
        List<T> answer = new java.util.ArrayList<>(1);
        Scheduler.Fiber lane = scheduler.spawn(owner, () -> {
            try {
                answer.add(task.call());
            } catch (Exception e) {
                failure[0] = e;
            }
        });
        return new Future<>() {
            @Override
            public boolean cancel(boolean mayInterrupt) {
                return false;
            }

            @Override
            public boolean isCancelled() {
                return false;
            }

            @Override
            public boolean isDone() {
                return lane.done();
            }

            @Override
            public T get() throws ExecutionException {
                scheduler.join(lane);
                if (failure[0] != null) {
                    throw new ExecutionException(failure[0]);
                }
                return answer.isEmpty() ? null : answer.get(0);
            }

            @Override
            public T get(long timeout, TimeUnit unit) throws ExecutionException {
                return get();
            }
        };
    }

    @Override
    public void execute(Runnable command) {
        submit(command);
    }

    @Override
    public void shutdown() {
        shutdown = true;
    }

    @Override
    public List<Runnable> shutdownNow() {
        shutdown = true;
        return List.of();
    }

    @Override
    public boolean isShutdown() {
        return shutdown;
    }

    @Override
    public boolean isTerminated() {
        return shutdown;
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) {
        return true;
    }
}
