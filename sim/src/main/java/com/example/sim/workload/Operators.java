package com.example.sim.workload;

import com.example.paymenttraffic.Seeds;
import com.example.sim.faults.FaultSchedule;
import com.example.sim.models.LambdaService;
import com.example.sim.models.SqsMessage;
import com.example.sim.models.SqsQueue;
import com.example.sim.runtime.Scheduler;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The operators of the payments DLQ as they really are, not as the runbook hopes (docs/deploy.md,
 * the entry of the alarm {@code dlq-not-empty}): the alarm looked at every five minutes; while the
 * DLQ holds anything, each time it does they answer it once ({@link Response}), at any moment
 * within the retention of the letters waiting, hastily or days later, once the fault behind it is
 * over or before the fix; and in one of three orders: the runbook's (read the DLQ, delete the
 * letters the function sent with an outcome no delivery changes, then move the rest back), the
 * console's (move the whole DLQ back with {@code StartMessageMoveTask}, rejected and conflicting
 * letters with it, which the function sends back to the DLQ as new messages, with a new retention),
 * or {@code make redrive OUTCOME=} (only those without an outcome, the rest left for later). Some
 * of the time a second operator runs the same redrive again soon after. So the same dead letters
 * may be redriven any number of times, for as long as they bounce back.
 *
 * <p>Every choice is drawn from the operators' own stream of the seed, a fixed number of draws a
 * response, so that a shrunk trace (fewer payments, fewer faults) leaves the k-th response's
 * choices as they were.
 */
public final class Operators {

    private static final long CHECK_EVERY = 300_000_000L;
    private static final long SHORTEST_DELAY = 600_000_000L;
    /** A hasty operator answers within the hour; the others any time after, within the letters' retention. */
    private static final long HASTY = 3_600_000_000L;
    /** The runbook moves what it read back once the read's visibility is over (60 s after the read). */
    private static final long AFTER_THE_READ = 60_000_000L;
    private static final long EPOCH_MICROS = Scheduler.EPOCH.getEpochSecond() * 1_000_000L;
    /** The operators' stream of the seed, apart from every payment's, the bursts' and the gateways' clocks. */
    private static final long STREAM = -20;

    /** In which order an operator redrives. */
    enum Order {
        /** The runbook's (a quarter of the time): read, delete the letters with an outcome, move the rest back. */
        RUNBOOK,
        /** The console's (its one button, and so half the time): the whole DLQ moved back, letters with an outcome too. */
        EVERYTHING,
        /** {@code make redrive OUTCOME=} (a quarter): only the letters without an outcome; the others left for later. */
        ONLY_WITHOUT_OUTCOME
    }

    /**
     * How one alarm is answered.
     *
     * @param hasty        within the hour, else any time within the letters' retention
     * @param when         where in that span, 0 to 1
     * @param waitsForFix  whether the operator waits until the fault behind the letters is over
     * @param order        what is redriven
     * @param twice        whether a second operator runs the same redrive again soon after
     */
    record Response(boolean hasty, double when, boolean waitsForFix, Order order, boolean twice) {

        static Response draw(SplittableRandom random) {
            double order = random.nextDouble();
            return new Response(random.nextDouble() < 0.25, random.nextDouble(), random.nextDouble() < 0.7,
                    order < 0.5 ? Order.EVERYTHING : order < 0.75 ? Order.ONLY_WITHOUT_OUTCOME : Order.RUNBOOK,
                    random.nextDouble() < 0.3);
        }
    }

    private final Scheduler scheduler;
    private final SqsQueue deadLetters;
    private final SqsQueue payments;
    private final FaultSchedule faults;
    private final LambdaService lambda;
    private final long deadLetterRetentionMicros;
    private final long trafficEnd;
    private final long lastEnd;
    private final SplittableRandom random;
    private boolean redriveDue;
    private int redrives;
    private boolean quiet;
    private java.util.function.BooleanSupplier held = () -> false;

    /**
     * @param deadLetterRetentionSeconds the DLQ's retention: a redrive is at a moment within it
     * @param seed                       the run's seed, whose operators' stream every choice is drawn from
     */
    public Operators(Scheduler scheduler, SqsQueue deadLetters, SqsQueue payments, FaultSchedule faults, LambdaService lambda,
                     long deadLetterRetentionSeconds, long seed, long trafficEnd, long lastEnd) {
        this.scheduler = scheduler;
        this.deadLetters = deadLetters;
        this.payments = payments;
        this.faults = faults;
        this.lambda = lambda;
        this.deadLetterRetentionMicros = deadLetterRetentionSeconds * 1_000_000L;
        this.random = new Seeds(seed).stream(Seeds.Component.SCHEDULE, STREAM);
        this.trafficEnd = trafficEnd;
        this.lastEnd = lastEnd;
    }

    /**
     * While {@code hold} says so, the alarm is not answered the usual way: another runbook entry
     * has the DLQ (a rolled-back deploy's, {@link RollbackRedrive}, whose letters include good
     * payments that the usual entry would delete as rejected).
     */
    public void holdWhile(java.util.function.BooleanSupplier hold) {
        this.held = hold;
    }

    public void start() {
        scheduler.after(CHECK_EVERY, this::check);
    }

    /** Redrives run (each a move of the DLQ back, a second operator's included). */
    public int redrives() {
        return redrives;
    }

    /** Whether the run ended with nothing left to do: no traffic, queue empty, DLQ empty. */
    public boolean quiet() {
        return quiet;
    }

    private void check() {
        List<SqsMessage> letters = deadLetters.messages();
        if (!letters.isEmpty() && !redriveDue && !held.getAsBoolean()) {
            redriveDue = true;
            answer(Response.draw(random), letters);
        }
        if (scheduler.now() >= trafficEnd && letters.isEmpty() && !redriveDue && payments.depth() == 0 && !lambda.busy()) {
            quiet = true;
            return;
        }
        if (scheduler.now() < lastEnd) {
            scheduler.after(CHECK_EVERY, this::check);
        }
    }

    /** Schedules {@code response}: at a moment within the retention of {@code letters}, after the fix or not. */
    private void answer(Response response, List<SqsMessage> letters) {
        long now = scheduler.now();
        long firstExpiry = letters.stream().mapToLong(m -> m.enqueuedAtMillis() * 1000 + deadLetterRetentionMicros)
                .min().orElseThrow() - EPOCH_MICROS;
        long latest = Math.max(now + SHORTEST_DELAY, firstExpiry - SHORTEST_DELAY);
        long at = response.hasty()
                ? now + SHORTEST_DELAY + (long) (response.when() * (HASTY - SHORTEST_DELAY))
                : Math.min(latest, now + HASTY + (long) (response.when() * Math.max(0, latest - now - HASTY)));
        if (response.waitsForFix()) {
            at = Math.max(at, faults.clearAfter(now) + SHORTEST_DELAY);
        }
        scheduler.at(at, () -> redrive(response));
    }

    private void redrive(Response response) {
        switch (response.order()) {
            case RUNBOOK -> {
                deleteLettersWithAnOutcome();
                scheduler.after(AFTER_THE_READ, () -> moveBack(response));
            }
            case EVERYTHING, ONLY_WITHOUT_OUTCOME -> moveBack(response);
        }
    }

    private void moveBack(Response response) {
        move(response.order());
        if (response.twice()) {
            scheduler.after(random.nextLong(SHORTEST_DELAY, HASTY + 1), () -> {
                move(response.order());
                redriveDue = false;
            });
        } else {
            random.nextLong(); // a fixed number of draws a response
            redriveDue = false;
        }
    }

    private void move(Order order) {
        redrives++;
        if (order == Order.ONLY_WITHOUT_OUTCOME) {
            deadLetters.messages().stream().filter(m -> outcome(m) == null).forEach(m -> deadLetters.moveOne(m, payments));
        } else {
            deadLetters.moveTo(payments);
        }
        lambda.sent();
    }

    /** The runbook's read: every letter received (hidden for the DLQ's visibility timeout), those with an outcome deleted. */
    private void deleteLettersWithAnOutcome() {
        for (List<SqsMessage> read = deadLetters.receive(10); !read.isEmpty(); read = deadLetters.receive(10)) {
            read.stream().filter(m -> outcome(m) != null).forEach(m -> deadLetters.delete(m.receiptHandle()));
        }
    }

    /** The outcome the function sent a letter with ({@code REJECTED}, {@code CONFLICT}), or null for one SQS moved. */
    private static String outcome(SqsMessage message) {
        String[] outcome = message.attributes().get("outcome");
        return outcome == null ? null : outcome[1];
    }
}
