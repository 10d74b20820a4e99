package com.example.receiver;

import com.example.lambdakit.telemetry.Invocation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Ends every message of a batch in exactly one {@link Outcome}. Its contract, rule by rule:
 * <ul>
 *   <li>Every message is first checked by the {@link MessageAuthenticity}: one it refuses ends
 *       {@link Outcome.Rejected}, one it cannot check now {@link Outcome.Retry}; neither is
 *       parsed, looked up nor written. Every other body is parsed.</li>
 *   <li>The {@link FastPath} is asked once for all of the batch's keys.</li>
 *   <li>The messages run in lanes, up to {@link ReceiverSettings#maxConcurrency()} lanes at a
 *       time; a receiver's first batches run fewer ({@link ReceiverSettings#lanesAfter}), so that
 *       a cold environment opens few connections and reuses them. On a standard queue a lane is
 *       the {@link Command#laneKey() resource} an operation writes to (every message of one key
 *       joins its first message's lane), so operations on one account run one after another. On a FIFO queue a lane is a message group, run in order
 *       ("Using the message group ID with Amazon SQS FIFO queues", Amazon SQS Developer Guide,
 *       https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/using-messagegroupid-property.html).</li>
 *   <li>Which way each message of a lane goes is decided once, before anything is written, by its
 *       {@link LanePlan}: rejected, an in-batch replay, a fast-path hit, to the store, or after a
 *       FIFO stop.</li>
 *   <li>A key met twice in a batch is decided once: the later message replays the first one's
 *       decision, or is a conflict when its fingerprint differs.</li>
 *   <li>On a FIFO lane, after the first message that fails, that message and every later one of
 *       the group fail, so the group is redelivered in order ("Implementing partial batch
 *       responses", AWS Lambda Developer Guide,
 *       https://docs.aws.amazon.com/lambda/latest/dg/services-sqs-errorhandling.html#services-sqs-batchfailurereporting).</li>
 *   <li>With {@link ReceiverSettings#groupCommit() group commit}, a lane's messages bound for the
 *       store (two or more) are first handed to it together ({@link Store#commitGroup}): one
 *       transaction for a hot account's batch instead of one each. Whatever the store does not
 *       decide together is then committed one by one, so every decision is the sequential one.</li>
 *   <li>No message is started when the invocation's remaining time is short of
 *       {@link ReceiverSettings#minRemainingTime()}: it is a {@link RetryCause#OUT_OF_TIME} retry.</li>
 *   <li>The decisions are written back to the fast path at once, after the lanes.</li>
 *   <li>The messages no delivery can decide ({@link DeadLetter}s: rejected or conflicting) are
 *       then handed to the batch's {@link DeadLetterChannel}, which acknowledges those it holds;
 *       on a FIFO lane the messages after a dead letter have failed already, so they come back
 *       after it, in order.</li>
 *   <li>Each message is reported to the {@link Telemetry}, its latencies measured on the injected
 *       {@link MonotonicClock}.</li>
 *   <li>It never throws for a message: anything unexpected ends that message as a
 *       {@link Outcome.Retry}, which is never acknowledged.</li>
 * </ul>
 *
 * @param <P> the domain's payload type
 */
public final class BatchReceiver<P> implements AutoCloseable {

    /** A FIFO message after one of its group that failed: redelivered after it, in order. */
    private static final Outcome AFTER_GROUP_FAILED = new Outcome.Retry("an earlier message of its group failed");

    private final MessageAuthenticity authenticity;
    private final MessageParser<P> parser;
    private final FastPath fastPath;
    private final Store<P> store;
    private final Telemetry telemetry;
    private final ReceiverSettings settings;
    private final MonotonicClock monotonic;
    private final ExecutorService lanes;
    /** Batches started, for {@link ReceiverSettings#lanesAfter}. */
    private final AtomicLong batchesRun = new AtomicLong();

    /**
     * A receiver that checks no message's authenticity ({@link MessageAuthenticity#NOT_CHECKED}).
     *
     * @param parser turns bodies into commands
     * @param fastPath the cache of recent decisions, or FastPath.DISABLED
     * @param store the source of truth
     * @param telemetry where every outcome is reported
     * @param settings lanes, the time reserve, group commit
     */
    public BatchReceiver(MessageParser<P> parser, FastPath fastPath, Store<P> store,
                         Telemetry telemetry, ReceiverSettings settings) {
        this(MessageAuthenticity.NOT_CHECKED, parser, fastPath, store, telemetry, settings);
    }

    /**
     * A receiver that lets only the messages {@code authenticity} finds authentic be parsed and decided.
     *
     * @param authenticity checks each message before it is parsed
     * @param parser       turns bodies into commands
     * @param fastPath     the cache of recent decisions, or {@link FastPath#DISABLED}
     * @param store        the source of truth
     * @param telemetry    where every outcome is reported
     * @param settings     lanes, the time reserve, group commit
     */
    public BatchReceiver(MessageAuthenticity authenticity, MessageParser<P> parser, FastPath fastPath, Store<P> store,
                         Telemetry telemetry, ReceiverSettings settings) {
        this(authenticity, parser, fastPath, store, telemetry, settings, MonotonicClock.SYSTEM);
    }

    /**
     * As above, with the latencies it reports measured on {@code monotonic}.
     *
     * @param authenticity checks each message before it is parsed
     * @param parser       turns bodies into commands
     * @param fastPath     the cache of recent decisions, or {@link FastPath#DISABLED}
     * @param store        the source of truth
     * @param telemetry    where every outcome is reported
     * @param settings     lanes, the time reserve, group commit
     * @param monotonic    measures the latencies reported
     */
    public BatchReceiver(MessageAuthenticity authenticity, MessageParser<P> parser, FastPath fastPath, Store<P> store,
                         Telemetry telemetry, ReceiverSettings settings, MonotonicClock monotonic) {
        this(authenticity, parser, fastPath, store, telemetry, settings, monotonic, lanePool(settings.maxConcurrency()));
    }

    /**
     * As above, its lanes run by {@code lanes} (which it shuts down when closed): a simulation's
     * deterministic executor, so that a run is a pure function of its seed.
     *
     * @param authenticity checks each message before it is parsed
     * @param parser       turns bodies into commands
     * @param fastPath     the cache of recent decisions, or {@link FastPath#DISABLED}
     * @param store        the source of truth
     * @param telemetry    where every outcome is reported
     * @param settings     lanes, the time reserve, group commit
     * @param monotonic    measures the latencies reported
     * @param lanes        runs the lanes, at most {@link ReceiverSettings#maxConcurrency()} tasks per batch
     */
    public BatchReceiver(MessageAuthenticity authenticity, MessageParser<P> parser, FastPath fastPath, Store<P> store,
                         Telemetry telemetry, ReceiverSettings settings, MonotonicClock monotonic, ExecutorService lanes) {
        this.monotonic = Objects.requireNonNull(monotonic, "monotonic");
        this.authenticity = Objects.requireNonNull(authenticity, "authenticity");
        this.parser = Objects.requireNonNull(parser, "parser");
        this.fastPath = Objects.requireNonNull(fastPath, "fastPath");
        this.store = Objects.requireNonNull(store, "store");
        this.telemetry = Objects.requireNonNull(telemetry, "telemetry");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.lanes = Objects.requireNonNull(lanes, "lanes");
    }

    /** A lane's threads: daemons, so that an environment's end is never held up by an idle lane. */
    private static ExecutorService lanePool(int threads) {
        AtomicInteger made = new AtomicInteger();
        return Executors.newFixedThreadPool(threads, task -> {
            Thread thread = new Thread(task, "receiver-lane-" + made.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
    }

    /**
     * Decides every message of one batch processed outside a Lambda invocation.
     *
     * @param messages the batch's deliveries, in order
     * @param remaining the time left
     * @return one outcome per message, in order
     */
    public BatchResult process(List<InboundMessage> messages, RemainingTime remaining) {
        return process(messages, remaining, Invocation.OUTSIDE_LAMBDA);
    }

    /**
     * Decides every message of one batch, the batch of {@code invocation}, with no dead-letter
     * channel: rejected and conflicting messages stay failures.
     *
     * @param messages the batch's deliveries, in order
     * @param remaining the invocation's time left
     * @param invocation the invocation's stamp, on every line
     * @return one outcome per message, in order
     */
    public BatchResult process(List<InboundMessage> messages, RemainingTime remaining, Invocation invocation) {
        return process(messages, remaining, invocation, DeadLetterChannel.NONE);
    }

    /**
     * Decides every message of one batch, the batch of {@code invocation}, and sends its dead
     * letters to {@code deadLetters}; see the class comment for the rules. The telemetry hears of
     * the invocation's start and end around it.
     *
     * @param messages    the batch's deliveries, in order
     * @param remaining   the invocation's time left
     * @param invocation  the invocation's stamp, on every line
     * @param deadLetters where the messages no delivery can decide go
     * @return one outcome per message, in order
     */
    public BatchResult process(List<InboundMessage> messages, RemainingTime remaining, Invocation invocation,
                               DeadLetterChannel deadLetters) {
        Objects.requireNonNull(deadLetters, "deadLetters");
        telemetry.invocationStarted(invocation);
        try {
            long batchStart = monotonic.nanos();
            List<Slot<P>> slots = messages.stream().map(this::admit).toList();
            int unverifiable = (int) slots.stream().filter(slot -> slot.unverifiable).count();
            if (unverifiable > 0) {
                telemetry.producerKeysUnavailable(unverifiable);
            }
            FastPath.Lookup known = lookup(slots);
            runLanes(slots, known, remaining);
            rememberDecisions(slots);
            Set<Slot<P>> deadLettered = deadLetter(slots, deadLetters, remaining);
            List<MessageResult> results = new ArrayList<>(slots.size());
            for (Slot<P> slot : slots) {
                boolean held = deadLettered.contains(slot);
                telemetry.decided(slot.report(batchStart, held));
                results.add(new MessageResult(slot.message.messageId(), slot.outcome, held));
            }
            return new BatchResult(results);
        } finally {
            telemetry.invocationEnded();
        }
    }

    /** The message checked, then parsed if it is authentic: a refused one is decided here, unparsed. */
    private Slot<P> admit(InboundMessage message) {
        MessageAuthenticity.Verdict verdict;
        try {
            verdict = authenticity.verify(message);
        } catch (RuntimeException e) {
            // The contract is to never throw; if it does, the message is neither decided nor rejected.
            return Slot.refused(message, new Outcome.Retry("authenticity not checked (" + e.getClass().getSimpleName() + ")"), false);
        }
        return switch (verdict) {
            case MessageAuthenticity.Verdict.Authentic authentic -> new Slot<>(message, parse(message));
            case MessageAuthenticity.Verdict.Refused refused ->
                    Slot.refused(message, new Outcome.Rejected(refused.field(), refused.rule()), false);
            case MessageAuthenticity.Verdict.Unverifiable unverifiable ->
                    Slot.refused(message, new Outcome.Retry(unverifiable.cause()), true);
        };
    }

    private ParseResult<P> parse(InboundMessage message) {
        try {
            return parser.parse(message.body());
        } catch (RuntimeException e) {
            // The parser's contract is to never throw; if it does, the message is still not lost.
            return new ParseResult.Invalid<>("body", "could not be parsed (" + e.getClass().getSimpleName() + ")");
        }
    }

    private FastPath.Lookup lookup(List<Slot<P>> slots) {
        Collection<IdempotencyKey> keys = new LinkedHashSet<>();
        slots.forEach(slot -> slot.command().ifPresent(command -> keys.add(command.key())));
        if (keys.isEmpty()) {
            return new FastPath.Lookup(Map.of(), true);
        }
        FastPath.Lookup lookup = fastPath.lookup(keys);
        if (!lookup.available()) {
            telemetry.fastPathUnavailable("lookup failed or circuit open");
        }
        if (lookup.invalidSignatures() > 0) {
            telemetry.fastPathSignatureInvalid(lookup.invalidSignatures());
        }
        if (lookup.keyUnavailable()) {
            telemetry.fastPathKeyUnavailable();
        }
        return lookup;
    }

    private void runLanes(List<Slot<P>> slots, FastPath.Lookup known, RemainingTime remaining) {
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
     * Standard queue: a lane per resource, where every message of one key joins the lane of the
     * key's first message (so the in-batch duplicate rule is lane-local). FIFO: a lane per group.
     */
    private Collection<List<Slot<P>>> lanesOf(List<Slot<P>> slots, boolean fifo) {
        Map<String, List<Slot<P>>> byLane = new LinkedHashMap<>();
        Map<IdempotencyKey, String> laneOfKey = new HashMap<>();
        int invalid = 0;
        for (Slot<P> slot : slots) {
            String lane;
            if (fifo) {
                lane = "group:" + slot.message.groupId().orElse("");
            } else if (slot.command().isPresent()) {
                Command<P> command = slot.command().get();
                lane = laneOfKey.computeIfAbsent(command.key(), key -> "lane:" + command.laneKey());
            } else {
                lane = "invalid:" + invalid++;
            }
            byLane.computeIfAbsent(lane, name -> new ArrayList<>()).add(slot);
        }
        return byLane.values();
    }

    private void runLane(List<Slot<P>> lane, boolean fifo, FastPath.Lookup known, RemainingTime remaining) {
        LanePlan plan = LanePlan.of(lane.stream().map(Slot::command).toList(), fifo, known.hits());
        List<Integer> group = settings.groupCommit() ? plan.toStore() : List.of();
        Outcome[] together = new Outcome[lane.size()];
        boolean groupFailed = false;
        for (int i = 0; i < lane.size(); i++) {
            Outcome outcome;
            if (fifo && groupFailed) {
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
            groupFailed |= !outcome.acknowledged();
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

    private void rememberDecisions(List<Slot<P>> slots) {
        Map<IdempotencyKey, CachedDecision> decided = new LinkedHashMap<>();
        for (Slot<P> slot : slots) {
            Optional<Command<P>> command = slot.command();
            if (command.isEmpty() || !worthRemembering(slot.outcome)) {
                continue;
            }
            slot.outcome.decision().ifPresent(decision ->
                    decided.putIfAbsent(command.get().key(), new CachedDecision(decision, command.get().fingerprint())));
        }
        if (!decided.isEmpty()) {
            fastPath.remember(decided);
        }
    }

    /**
     * Hands the batch's dead letters to {@code channel}; the slots it holds now. Only a dead
     * letter's id counts: whatever else a channel answers, no other message is acknowledged.
     */
    private Set<Slot<P>> deadLetter(List<Slot<P>> slots, DeadLetterChannel channel, RemainingTime remaining) {
        Map<String, Slot<P>> byId = new LinkedHashMap<>();
        List<DeadLetter> letters = new ArrayList<>();
        for (Slot<P> slot : slots) {
            if (DeadLetter.isFor(slot.outcome) && byId.putIfAbsent(slot.message.messageId(), slot) == null) {
                letters.add(new DeadLetter(slot.message, slot.command().map(Command::key), slot.outcome));
            }
        }
        if (letters.isEmpty()) {
            return Set.of();
        }
        Set<String> held;
        try {
            held = Objects.requireNonNullElse(channel.send(letters, remaining), Set.of());
        } catch (RuntimeException e) {
            return Set.of(); // the channel's contract is to never throw; if it does, its letters stay failures
        }
        Set<Slot<P>> deadLettered = Collections.newSetFromMap(new IdentityHashMap<>());
        byId.forEach((id, slot) -> {
            if (held.contains(id)) {
                deadLettered.add(slot);
            }
        });
        return deadLettered;
    }

    /** What the store decided or recognised; fast-path hits are cached already. */
    private static boolean worthRemembering(Outcome outcome) {
        return switch (outcome) {
            case Outcome.Approved a -> true;
            case Outcome.Declined d -> true;
            case Outcome.Duplicate d -> d.source() == DuplicateSource.STORE || d.source() == DuplicateSource.LATE;
            case Outcome.Conflict c -> false;
            case Outcome.Rejected r -> false;
            case Outcome.Retry r -> false;
        };
    }

    @Override
    public void close() {
        lanes.shutdownNow();
    }
}
