package com.example.receiver.testing;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The cache as one node in memory, for {@link ReceiverTestKit#cacheNodes}: the real fast path above
 * a cache that is always there, keeps every value it is given, never expires one and never
 * redirects (a domain's tests of what the fast path answers; a model of a cluster's faults is the
 * simulation's).
 */
public final class InMemoryCacheNode implements TestCacheNodes {

    /** The one node's address: give it as the fast path's endpoint ({@code FAST_PATH_ENDPOINT}). */
    public static final String NODE = "cache.internal:6379";

    private final Map<String, String> values = new ConcurrentHashMap<>();

    /** An empty node. */
    public InMemoryCacheNode() {
        // nothing held yet
    }

    /**
     * What the node holds now.
     *
     * @return its values by cache key, a copy
     */
    public Map<String, String> values() {
        return Map.copyOf(values);
    }

    @Override
    public String nodeOf(String redisKey) {
        return NODE;
    }

    @Override
    public Reply get(String node, List<String> redisKeys) {
        Map<String, String> found = new HashMap<>();
        redisKeys.forEach(key -> followedGet(key).ifPresent(value -> found.put(key, value)));
        return new Reply(found, List.of());
    }

    @Override
    public Reply setex(String node, List<String> redisKeys, Map<String, String> written, long seconds) {
        redisKeys.forEach(key -> values.put(key, written.get(key)));
        return new Reply(Map.of(), List.of());
    }

    @Override
    public Optional<String> followedGet(String redisKey) {
        return Optional.ofNullable(values.get(redisKey));
    }

    @Override
    public void followedSetex(String redisKey, long seconds, String value) {
        values.put(redisKey, value);
    }

    @Override
    public void refresh() {
        // one node: no slot map to learn
    }

    @Override
    public void close() {
        // nothing held
    }
}
