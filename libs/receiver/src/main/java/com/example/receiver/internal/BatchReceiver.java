package com.example.receiver.internal;

import com.example.lambdakit.telemetry.Invocation;
import com.example.receiver.BatchResult;
import com.example.receiver.Command;
import com.example.receiver.Decision;
import com.example.receiver.DuplicateSource;
import com.example.receiver.Fingerprint;
import com.example.receiver.IdempotencyKey;
import com.example.receiver.MessageParser;
import com.example.receiver.MessageResult;
import com.example.receiver.Outcome;
import com.example.receiver.ParseResult;
import com.example.receiver.RetryCause;
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
 *   <li>A valid message is then held to the {@link MessageAge age bound}: one issued longer ago
 *       than the bound, or further ahead than the skew, ends {@link Outcome.Rejected} (its dead
 *       letter's reason {@code too old}, its key named), and is neither looked up nor written. The
 *       bound comes before the fast path on purpose: a copy too old to be decided is never
 *       decided, whether or not its record is still there, so no expired record and no cache
 *       entry can let it through; a known duplicate that old is dead-lettered, not acknowledged,
 *       and the runbook's lookup finds its decision.</li>
 *   <li>The {@link FastPath} is asked once for all of the batch's keys.</li>
 *   <li>The messages run in lanes, up to {@link ReceiverSettings#maxConcurrency()} lanes at a
 *       time; a receiver's first batches run fewer ({@link ReceiverSettings#lanesAfter}), so that
 *       a cold environment opens few connections and reuses them. A lane is a connected group of
 *       messages sharing an item ({@link LaneGroups}): the {@link LaneItems items} each one's
 *       effect writes, its key (every message of one key joins one lane), and on a FIFO queue its
 *       message group, so operations on one account run one after another, and so do ten
 *       transfers to one merchant whatever their payers. A FIFO group is never split, and keeps its
 *       order within its lane ("Using the message group ID with Amazon SQS FIFO queues", Amazon
 *       SQS Developer Guide,
 *       https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/using-messagegroupid-property.html).</li>
 *   <li>Which way each message of a lane goes is decided once, before anything is written, by its
 *       {@link LanePlan}: rejected, an in-batch replay, a fast-path hit, to the store, or after a
 *       FIFO stop.</li>
 *   <li>A key met twice in a batch is decided once: the later message replays the first one's
 *       decision, or is a conflict when its fingerprint differs.</li>
 *   <li>On a FIFO lane, after the first message of a group that fails, that message and every
 *       later one of that group fail, so the group is redelivered in order ("Implementing partial batch
 *       responses", AWS Lambda Developer Guide,
 *       https://docs.aws.amazon.com/lambda/latest/dg/services-sqs-errorhandling.html#services-sqs-batchfailurereporting).</li>
 *   <li>With {@link ReceiverSettings#groupCommit() group commit}, a lane's messages bound for the
 *       store (two or more) are first handed to it together ({@link Store#commitGroup}): one
 *       transaction for a hot account's batch instead of one each. Whatever the store does not
 *       decide together is then committed one by one, so every decision is the sequential one.</li>
 *   <li>No message is started when the invocation's remaining time is short of
 *       {@link ReceiverSettings#minRemainingTime()}: it is a {@link RetryCause#OUT_OF_TIME} retry.</li>
 *   <li>The decisions are written back to the fast path at once, after the lanes; one recognised
 *       from a stored record is kept no longer than that record counts ({@link CachedDecision#keepUntil()}).</li>
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

    private final Admission<P> admission;
    private final FastPath fastPath;
    private final Telemetry telemetry;
    private final MonotonicClock monotonic;
    private final Lanes<P> lanes;

    /**
     * A receiver that lets only the messages {@code authenticity} finds authentic be parsed and decided.
     *
     * @param authenticity checks each message before it is parsed ({@link MessageAuthenticity#NOT_CHECKED} for none)
     * @param parser       turns bodies into commands
     * @param fastPath     the cache of recent decisions, or {@link FastPath#DISABLED}
     * @param store        the source of truth
     * @param telemetry    where every outcome is reported
     * @param settings     lanes, the time reserve, group commit
     * @param monotonic    measures the latencies reported
     * @param lanes        runs the lanes, {@link #lanePool} in a function; shut down with this receiver
     */
    public BatchReceiver(MessageAuthenticity authenticity, MessageParser<P> parser, FastPath fastPath, Store<P> store,
                         Telemetry telemetry, ReceiverSettings settings, MonotonicClock monotonic, ExecutorService lanes) {
        this(authenticity, parser, MessageAge.UNBOUNDED, fastPath, store, LaneItems.laneKey(), telemetry, settings,
                monotonic, lanes);
    }

    /**
     * A receiver that lets only the authentic messages young enough for {@code age} be decided,
     * in lanes cut by the items their effect writes.
     *
     * @param authenticity checks each message before it is parsed ({@link MessageAuthenticity#NOT_CHECKED} for none)
     * @param parser       turns bodies into commands
     * @param age          the age bound each valid message is held to ({@link MessageAge#UNBOUNDED} for none)
     * @param fastPath     the cache of recent decisions, or {@link FastPath#DISABLED}
     * @param store        the source of truth
     * @param items        the items each command's effect writes: the lanes ({@link LaneItems#laneKey()} for one each)
     * @param telemetry    where every outcome is reported
     * @param settings     lanes, the time reserve, group commit
     * @param monotonic    measures the latencies reported
     * @param lanes        runs the lanes, {@link #lanePool} in a function; shut down with this receiver
     */
    public BatchReceiver(MessageAuthenticity authenticity, MessageParser<P> parser, MessageAge age, FastPath fastPath,
                         Store<P> store, LaneItems<P> items, Telemetry telemetry, ReceiverSettings settings,
                         MonotonicClock monotonic, ExecutorService lanes) {
        this.admission = new Admission<>(authenticity, parser, age);
        this.fastPath = Objects.requireNonNull(fastPath, "fastPath");
        this.telemetry = Objects.requireNonNull(telemetry, "telemetry");
        this.monotonic = Objects.requireNonNull(monotonic, "monotonic");
        this.lanes = new Lanes<>(Objects.requireNonNull(store, "store"), Objects.requireNonNull(items, "items"),
                Objects.requireNonNull(settings, "settings"), monotonic, Objects.requireNonNull(lanes, "lanes"));
    }

    /**
     * The lanes' threads of a function: {@code maxConcurrency} daemon threads, so that an
     * environment Lambda freezes or ends is never held by them.
     *
     * @param maxConcurrency the most lanes run at once
     * @return the pool, to hand to one receiver
     */
    public static ExecutorService lanePool(int maxConcurrency) {
        AtomicInteger threads = new AtomicInteger();
        return Executors.newFixedThreadPool(maxConcurrency, task -> {
            Thread thread = new Thread(task, "receiver-lane-" + threads.incrementAndGet());
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
        return process(messages, remaining, Invocation.OUTSIDE_LAMBDA, DeadLetterChannel.NONE);
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
            List<Slot<P>> slots = messages.stream().map(admission::admit).toList();
            int unverifiable = (int) slots.stream().filter(slot -> slot.unverifiable).count();
            if (unverifiable > 0) {
                telemetry.producerKeysUnavailable(unverifiable);
            }
            FastPath.Lookup known = lookup(slots);
            lanes.run(slots, known, remaining);
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

    private void rememberDecisions(List<Slot<P>> slots) {
        Map<IdempotencyKey, CachedDecision> decided = new LinkedHashMap<>();
        for (Slot<P> slot : slots) {
            Optional<Command<P>> command = slot.command();
            if (command.isPresent()) {
                remembered(slot.outcome, command.get().fingerprint())
                        .ifPresent(cached -> decided.putIfAbsent(command.get().key(), cached));
            }
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
                letters.add(new DeadLetter(slot.message, slot.key(), slot.outcome));
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

    /**
     * What the cache is to remember of an outcome: what the store decided now (its record lives
     * longer than the cache's TTL), or recognised from a record, kept no longer than that record
     * counts. Not a late duplicate (its record has expired: a re-send is decided anew), nor a
     * fast-path hit (cached already), nor what was not decided.
     */
    private static Optional<CachedDecision> remembered(Outcome outcome, Fingerprint fingerprint) {
        return switch (outcome) {
            case Outcome.Approved a -> Optional.of(new CachedDecision(Decision.approved(), fingerprint));
            case Outcome.Declined d -> Optional.of(new CachedDecision(Decision.declined(d.reason()), fingerprint));
            case Outcome.Duplicate d -> d.source() == DuplicateSource.STORE
                    ? d.recordExpiresAt().map(expiresAt -> new CachedDecision(d.original(), fingerprint, Optional.of(expiresAt)))
                    : Optional.empty();
            case Outcome.Conflict c -> Optional.empty();
            case Outcome.Rejected r -> Optional.empty();
            case Outcome.Retry r -> Optional.empty();
        };
    }

    @Override
    public void close() {
        lanes.close();
    }
}
