package com.example.receiver.internal;

import com.example.receiver.internal.config.FastPathConfig;
import com.example.receiver.testing.TestCacheNodes;
import java.util.concurrent.ExecutorService;

/**
 * Not API: the commands the Redis fast path sends to its cache, node by node, below which there
 * is only the Redis client (Jedis): the test kit's public {@link TestCacheNodes}, one contract for
 * Jedis and a model. In a function it is Jedis on the configured cache; the simulation gives a
 * model of the cache here (the test kit's {@code cacheNodes}, through {@link Seams#withCache}), so that the whole fast
 * path above it (signing, the codec, the breakers, the nodes asked in parallel, the fallback to
 * the store) runs as in a function. Every method may throw: a node down, a timeout, no slot map;
 * the fast path turns every failure into misses.
 */
public interface CacheNodes extends TestCacheNodes {

    /** How a fast path reaches its cache: the nodes, and the threads that ask several at once. */
    interface Connector {

        /**
         * The cache {@code config} names, connecting lazily.
         *
         * @param config where the cache is and how patient to be with it
         * @return its nodes
         */
        CacheNodes connect(FastPathConfig config);

        /**
         * The executor that asks a batch's nodes at once, at most {@code maxParallelNodes} of them.
         *
         * @param maxParallelNodes the most nodes asked at once
         * @return a new executor, shut down with the fast path
         */
        ExecutorService askers(int maxParallelNodes);
    }
}
