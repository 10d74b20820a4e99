package com.example.sim.workload;

import com.example.sim.models.LambdaService;
import com.example.sim.models.SqsQueue;
import com.example.sim.runtime.Scheduler;

/**
 * The runbook's entry for a rolled-back deploy (docs/deploy.md, "A deploy rolled back"): the
 * operator, paged by the alarm that stopped it, deletes nothing (the bad version's letters carry an
 * outcome, as poison does, but are good payments), waits until no invocation of the bad version can
 * still be running (the function's timeout after the rollback, and the operator's own delay), then
 * moves the whole DLQ back to the payments queue, once ({@code start-message-move-task}): the bad
 * version's rejections of good payments are decided by the old version, and what was poison or a
 * conflict anyway comes back to the DLQ as it was, for the usual entry.
 */
public final class RollbackRedrive {

    /** The operator reads the page and the runbook first. */
    private static final long OPERATOR_DELAY = 600_000_000L;

    private final Scheduler scheduler;
    private final SqsQueue deadLetters;
    private final SqsQueue payments;
    private final LambdaService lambda;
    private final long functionTimeoutMicros;
    private boolean due;
    private int moved = -1;
    private long at = -1;

    public RollbackRedrive(Scheduler scheduler, SqsQueue deadLetters, SqsQueue payments, LambdaService lambda,
                           long functionTimeoutSeconds) {
        this.scheduler = scheduler;
        this.deadLetters = deadLetters;
        this.payments = payments;
        this.lambda = lambda;
        this.functionTimeoutMicros = functionTimeoutSeconds * 1_000_000L;
    }

    /** The deployment was rolled back now: the redrive is due. */
    public void rolledBack() {
        due = true;
        scheduler.at(scheduler.now() + Math.max(functionTimeoutMicros, OPERATOR_DELAY), this::redrive);
    }

    private void redrive() {
        moved = deadLetters.moveTo(payments);
        at = scheduler.now();
        due = false;
        lambda.sent();
    }

    /** Whether the redrive is due and not done: the DLQ is this entry's until it is. */
    public boolean due() {
        return due;
    }

    /** Letters it moved back; -1 before it ran. */
    public int moved() {
        return moved;
    }

    /** When it ran; -1 before. */
    public long at() {
        return at;
    }
}
