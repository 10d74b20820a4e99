package com.example.receiver.internal;

import com.example.receiver.Command;
import com.example.receiver.DuplicateSource;
import com.example.receiver.Fingerprint;
import com.example.receiver.Outcome;
import com.example.receiver.RetryCause;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A batch's messages decided in lanes ({@link BatchReceiver}'s rules on lanes, FIFO groups, the
 * remaining time, the same key twice and group commit): each lane's messages one after another,
 * up to {@link ReceiverSettings#lanesAfter} lanes at a time on the lanes' executor.
 *
 * @param <P> the domain's payload type
 */
final class Lanes<P> {

    /** A FIFO message after one of its group that failed: redelivered after it, in order. */
    static final Outcome AFTER_GROUP_FAILED = new Outcome.Retry("an earlier message of its group failed");

    private final Store<P> store;
    private final LaneItems<P> items;
    private final ReceiverSettings settings;
    private final MonotonicClock monotonic;
    private final ExecutorService lanes;
    /** Batches started, for {@link ReceiverSettings#lanesAfter}. */
    private final AtomicLong batchesRun = new AtomicLong();

    Lanes(Store<P> store, LaneItems<P> items, ReceiverSettings settings, MonotonicClock monotonic, ExecutorService lanes) {
        this.store = store;
        this.items = items;
        this.settings = settings;
        this.monotonic = monotonic;
        this.lanes = lanes;
    }

    /** Decides every slot: what no lane decided ends as a retry. */
    void run(List<Slot<P>> slots, FastPath.Lookup known, RemainingTime remaining) {
        boolean fifo = slots.stream().anyMatch(slot -> slot.message.groupId().isPresent());
        Queue<List<Slot<P>>> waiting = new ConcurrentLinkedQueue<>(lanesOf(slots, fifo));
        int width = Math.min(waiting.size(), settings.lanesAfter(batchesRun.getAndIncrement()));
        List<Future<?>> running = new ArrayList<>();
        for (int worker = 0; worker < width; worker++) {
            running.add(lanes.submit(() -> {
                for (List<Slot<P>> lane = waiting.poll(); lane != null; lane = waiting.poll()) {
                    runLaneQuietly(lane, fifo, known, remaining);
                }
            }));
        }
        for (Future<?> future : running) {
            awaitQuietly(future);
        }
        for (Slot<P> slot : slots) {
            if (slot.outcome == null) {
                slot.decide(new Outcome.Retry("not decided"), monotonic.nanos());
            }
        }
    }

    private static void awaitQuietly(Future<?> future) {
        try {
            future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            // An Error a lane throws ends its worker: that worker's lanes not yet run stay undecided, hence Retry.
        }
    }

    /** runLane catches per message; an escape leaves its lane's slots undecided, hence Retry, and the next lane runs. */
    private void runLaneQuietly(List<Slot<P>> lane, boolean fifo, FastPath.Lookup known, RemainingTime remaining) {
        try {
            runLane(lane, fifo, known, remaining);
        } catch (RuntimeException escaped) {
            // undecided slots end as Retry after the lanes
        }
    }

    /**
     * The connected groups of messages sharing an item ({@link LaneGroups}): the items the effect
     * declares for a message's command ({@link LaneItems}), its key (so every message of one key
     * joins one lane, and the in-batch duplicate rule is lane-local), and on a FIFO queue its
     * message group (a group is never split; groups writing one item share a lane, each keeping
     * its order and its own stop). A message without a command names nothing but its group.
     */
    private Collection<List<Slot<P>>> lanesOf(List<Slot<P>> slots, boolean fifo) {
        return LaneGroups.of(slots, slot -> {
            List<Object> named = new ArrayList<>();
            groupOf(slot, fifo).ifPresent(group -> named.add(new MessageGroup(group)));
            slot.command().ifPresent(command -> {
                named.add(command.key());
                itemsOf(command).forEach(item -> named.add(new EffectItem(item)));
            });
            return named;
        });
    }

    /**
     * The items the effect declares for {@code command}; its lane key when the declaration fails
     * (throws, or answers null): lanes spare contention and let group commit reach an item, and
     * no decision depends on them, so a domain's bug here costs parallelism, never a decision.
     */
    private Set<String> itemsOf(Command<P> command) {
        try {
            Set<String> declared = items.of(command);
            if (declared != null) {
                return declared;
            }
        } catch (RuntimeException e) {
            // the lane key below
        }
        return Set.of(command.laneKey());
    }

    /** The FIFO message group of {@code slot}; none on a standard queue. */
    private static Optional<String> groupOf(Slot<?> slot, boolean fifo) {
        return fifo ? Optional.of(slot.message.groupId().orElse("")) : Optional.empty();
    }

    /** An item an effect writes, named apart from keys and groups. */
    private record EffectItem(String name) {
    }

    /** A FIFO message group, named apart from keys and items. */
    private record MessageGroup(String id) {
    }

    private void runLane(List<Slot<P>> lane, boolean fifo, FastPath.Lookup known, RemainingTime remaining) {
        List<Optional<String>> groups = lane.stream().map(slot -> groupOf(slot, fifo)).toList();
        LanePlan plan = LanePlan.of(lane.stream().map(Slot::command).toList(), groups, known.hits());
        List<Integer> group = settings.groupCommit() ? plan.toStore() : List.of();
        Outcome[] together = new Outcome[lane.size()];
        Set<String> failedGroups = new HashSet<>();
        for (int i = 0; i < lane.size(); i++) {
            Outcome outcome;
            if (groups.get(i).filter(failedGroups::contains).isPresent()) {
                outcome = AFTER_GROUP_FAILED;
            } else if (together[i] == null && remaining.remaining().compareTo(settings.minRemainingTime()) < 0) {
                outcome = new Outcome.Retry(RetryCause.OUT_OF_TIME, "remaining time too short");
            } else {
                if (group.size() > 1 && group.get(0) == i) {
                    commitTogether(lane, group, together, remaining); // in place of the lane's first store call
                }
                outcome = together[i] != null ? together[i] : decideSafely(lane, i, plan, known, remaining);
            }
            lane.get(i).decide(outcome, monotonic.nanos());
            if (!outcome.acknowledged()) {
                groups.get(i).ifPresent(failedGroups::add);
            }
        }
    }

    /**
     * Hands the lane's slots at {@code group} to the store together; records in {@code together}
     * the outcomes it decided, by the slot's index in the lane.
     */
    private void commitTogether(List<Slot<P>> lane, List<Integer> group, Outcome[] together, RemainingTime remaining) {
        long start = monotonic.nanos();
        List<Outcome> outcomes;
        try {
            outcomes = store.commitGroup(group.stream().map(i -> lane.get(i).command().orElseThrow()).toList(), remaining);
        } catch (RuntimeException e) {
            return; // nothing known to be decided together: each is committed on its own
        }
        Optional<Duration> latency = Optional.of(Duration.ofNanos(monotonic.nanos() - start));
        for (int g = 0; g < Math.min(outcomes.size(), group.size()); g++) {
            lane.get(group.get(g)).storeLatency = latency;
            together[group.get(g)] = outcomes.get(g);
        }
    }

    private Outcome decideSafely(List<Slot<P>> lane, int index, LanePlan plan, FastPath.Lookup known,
                                 RemainingTime remaining) {
        try {
            return decide(lane, index, plan, known, remaining);
        } catch (RuntimeException e) {
            return new Outcome.Retry("unexpected " + e.getClass().getSimpleName());
        }
    }

    /** The lane's {@code index}-th slot decided one by one, the way its {@link LanePlan.Tag tag} says. */
    private Outcome decide(List<Slot<P>> lane, int index, LanePlan plan, FastPath.Lookup known,
                           RemainingTime remaining) {
        Slot<P> slot = lane.get(index);
        return switch (plan.tag(index)) {
            case REJECTED -> slot.rejection();
            case IN_BATCH_REPLAY -> replay(lane.get(plan.firstOfKey(index)), slot.command().orElseThrow());
            case FAST_PATH_HIT -> {
                Command<P> command = slot.command().orElseThrow();
                CachedDecision cached = known.hits().get(command.key());
                yield cached.fingerprint().equals(command.fingerprint())
                        ? new Outcome.Duplicate(DuplicateSource.FAST_PATH, cached.decision())
                        : new Outcome.Conflict(cached.fingerprint(), command.fingerprint());
            }
            case TO_STORE -> {
                long start = monotonic.nanos();
                try {
                    yield store.commit(slot.command().orElseThrow(), remaining);
                } finally {
                    slot.storeLatency = Optional.of(Duration.ofNanos(monotonic.nanos() - start));
                }
            }
            case AFTER_FIFO_STOP -> AFTER_GROUP_FAILED;
        };
    }

    /** A later message of the batch with a key already met: replay, or conflict, or follow a failure. */
    private static <P> Outcome replay(Slot<P> first, Command<P> later) {
        Fingerprint original = first.command().orElseThrow().fingerprint();
        if (first.outcome instanceof Outcome.Conflict conflict) {
            return new Outcome.Conflict(conflict.stored(), later.fingerprint());
        }
        if (!original.equals(later.fingerprint())) {
            return new Outcome.Conflict(original, later.fingerprint());
        }
        return first.outcome.decision()
                .<Outcome>map(decision -> new Outcome.Duplicate(DuplicateSource.IN_BATCH, decision))
                .orElseGet(() -> new Outcome.Retry("an earlier message with the same key in this batch was not decided"));
    }

    void close() {
        lanes.shutdownNow();
    }
}
