package com.example.receiver.internal.redis;

import com.example.receiver.internal.CacheNodes;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The remembering's write: a pipeline of {@code SETEX}s per node, each value kept for the TTL. */
final class NodeWrites implements NodeCall {

    private final CacheNodes nodes;
    private final Map<String, String> values;
    private final long ttlSeconds;

    /** Writes {@code values}, by Redis key, each for {@code ttlSeconds}. */
    NodeWrites(CacheNodes nodes, Map<String, String> values, long ttlSeconds) {
        this.nodes = nodes;
        this.values = values;
        this.ttlSeconds = ttlSeconds;
    }

    @Override
    public CacheNodes.Reply onNode(String node, List<String> redisKeys) {
        return nodes.setex(node, redisKeys, values, ttlSeconds);
    }

    @Override
    public Optional<String> followed(String redisKey) {
        nodes.followedSetex(redisKey, ttlSeconds, values.get(redisKey));
        return Optional.empty();
    }
}
