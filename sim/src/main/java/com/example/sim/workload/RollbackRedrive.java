package com.example.sim.workload;

import com.example.sim.models.LambdaService;
import com.example.sim.models.SqsMessage;
import com.example.sim.models.SqsQueue;
import com.example.sim.runtime.Scheduler;
import java.util.List;

/**
 * The runbook's entry for a rolled-back deploy (docs/deploy.md, "A deploy rolled back"): the
 * operator, paged by the alarm that stopped it, waits until no invocation of the bad version can
 * still be running (the function's timeout after the rollback, and the operator's own delay), then
 * moves back to the payments queue every dead letter sent from the deployment's start to then,
 * whatever its outcome: the bad version's rejections of good payments are decided by the old
 * version, and what was poison anyway comes back to the DLQ as it was. Once, by the letters'
 * SentTimestamp (the window's letters only), as {@code make redrive MESSAGE_ID=} does.
 */
public final class RollbackRedrive {

    private static final long EPOCH_MICROS = Scheduler.EPOCH.getEpochSecond() * 1_000_000L;
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

    /** The deployment that started at {@code startedAt} was rolled back now: the redrive is due. */
    public void rolledBack(long startedAt) {
        due = true;
        long until = scheduler.now() + functionTimeoutMicros;
        scheduler.at(Math.max(until, scheduler.now() + OPERATOR_DELAY), () -> redrive(startedAt, until));
    }

    private void redrive(long from, long until) {
        List<SqsMessage> window = deadLetters.messages().stream().filter(letter -> {
            long sent = letter.enqueuedAtMillis() * 1000 - EPOCH_MICROS;
            return sent >= from && sent <= until;
        }).toList();
        window.forEach(letter -> deadLetters.moveOne(letter, payments));
        moved = window.size();
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
