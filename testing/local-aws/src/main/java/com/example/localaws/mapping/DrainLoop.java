package com.example.localaws.mapping;

import com.example.receiver.testkit.Sleeper;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Runs a list of {@link Poller}s, each on its own thread, as Lambda runs each event source mapping
 * on its own: a slow batch of one function does not hold up the others. It stops when every
 * poller is quiet twice in a row, a pause apart, or at a deadline. Quiet means: its source is
 * {@link Poller#idle() idle} and it has received nothing since it last did, with at least one
 * more empty poll since the previous check (so work one poller hands to another, a message just
 * made visible again or just moved to a DLQ, is not missed). A poller that found nothing pauses
 * before polling again instead of spinning.
 */
public final class DrainLoop {

    /** How the loop ended: {@code drained} false when the deadline came first; {@code polls} by all pollers. */
    public record Result(boolean drained, long polls, Duration took) {
    }

    private static final Duration PROGRESS_EVERY = Duration.ofSeconds(10);

    private final List<Poller> pollers;
    private final Duration pause;
    private final Clock clock;
    private final Sleeper sleeper;

    /** A loop that pauses with {@link Sleeper#THREAD}. */
    public DrainLoop(List<Poller> pollers, Duration pause, Clock clock) {
        this(pollers, pause, clock, Sleeper.THREAD);
    }

    /** A loop whose checks and pollers pause with {@code sleeper}. */
    public DrainLoop(List<Poller> pollers, Duration pause, Clock clock, Sleeper sleeper) {
        this.pollers = List.copyOf(pollers);
        this.pause = Objects.requireNonNull(pause, "pause");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
        if (this.pollers.isEmpty()) {
            throw new IllegalArgumentException("no poller to run");
        }
    }

    /**
     * Polls until every poller is quiet or {@code timeout} has passed; reports progress now and then.
     *
     * @throws RuntimeException what a poller threw, once every poller has stopped
     */
    public Result run(Duration timeout, Consumer<String> progress) {
        Instant started = clock.instant();
        Instant deadline = started.plus(timeout);
        Instant nextProgress = started.plus(PROGRESS_EVERY);
        AtomicBoolean stop = new AtomicBoolean();
        List<Worker> workers = pollers.stream().map(poller -> new Worker(poller, pause, sleeper, stop)).toList();
        List<Thread> threads = workers.stream().map(worker -> Thread.ofPlatform().name("poller " + worker.poller.name())
                .start(worker)).toList();
        boolean drained = false;
        try {
            List<Progress> lastCheck = null;
            while (!drained && clock.instant().isBefore(deadline) && failure(workers) == null) {
                sleeper.pause(pause);
                List<Progress> check = quiet(workers);
                drained = lastCheck != null && check != null && quietSince(check, lastCheck);
                lastCheck = check;
                if (clock.instant().isAfter(nextProgress)) {
                    nextProgress = clock.instant().plus(PROGRESS_EVERY);
                    progress.accept(String.format("draining for %ds, %d polls; %s", Duration.between(started, clock.instant()).toSeconds(),
                            polls(workers), String.join(", ", workers.stream().map(Worker::describe).toList())));
                }
            }
        } finally {
            stop.set(true);
            threads.forEach(DrainLoop::join);
        }
        RuntimeException failure = failure(workers);
        if (failure != null) {
            throw failure;
        }
        return new Result(drained, polls(workers), Duration.between(started, clock.instant()));
    }

    /** Where each worker is when every one polled empty since it last received and its source is idle, else null. */
    private static List<Progress> quiet(List<Worker> workers) {
        List<Progress> progress = workers.stream().map(Worker::progress).toList();
        if (progress.stream().anyMatch(p -> p.polls() == p.lastReceivingPoll())) {
            return null;
        }
        return workers.stream().allMatch(worker -> worker.poller.idle()) ? progress : null;
    }

    /** True when every worker completed a poll since {@code before}, and none of them received. */
    private static boolean quietSince(List<Progress> now, List<Progress> before) {
        for (int i = 0; i < now.size(); i++) {
            if (now.get(i).polls() <= before.get(i).polls() || now.get(i).lastReceivingPoll() != before.get(i).lastReceivingPoll()) {
                return false;
            }
        }
        return true;
    }

    /** A worker's completed polls, and the number of the last one that received something (0: none did). */
    private record Progress(long polls, long lastReceivingPoll) {
    }

    private static long polls(List<Worker> workers) {
        return workers.stream().mapToLong(worker -> worker.progress().polls()).sum();
    }

    private static RuntimeException failure(List<Worker> workers) {
        return workers.stream().map(worker -> worker.failure).filter(Objects::nonNull).findFirst().orElse(null);
    }

    private static void join(Thread thread) {
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while stopping the pollers", e);
        }
    }

    /** One poller's thread: polls until told to stop, pausing after an empty poll; keeps what it threw. */
    private static final class Worker implements Runnable {
        private final Poller poller;
        private final Duration pause;
        private final Sleeper sleeper;
        private final AtomicBoolean stop;
        private volatile Progress progress = new Progress(0, 0);
        private volatile RuntimeException failure;

        Worker(Poller poller, Duration pause, Sleeper sleeper, AtomicBoolean stop) {
            this.poller = poller;
            this.pause = pause;
            this.sleeper = sleeper;
            this.stop = stop;
        }

        @Override
        public void run() {
            try {
                while (!stop.get()) {
                    int received = poller.pollOnce();
                    long poll = progress.polls() + 1;
                    progress = new Progress(poll, received > 0 ? poll : progress.lastReceivingPoll());
                    if (received == 0) {
                        sleeper.sleep(pause);
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                failure = e;
            }
        }

        Progress progress() {
            return progress;
        }

        String describe() {
            Progress now = progress;
            return poller.name() + (now.polls() > now.lastReceivingPoll() ? " quiet" : " busy");
        }
    }
}
