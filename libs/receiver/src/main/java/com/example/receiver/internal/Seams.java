package com.example.receiver.internal;

import com.example.receiver.internal.redis.RedisFastPath;
import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.UnaryOperator;

/**
 * Not API: where the library's own tests and its test kit ({@code com.example.receiver.testing})
 * reach inside a receiver the builder wires, and nothing a function sets. The builder has no public
 * method taking them: its class opens a door here once ({@link #openDoor}), through which the test
 * kit attaches seams to one builder ({@link #attach}). Each part
 * has the value a function runs with ({@link #none()}). Time, randomness and the lanes' threads
 * are not seams: they are the public {@code ReceiverRuntime}.
 *
 * @param store     wraps the DynamoDB store the builder made (fault injection)
 * @param fastPath  wraps the fast path the builder made, {@link FastPath#DISABLED} when none is configured
 * @param cache     the configured fast path's cache: its nodes and the threads that ask them
 *                  ({@link RedisFastPath#JEDIS} in a function, a model in the simulation)
 * @param telemetry wraps the telemetry the builder made (a test that hears each message's report)
 * @param <P>       the domain's payload type
 */
public record Seams<P>(UnaryOperator<Store<P>> store, UnaryOperator<FastPath> fastPath, CacheNodes.Connector cache,
                       UnaryOperator<Telemetry> telemetry) {

    /** The builder's way in, set once its class is initialised (before any builder exists). */
    private static volatile BiConsumer<Object, Seams<?>> door;

    /** Refuses a missing part. */
    public Seams {
        Objects.requireNonNull(store, "store");
        Objects.requireNonNull(fastPath, "fastPath");
        Objects.requireNonNull(cache, "cache");
        Objects.requireNonNull(telemetry, "telemetry");
    }

    /**
     * A function's parts: nothing wrapped, Jedis on the configured cache.
     *
     * @param <P> the domain's payload type
     * @return the seams of a function
     */
    public static <P> Seams<P> none() {
        return new Seams<>(UnaryOperator.identity(), UnaryOperator.identity(), RedisFastPath.JEDIS, UnaryOperator.identity());
    }

    /**
     * These seams, the store wrapped by {@code wrapper}.
     *
     * @param wrapper given what the builder made, returns what the receiver uses
     * @return new seams
     */
    public Seams<P> withStore(UnaryOperator<Store<P>> wrapper) {
        return new Seams<>(wrapper, fastPath, cache, telemetry);
    }

    /**
     * These seams, the fast path wrapped by {@code wrapper}.
     *
     * @param wrapper given what the builder made, returns what the receiver uses
     * @return new seams
     */
    public Seams<P> withFastPath(UnaryOperator<FastPath> wrapper) {
        return new Seams<>(store, wrapper, cache, telemetry);
    }

    /**
     * These seams, the configured fast path's cache reached through {@code connector} (a model's
     * nodes): everything of the fast path above its nodes runs as in a function.
     *
     * @param connector the cache's nodes, and the threads that ask them
     * @return new seams
     */
    public Seams<P> withCache(CacheNodes.Connector connector) {
        return new Seams<>(store, fastPath, connector, telemetry);
    }

    /**
     * These seams, the telemetry wrapped by {@code wrapper}.
     *
     * @param wrapper given what the builder made, returns what the receiver reports to
     * @return new seams
     */
    public Seams<P> withTelemetry(UnaryOperator<Telemetry> wrapper) {
        return new Seams<>(store, fastPath, cache, wrapper);
    }

    /**
     * Opened by the receiver's builder class, once: how seams reach one of its builders.
     *
     * @param attach sets seams on the builder it is given
     */
    public static void openDoor(BiConsumer<Object, Seams<?>> attach) {
        door = Objects.requireNonNull(attach, "attach");
    }

    /**
     * Sets {@code seams} on {@code builder}, replacing what it had.
     *
     * @param builder a receiver builder (its class opened the door as it was initialised)
     * @param seams   what the receiver it builds uses
     */
    public static void attach(Object builder, Seams<?> seams) {
        Objects.requireNonNull(builder, "builder");
        door.accept(builder, Objects.requireNonNull(seams, "seams"));
    }
}
