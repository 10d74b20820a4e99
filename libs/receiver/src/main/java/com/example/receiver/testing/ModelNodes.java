package com.example.receiver.testing;

import com.example.receiver.internal.CacheNodes;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A test's model of the nodes as the fast path's {@link CacheNodes}: each command passed on as it is. */
final class ModelNodes implements CacheNodes {

    private final TestCacheNodes model;

    ModelNodes(TestCacheNodes model) {
        this.model = model;
    }

    @Override
    public String nodeOf(String redisKey) {
        return model.nodeOf(redisKey);
    }

    @Override
    public Reply get(String node, List<String> redisKeys) {
        return model.get(node, redisKeys);
    }

    @Override
    public Reply setex(String node, List<String> redisKeys, Map<String, String> values, long seconds) {
        return model.setex(node, redisKeys, values, seconds);
    }

    @Override
    public Optional<String> followedGet(String redisKey) {
        return model.followedGet(redisKey);
    }

    @Override
    public void followedSetex(String redisKey, long seconds, String value) {
        model.followedSetex(redisKey, seconds, value);
    }

    @Override
    public void refresh() {
        model.refresh();
    }

    @Override
    public void close() {
        model.close();
    }
}
