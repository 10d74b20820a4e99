package com.example.localaws.mapping;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Runs a list of {@link Poller}s in turn until every one is idle (twice in a row, a pause
 * apart, so that a message just made visible again or just moved to a DLQ is not missed), or
 * until a deadline. While nothing is received but something is in flight (a failure waiting out
 * its visibility timeout) it pauses between rounds instead of spinning.
 */
public final class DrainLoop {

    /** How the loop ended: {@code drained} false when the deadline came first. */
    public record Result(boolean drained, long rounds, Duration took) {
    }

    private static final Duration PROGRESS_EVERY = Duration.ofSeconds(10);

    private final List<Poller> pollers;
    private final Duration pause;
    private final Clock clock;

    public DrainLoop(List<Poller> pollers, Duration pause, Clock clock) {
        this.pollers = List.copyOf(pollers);
        this.pause = Objects.requireNonNull(pause, "pause");
        this.clock = Objects.requireNonNull(clock, "clock");
        if (this.pollers.isEmpty()) {
            throw new IllegalArgumentException("no poller to run");
        }
    }

    /** Polls until every poller is idle or {@code timeout} has passed; reports progress now and then. */
    public Result run(Duration timeout, Consumer<String> progress) {
        Instant started = clock.instant();
        Instant deadline = started.plus(timeout);
        Instant nextProgress = started.plus(PROGRESS_EVERY);
        long rounds = 0;
        int quietRounds = 0;
        while (clock.instant().isBefore(deadline)) {
            rounds++;
            int received = 0;
            for (Poller poller : pollers) {
                received += poller.pollOnce();
            }
            if (received == 0) {
                boolean idle = pollers.stream().allMatch(Poller::idle);
                quietRounds = idle ? quietRounds + 1 : 0;
                if (quietRounds >= 2) {
                    return new Result(true, rounds, Duration.between(started, clock.instant()));
                }
                sleep(pause);
            }
            if (clock.instant().isAfter(nextProgress)) {
                nextProgress = clock.instant().plus(PROGRESS_EVERY);
                progress.accept(String.format("draining for %ds, %d rounds; %s", Duration.between(started, clock.instant()).toSeconds(),
                        rounds, String.join(", ", pollers.stream().map(p -> p.name() + (p.idle() ? " idle" : " busy")).toList())));
            }
        }
        return new Result(false, rounds, Duration.between(started, clock.instant()));
    }

    private static void sleep(Duration pause) {
        try {
            Thread.sleep(pause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
