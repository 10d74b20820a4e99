package com.example.sim.workload;

import com.example.sim.faults.FaultSchedule;
import com.example.sim.models.LambdaService;
import com.example.sim.models.SqsMessage;
import com.example.sim.models.SqsQueue;
import com.example.sim.runtime.Scheduler;
import java.util.Set;

/**
 * The operators, as the runbook has them (docs/deploy.md, the DLQ alarm's entry): the DLQ alarm
 * looked at every five minutes; when it holds payments that failed for a passing reason, once
 * the fault behind it is over, they redrive them to the payments queue (StartMessageMoveTask:
 * {@code make redrive}) after a delay drawn from ten minutes to twelve days, within the DLQ's
 * fourteen-day retention. The letters the function sent with an outcome no delivery can change
 * (rejected, conflicting) are left for a person, as the runbook says.
 */
public final class Operators {

    private static final long CHECK_EVERY = 300_000_000L;
    private static final long SHORTEST_DELAY = 600_000_000L;
    private static final long LONGEST_DELAY = 12L * 86_400_000_000L;
    private static final Set<String> UNDECIDABLE = Set.of("REJECTED", "CONFLICT");

    private final Scheduler scheduler;
    private final SqsQueue deadLetters;
    private final SqsQueue payments;
    private final FaultSchedule faults;
    private final LambdaService lambda;
    private final long trafficEnd;
    private final long lastEnd;
    private boolean redriveDue;
    private int redrives;
    private boolean quiet;

    public Operators(Scheduler scheduler, SqsQueue deadLetters, SqsQueue payments, FaultSchedule faults, LambdaService lambda,
              long trafficEnd, long lastEnd) {
        this.scheduler = scheduler;
        this.deadLetters = deadLetters;
        this.payments = payments;
        this.faults = faults;
        this.lambda = lambda;
        this.trafficEnd = trafficEnd;
        this.lastEnd = lastEnd;
    }

    public void start() {
        scheduler.after(CHECK_EVERY, this::check);
    }

    public int redrives() {
        return redrives;
    }

    /** Whether the run ended with nothing left to do: no traffic, queue empty, nothing to redrive. */
    public boolean quiet() {
        return quiet;
    }

    private void check() {
        boolean waiting = deadLetters.messages().stream().anyMatch(Operators::redrivable);
        if (waiting && !redriveDue) {
            redriveDue = true;
            long delay = scheduler.random().nextLong(SHORTEST_DELAY, LONGEST_DELAY + 1);
            long at = Math.max(scheduler.now() + delay, faults.clearAfter(scheduler.now()) + SHORTEST_DELAY);
            scheduler.at(at, this::redrive);
        }
        if (scheduler.now() >= trafficEnd && !waiting && !redriveDue && payments.depth() == 0 && !lambda.busy()) {
            quiet = true;
            return;
        }
        if (scheduler.now() < lastEnd) {
            scheduler.after(CHECK_EVERY, this::check);
        }
    }

    private void redrive() {
        redriveDue = false;
        redrives++;
        for (SqsMessage message : deadLetters.messages()) {
            if (redrivable(message)) {
                deadLetters.moveOne(message, payments);
            }
        }
        lambda.sent();
    }

    static boolean redrivable(SqsMessage message) {
        String[] outcome = message.attributes().get("outcome");
        return outcome == null || !UNDECIDABLE.contains(outcome[1]);
    }
}
