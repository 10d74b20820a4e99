package com.example.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * Runs of seeds side by side, one per processor (each a pure function of its own trace), handed
 * on in the order they were given, so that what is printed of them is the same as one after
 * another; a run that throws stops those not yet started.
 */
final class SideBySide {

    private SideBySide() {
    }

    static <T> void inOrder(List<Callable<T>> runs, Consumer<T> each) {
        ExecutorService workers = Executors.newFixedThreadPool(Math.max(1, Math.min(runs.size(), Runtime.getRuntime().availableProcessors())),
                Thread.ofPlatform().name("seed-", 1).daemon(true).factory());
        try {
            List<Future<T>> started = new ArrayList<>();
            runs.forEach(run -> started.add(workers.submit(run)));
            for (Future<T> run : started) {
                each.accept(outcome(run));
            }
        } finally {
            workers.shutdownNow();
        }
    }

    private static <T> T outcome(Future<T> run) {
        try {
            return run.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while a seed ran", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("a seed's run failed", e.getCause());
        }
    }
}
