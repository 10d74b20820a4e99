package com.example.receiver.testing;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A model of the cache's nodes under the receiver's real Redis fast path ({@link ReceiverTestKit#cacheNodes}):
 * the commands the fast path sends node by node, where a function has the Redis client. Everything
 * above them (signing, the codec, the breakers, the nodes asked in parallel, the fallback to the
 * store) runs as in a function. Every method may throw (a node down, a timeout, no slot map): the
 * fast path turns every failure into misses.
 */
public interface TestCacheNodes extends AutoCloseable {

    /**
     * The node that serves {@code redisKey}'s hash slot, as last known.
     *
     * @param redisKey the key
     * @return the node's name ({@code host:port})
     */
    String nodeOf(String redisKey);

    /**
     * {@code GET} of each key on {@code node}, as one pipeline (one round trip).
     *
     * @param node      a node {@link #nodeOf} named
     * @param redisKeys keys that node serves, as last known
     * @return the values found, and the keys the node redirected ({@code MOVED}, {@code ASK})
     */
    Reply get(String node, List<String> redisKeys);

    /**
     * {@code SET ... EX seconds} of each key on {@code node}, as one pipeline.
     *
     * @param node      a node {@link #nodeOf} named
     * @param redisKeys keys that node serves, as last known, in the order they are written
     * @param values    the value of each key
     * @param seconds   how long each value is kept
     * @return no values, and the keys the node redirected
     */
    Reply setex(String node, List<String> redisKeys, Map<String, String> values, long seconds);

    /**
     * {@code GET} of one key a node redirected, following the redirections (and learning from them).
     *
     * @param redisKey the key
     * @return its value, if any
     */
    Optional<String> followedGet(String redisKey);

    /**
     * {@code SET ... EX} of one key a node redirected, following the redirections.
     *
     * @param redisKey the key
     * @param seconds  how long the value is kept
     * @param value    the value
     */
    void followedSetex(String redisKey, long seconds, String value);

    /** Learns the slot map again (after a node failed: its slots may have a new primary). */
    void refresh();

    @Override
    void close();

    /**
     * One node's pipeline: the values of the keys it holds, and the keys it redirected elsewhere.
     *
     * @param values     the values found, by key (absent keys left out)
     * @param redirected the keys the node sent elsewhere
     */
    record Reply(Map<String, String> values, List<String> redirected) {
    }
}
