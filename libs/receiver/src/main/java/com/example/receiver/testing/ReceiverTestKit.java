package com.example.receiver.testing;

import com.example.lambdakit.telemetry.Invocation;
import com.example.receiver.Command;
import com.example.receiver.IdempotencyKey;
import com.example.receiver.MessageResult;
import com.example.receiver.Outcome;
import com.example.receiver.internal.CacheNodes;
import com.example.receiver.internal.CachedDecision;
import com.example.receiver.internal.FastPath;
import com.example.receiver.internal.MessageReport;
import com.example.receiver.internal.RemainingTime;
import com.example.receiver.internal.Seams;
import com.example.receiver.internal.Store;
import com.example.receiver.internal.Telemetry;
import com.example.receiver.internal.config.FastPathConfig;
import com.example.receiver.lambda.ReceiverBuilder;
import java.time.Duration;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * Faults and fakes inside the receiver one {@link ReceiverBuilder} wires, attached to that builder
 * as each is given (the builder has no method for them): the store replaced or wrapped
 * ({@link #store}), a hook after every commit ({@link #afterCommit}) and after every lookup of the
 * fast path ({@link #afterLookup}), a model of the cache's nodes under the real fast path
 * ({@link #cacheNodes}). Hooks run in the receiver's thread, before it sees the answer: what a hook
 * throws is what the call threw (an unchecked exception of the store is a bug surfaced, the message
 * retried), and a hook that never returns is a crash of the environment at that point (the
 * reliability harness's). What is not attached runs as in a function.
 *
 * @param <P> the domain's payload type
 */
public final class ReceiverTestKit<P> {

    private final ReceiverBuilder<P> builder;
    private Seams<P> seams = Seams.none();

    private ReceiverTestKit(ReceiverBuilder<P> builder) {
        this.builder = Objects.requireNonNull(builder, "builder");
    }

    /**
     * The test kit of {@code builder}; what it is given is attached at once, replacing any other kit's.
     *
     * @param builder the receiver's builder
     * @param <P>     the domain's payload type
     * @return its kit
     */
    public static <P> ReceiverTestKit<P> of(ReceiverBuilder<P> builder) {
        return new ReceiverTestKit<>(builder);
    }

    /**
     * The builder, to go on wiring it.
     *
     * @return the builder this kit attaches to
     */
    public ReceiverBuilder<P> builder() {
        return builder;
    }

    /**
     * The store the receiver commits through: given the store it would use (the real one, or what
     * an earlier call made of it), returns a fake, or a wrapper around it.
     *
     * @param wrapper given the store as built, returns the store the receiver uses
     * @return this kit
     */
    public ReceiverTestKit<P> store(UnaryOperator<TestStore<P>> wrapper) {
        Objects.requireNonNull(wrapper, "wrapper");
        UnaryOperator<Store<P>> before = seams.store();
        return attach(seams.withStore(built -> asStore(wrapper.apply(asTestStore(before.apply(built))))));
    }

    /**
     * A hook after every commit, single or grouped, with its outcomes (one for a single commit, the
     * answered prefix for a group, possibly none), before the receiver caches or answers them.
     *
     * @param hook sees each commit's outcomes
     * @return this kit
     */
    public ReceiverTestKit<P> afterCommit(Consumer<List<Outcome>> hook) {
        Objects.requireNonNull(hook, "hook");
        UnaryOperator<Store<P>> before = seams.store();
        return attach(seams.withStore(built -> committedThen(before.apply(built), hook)));
    }

    /**
     * A hook after every lookup of the fast path with the hits the batch is handed (decoded and
     * verified), before the receiver uses them.
     *
     * @param hook sees each lookup's hits by key
     * @return this kit
     */
    public ReceiverTestKit<P> afterLookup(Consumer<Map<IdempotencyKey, CachedAnswer>> hook) {
        Objects.requireNonNull(hook, "hook");
        UnaryOperator<FastPath> before = seams.fastPath();
        return attach(seams.withFastPath(built -> lookedUpThen(before.apply(built), hook)));
    }

    /**
     * A hook on each message's report, as its log line and metrics are written: called once per
     * message of every batch, after its outcome is final and before the batch's answer is
     * returned, with what the report says (its id, outcome, and whether it was dead-lettered).
     *
     * @param hook sees each message's report
     * @return this kit
     */
    public ReceiverTestKit<P> afterReport(Consumer<MessageResult> hook) {
        Objects.requireNonNull(hook, "hook");
        UnaryOperator<Telemetry> before = seams.telemetry();
        return attach(seams.withTelemetry(built -> reportedThen(before.apply(built), hook)));
    }

    /**
     * The configured fast path's cache reached through a model of its nodes: the real fast path
     * above them.
     *
     * @param connect given the fast path's read timeout ({@code FAST_PATH_TIMEOUT_MS}), the nodes
     * @param askers  given the most nodes asked at once, the executor that asks them (shut down with the fast path)
     * @return this kit
     */
    public ReceiverTestKit<P> cacheNodes(Function<Duration, TestCacheNodes> connect, IntFunction<ExecutorService> askers) {
        Objects.requireNonNull(connect, "connect");
        Objects.requireNonNull(askers, "askers");
        return attach(seams.withCache(new CacheNodes.Connector() {
            @Override
            public CacheNodes connect(FastPathConfig config) {
                return new ModelNodes(connect.apply(config.timeout()));
            }

            @Override
            public ExecutorService askers(int maxParallelNodes) {
                return askers.apply(maxParallelNodes);
            }
        }));
    }

    private ReceiverTestKit<P> attach(Seams<P> next) {
        this.seams = next;
        Seams.attach(builder, next);
        return this;
    }

    private static <P> TestStore<P> asTestStore(Store<P> store) {
        return new TestStore<>() {
            @Override
            public Outcome commit(Command<P> command, Supplier<Duration> remaining) {
                return store.commit(command, remaining::get);
            }

            @Override
            public List<Outcome> commitGroup(List<Command<P>> commands, Supplier<Duration> remaining) {
                return store.commitGroup(commands, remaining::get);
            }
        };
    }

    private static <P> Store<P> asStore(TestStore<P> store) {
        return new Store<>() {
            @Override
            public Outcome commit(Command<P> command, RemainingTime remaining) {
                return store.commit(command, remaining::remaining);
            }

            @Override
            public List<Outcome> commitGroup(List<Command<P>> commands, RemainingTime remaining) {
                return store.commitGroup(commands, remaining::remaining);
            }
        };
    }

    private static <P> Store<P> committedThen(Store<P> store, Consumer<List<Outcome>> hook) {
        return new Store<>() {
            @Override
            public Outcome commit(Command<P> command, RemainingTime remaining) {
                Outcome outcome = store.commit(command, remaining);
                hook.accept(List.of(outcome));
                return outcome;
            }

            @Override
            public List<Outcome> commitGroup(List<Command<P>> commands, RemainingTime remaining) {
                List<Outcome> outcomes = store.commitGroup(commands, remaining);
                hook.accept(List.copyOf(outcomes));
                return outcomes;
            }
        };
    }

    private static FastPath lookedUpThen(FastPath fastPath, Consumer<Map<IdempotencyKey, CachedAnswer>> hook) {
        return new FastPath() {
            @Override
            public Lookup lookup(Collection<IdempotencyKey> keys) {
                Lookup lookup = fastPath.lookup(keys);
                Map<IdempotencyKey, CachedAnswer> hits = new LinkedHashMap<>();
                lookup.hits().forEach((key, cached) -> hits.put(key, new CachedAnswer(cached.decision(), cached.fingerprint())));
                hook.accept(Collections.unmodifiableMap(hits));
                return lookup;
            }

            @Override
            public void remember(Map<IdempotencyKey, CachedDecision> decisions) {
                fastPath.remember(decisions);
            }
        };
    }

    private static Telemetry reportedThen(Telemetry telemetry, Consumer<MessageResult> hook) {
        return new Telemetry() {
            @Override
            public void invocationStarted(Invocation invocation) {
                telemetry.invocationStarted(invocation);
            }

            @Override
            public void decided(MessageReport report) {
                telemetry.decided(report);
                hook.accept(new MessageResult(report.messageId(), report.outcome(), report.deadLettered()));
            }

            @Override
            public void fastPathUnavailable(String cause) {
                telemetry.fastPathUnavailable(cause);
            }

            @Override
            public void fastPathSignatureInvalid(int values) {
                telemetry.fastPathSignatureInvalid(values);
            }

            @Override
            public void fastPathKeyUnavailable() {
                telemetry.fastPathKeyUnavailable();
            }

            @Override
            public void producerKeysUnavailable(int messages) {
                telemetry.producerKeysUnavailable(messages);
            }

            @Override
            public void invocationEnded() {
                telemetry.invocationEnded();
            }
        };
    }
}
