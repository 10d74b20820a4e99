package com.example.sim.workload;

import com.example.payment.events.replay.OnFailureReplay;
import com.example.payment.events.replay.ReplayResult;
import com.example.paymenttraffic.Seeds;
import com.example.sim.faults.FaultSchedule;
import com.example.sim.models.SqsQueue;
import com.example.sim.runtime.Scheduler;
import java.util.SplittableRandom;
import java.util.function.BooleanSupplier;

/**
 * The operator of the publisher's failure queue, as operators really are (docs/deploy.md, the
 * entry of the alarm {@code <stack>-payment-events-failures}): the alarm looked at every five
 * minutes; when the queue holds skipped batches, they run the replay of the failure queue
 * ({@code make replay ON_FAILURE_QUEUE=...}: the real {@link OnFailureReplay} and
 * {@code DecisionReplay}, reading the idempotency table and publishing to the topic) after a delay
 * drawn from ten minutes to twelve days, within the queue's fourteen-day retention: most of the
 * time once the topic's fault is over, some of the time before the fix (and before the DLQ's
 * redrive: the two operators do not wait for each other); and some of the time a second operator
 * runs the same replay again soon after. A run that left batches in the queue (a publish refused,
 * or the command ending in an error) exits 1 naming them, and the operator runs it again within
 * the hour, once the topic's fault is over. Every choice is drawn from this operator's own stream
 * of the seed, so that a shrunk trace leaves them as they were.
 */
public final class ReplayOperator {

    private static final long CHECK_EVERY = 300_000_000L;
    private static final long SHORTEST_DELAY = 600_000_000L;
    private static final long LONGEST_DELAY = 12L * 86_400_000_000L;
    /** How soon an operator runs the replay again after it exited 1 naming batches it left in the queue. */
    private static final long AGAIN_WITHIN = 3_600_000_000L;
    /** This operator's stream of the seed, apart from every payment's and the DLQ operators'. */
    private static final long STREAM = -21;

    private final Scheduler scheduler;
    private final SqsQueue failureQueue;
    private final OnFailureReplay replay;
    private final FaultSchedule faults;
    private final BooleanSupplier restQuiet;
    private final long trafficEnd;
    private final long lastEnd;
    private final SplittableRandom random;
    private boolean due;
    private int replays;
    private long replayed;
    private int failedReplays;

    /**
     * @param restQuiet whether everything else is done (the other operators, the stream): then an
     *                  empty failure queue ends the looking
     * @param seed      the run's seed, whose stream of this operator every choice is drawn from
     */
    public ReplayOperator(Scheduler scheduler, SqsQueue failureQueue, OnFailureReplay replay, FaultSchedule faults,
                   BooleanSupplier restQuiet, long seed, long trafficEnd, long lastEnd) {
        this.random = new Seeds(seed).stream(Seeds.Component.SCHEDULE, STREAM);
        this.scheduler = scheduler;
        this.failureQueue = failureQueue;
        this.replay = replay;
        this.faults = faults;
        this.restQuiet = restQuiet;
        this.trafficEnd = trafficEnd;
        this.lastEnd = lastEnd;
    }

    public void start() {
        scheduler.after(CHECK_EVERY, this::check);
    }

    /** Replays run, and decisions they published. */
    public int replays() {
        return replays;
    }

    public long replayed() {
        return replayed;
    }

    /** Replays that ended in an error (an AWS call of the command refused). */
    public int failedReplays() {
        return failedReplays;
    }

    private void check() {
        boolean waiting = failureQueue.depth() > 0;
        if (waiting && !due) {
            due = true;
            long delay = random.nextLong(SHORTEST_DELAY, LONGEST_DELAY + 1);
            boolean beforeTheFix = random.nextDouble() < 0.2;
            boolean twice = random.nextDouble() < 0.3;
            long again = random.nextLong(SHORTEST_DELAY, AGAIN_WITHIN + 1);
            long at = beforeTheFix ? scheduler.now() + delay
                    : Math.max(scheduler.now() + delay, faults.topicClearAfter(scheduler.now()) + SHORTEST_DELAY);
            scheduler.at(at, () -> {
                if (replay() && twice) { // a second operator runs the same replay again, unless one is due anyway
                    scheduler.after(again, () -> {
                        if (!due) {
                            replay();
                        }
                    });
                }
            });
        }
        if (scheduler.now() >= trafficEnd && !waiting && !due && restQuiet.getAsBoolean()) {
            return;
        }
        if (scheduler.now() < lastEnd) {
            scheduler.after(CHECK_EVERY, this::check);
        }
    }

    /** Runs the replay; whether it left nothing in the queue (else it is run again within the hour). */
    private boolean replay() {
        due = false;
        replays++;
        boolean left;
        try {
            ReplayResult result = replay.replay(failureQueue.url());
            replayed += result.published();
            left = !result.complete();
        } catch (RuntimeException failed) {
            failedReplays++; // the command ended in an error
            left = true;
        }
        if (left) { // the command exited 1 naming what it left: run again once the cause is fixed, not days later
            due = true;
            long again = scheduler.now() + random.nextLong(SHORTEST_DELAY, AGAIN_WITHIN + 1);
            scheduler.at(Math.max(again, faults.topicClearAfter(scheduler.now()) + SHORTEST_DELAY), this::replay);
        }
        return !left;
    }
}
