package com.example.sim.models;

import com.example.receiver.testing.TestCacheNodes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The {@link TestCacheNodes} of one environment's fast path on the {@link CacheModel}: its own slot
 * map (each shard's primary as it last learnt it, at its first use and after a refresh), a
 * pipeline to one node answered key by key or redirected ({@code MOVED}) where the node no longer
 * serves the key, the cluster client's followed commands, and a silent shard costing the read
 * timeout.
 */
final class CacheClient implements TestCacheNodes {

    private final CacheModel cache;
    private final World world;
    private final long timeoutMicros;
    private final String[] slotMap;

    CacheClient(CacheModel cache, World world, long timeoutMicros) {
        this.cache = cache;
        this.world = world;
        this.timeoutMicros = timeoutMicros;
        this.slotMap = new String[cache.shards()];
        for (int shard = 0; shard < slotMap.length; shard++) {
            slotMap[shard] = cache.primaryOf(shard);
        }
    }

    @Override
    public String nodeOf(String redisKey) {
        return slotMap[cache.shardOf(redisKey)];
    }

    @Override
    public Reply get(String node, List<String> redisKeys) {
        return pipeline("GET", node, redisKeys, key -> cache.get(key, true));
    }

    @Override
    public Reply setex(String node, List<String> redisKeys, Map<String, String> values, long seconds) {
        return pipeline("SET", node, redisKeys, key -> {
            cache.setex(key, values.get(key), seconds);
            return Optional.empty();
        });
    }

    @Override
    public Optional<String> followedGet(String redisKey) {
        return followed("GET", redisKey, () -> cache.get(redisKey, false));
    }

    @Override
    public void followedSetex(String redisKey, long seconds, String value) {
        followed("SET", redisKey, () -> {
            cache.setex(redisKey, value, seconds);
            return Optional.empty();
        });
    }

    @Override
    public void refresh() {
        world.toService(CacheModel.SERVICE, "CLUSTER SLOTS");
        for (int shard = 0; shard < slotMap.length; shard++) {
            if (cache.answers(shard)) {
                slotMap[shard] = cache.primaryOf(shard);
            }
        }
        world.fromService(CacheModel.SERVICE, "CLUSTER SLOTS");
    }

    @Override
    public void close() {
        // nothing held
    }

    private interface Command {
        Optional<String> on(String redisKey);
    }

    /** One round trip to {@code node}: each key answered, or redirected when the node no longer serves it. */
    private Reply pipeline(String operation, String node, List<String> redisKeys, Command command) {
        world.toService(CacheModel.SERVICE, operation);
        for (String key : redisKeys) {
            if (!cache.answers(cache.shardOf(key))) {
                timeOut(); // the pipeline waits for every answer
            }
        }
        Map<String, String> values = new HashMap<>();
        List<String> redirected = new ArrayList<>();
        for (String key : redisKeys) {
            if (!node.equals(cache.primaryOf(cache.shardOf(key)))) {
                cache.redirected();
                redirected.add(key);
                continue;
            }
            command.on(key).ifPresent(value -> values.put(key, value));
        }
        world.fromService(CacheModel.SERVICE, operation);
        return new Reply(values, redirected);
    }

    /** Through the cluster client, which follows MOVED to the slot's primary and learns it. */
    private Optional<String> followed(String operation, String redisKey, Supplier<Optional<String>> command) {
        world.toService(CacheModel.SERVICE, operation);
        int shard = cache.shardOf(redisKey);
        if (!cache.answers(shard)) {
            timeOut();
        }
        slotMap[shard] = cache.primaryOf(shard);
        Optional<String> value = command.get();
        world.fromService(CacheModel.SERVICE, operation);
        return value;
    }

    private void timeOut() {
        cache.timedOut(timeoutMicros);
        throw new IllegalStateException("Read timed out (the cache's model: no answer within "
                + timeoutMicros / 1000 + " ms)");
    }
}
