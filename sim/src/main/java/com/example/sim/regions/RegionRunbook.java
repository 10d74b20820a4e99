package com.example.sim.regions;

import com.example.receiver.lambda.DeadLetterAttributes;
import com.example.sim.models.SqsMessage;
import com.example.sim.models.SqsQueue;
import com.example.sim.runtime.Scheduler;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.BooleanSupplier;

/**
 * The operators walking docs/multi-region.md's two runbook entries for design (b), in their order:
 * <ol>
 *   <li><em>A Region is lost</em>: told from cut off when their alarm fires (1 to 10 minutes
 *       after it went, the run's {@link RegionSettings#failoverMinutes()}); a Region's event sources
 *       stopped ({@link Step#STOP_EVENT_SOURCES}) only when its control plane answers: never a lost
 *       Region's, a partitioned one's when {@link RegionSettings#controlPlaneWhenCut()} says so,
 *       so that its payments wait in its queue instead of spending their receives (the SQS
 *       mapping receives again whatever its function answers RETRY; after {@code maxReceiveCount}
 *       receives a message moves to the DLQ, "Using dead-letter queues in Amazon SQS", Amazon SQS
 *       Developer Guide, https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/sqs-dead-letter-queues.html).</li>
 *   <li><em>It came back</em>: no wait on MRSC (a strongly consistent read or a conditional write
 *       in the returning Region sees the latest item); its event sources enabled again
 *       ({@link Step#ENABLE_EVENT_SOURCES}), which drains what its queue stranded; its DLQ redriven
 *       once they run ({@link Step#REDRIVE_DEAD_LETTERS}). The replay of the outage's window is not
 *       walked here: the regions run has no publisher to replay for yet.</li>
 * </ol>
 * The redrive is also the answer to {@code dlq-not-empty} in every Region (docs/deploy.md): looked
 * at every 5 minutes after a letter arrives, done once the Region is up, reaches the others, runs
 * its event sources and no DynamoDB fault is on ({@code calm}); only the letters without an
 * outcome (those SQS moved after their receives, as {@code make redrive OUTCOME=} moves them),
 * never a rejected or conflicting payment's. A step left out ({@code steps}) is what the walks'
 * tests prove matters.
 */
public final class RegionRunbook {

    /** A step of the runbook, which a walk may leave out. */
    public enum Step { STOP_EVENT_SOURCES, ENABLE_EVENT_SOURCES, REDRIVE_DEAD_LETTERS }

    /** The whole runbook. */
    public static final Set<Step> ALL = EnumSet.allOf(Step.class);

    private static final long MINUTE = 60_000_000L;
    private static final long ALARM_PERIOD = 5 * MINUTE;
    /** A redrive after the return waits this long for the event sources to run (the drain begun). */
    private static final long AFTER_ENABLE = 10 * MINUTE;

    private final Scheduler scheduler;
    private final RegionOutages outages;
    private final RegionSettings settings;
    private final Set<Step> steps;
    private final BooleanSupplier calm;
    private final SplittableRandom random;
    private List<SqsQueue> payments = List.of();
    private List<SqsQueue> deadLetters = List.of();
    private List<Runnable> pollers = List.of();
    private boolean[] stopped = new boolean[0];
    private boolean[] alarmed = new boolean[0];
    private long[] enabledAt = new long[0];
    private int stops;
    private int redriven;
    private int deadLettered;

    /**
     * @param calm   whether no DynamoDB fault is on now (the operators wait for the fault behind letters to end)
     * @param random the operators' own stream: when they see a partition
     */
    public RegionRunbook(Scheduler scheduler, RegionOutages outages, RegionSettings settings, Set<Step> steps,
                         BooleanSupplier calm, SplittableRandom random) {
        this.scheduler = scheduler;
        this.outages = outages;
        this.settings = settings;
        this.steps = Set.copyOf(steps);
        this.calm = calm;
        this.random = random;
    }

    /** The Regions it runs: each one's payments queue, DLQ and event source's poller, by Region. */
    public void manage(List<SqsQueue> payments, List<SqsQueue> deadLetters, List<Runnable> pollers) {
        this.payments = List.copyOf(payments);
        this.deadLetters = List.copyOf(deadLetters);
        this.pollers = List.copyOf(pollers);
        this.stopped = new boolean[payments.size()];
        this.alarmed = new boolean[payments.size()];
        this.enabledAt = new long[payments.size()];
        for (int region = 0; region < payments.size(); region++) {
            int r = region;
            payments.get(region).onDeparture((queue, message, why) -> {
                if (why == SqsQueue.Departure.MOVED_TO_DEAD_LETTER_QUEUE) {
                    deadLettered++;
                    alarm(r);
                }
            });
        }
    }

    /**
     * Schedules the entries: the loss seen at {@code lossSeenAt} (its Region's control plane does
     * not answer: nothing to stop), a partition seen 1 to 10 minutes after it starts, each
     * Region's return.
     */
    public void start(long lossSeenAt) {
        if (outages.lost() < payments.size()) {
            scheduler.at(outages.lostUntil(), () -> cameBack(outages.lost()));
        }
        if (outages.partitioned() >= 0 && outages.partitioned() < payments.size()) {
            int cut = outages.partitioned();
            long seen = outages.cutFrom() + random.nextLong(settings.failoverMinutes().least() * MINUTE,
                    settings.failoverMinutes().most() * MINUTE + 1);
            if (seen < outages.cutUntil() && !outages.lost(cut, seen)) {
                scheduler.at(seen, () -> cutOff(cut));
            }
            scheduler.at(outages.cutUntil(), () -> cameBack(cut));
        }
    }

    /** Whether {@code region}'s event sources run: not stopped by the operators. */
    public boolean enabled(int region) {
        return region >= stopped.length || !stopped[region];
    }

    /** Event sources the operators stopped. */
    public int stops() {
        return stops;
    }

    /** Messages SQS moved to a DLQ after their receives (a Region's answers RETRY spent them). */
    public int deadLettered() {
        return deadLettered;
    }

    /** Letters the operators moved back from a DLQ to its payments queue. */
    public int redriven() {
        return redriven;
    }

    private void cutOff(int region) {
        if (steps.contains(Step.STOP_EVENT_SOURCES) && settings.controlPlaneWhenCut() && outages.cutOff(region, scheduler.now())) {
            stopped[region] = true;
            stops++;
        }
    }

    private void cameBack(int region) {
        if (outages.cutOff(region, scheduler.now())) {
            return; // still lost or partitioned: its last outage's end brings it back
        }
        if (stopped[region] && steps.contains(Step.ENABLE_EVENT_SOURCES)) {
            stopped[region] = false;
        }
        enabledAt[region] = scheduler.now();
        pollers.get(region).run();
        alarm(region);
    }

    /** {@code dlq-not-empty} in {@code region}: looked at within 5 minutes, then every 5 until its letters are redriven. */
    private void alarm(int region) {
        if (alarmed[region] || !steps.contains(Step.REDRIVE_DEAD_LETTERS)) {
            return;
        }
        alarmed[region] = true;
        scheduler.at(scheduler.now() + ALARM_PERIOD, () -> look(region));
    }

    private void look(int region) {
        alarmed[region] = false;
        List<SqsMessage> letters = deadLetters.get(region).messages().stream()
                .filter(letter -> !letter.attributes().containsKey(DeadLetterAttributes.OUTCOME)).toList();
        if (letters.isEmpty()) {
            return;
        }
        long now = scheduler.now();
        if (outages.cutOff(region, now) || stopped[region] || !calm.getAsBoolean() || now < enabledAt[region] + AFTER_ENABLE) {
            alarm(region);
            return;
        }
        letters.forEach(letter -> deadLetters.get(region).moveOne(letter, payments.get(region)));
        redriven += letters.size();
        pollers.get(region).run();
    }

    /** What the operators did: event sources stopped, letters SQS dead-lettered, letters redriven. */
    @Override
    public String toString() {
        return " stops=" + stops + " dead_lettered=" + deadLettered + " redriven=" + redriven;
    }
}
