package com.example.receiver.internal.redis;

import com.example.receiver.internal.CacheNodes;
import java.util.List;
import java.util.Optional;

/** The lookup's read: a pipeline of {@code GET}s per node. */
final class NodeReads implements NodeCall {

    private final CacheNodes nodes;

    NodeReads(CacheNodes nodes) {
        this.nodes = nodes;
    }

    @Override
    public CacheNodes.Reply onNode(String node, List<String> redisKeys) {
        return nodes.get(node, redisKeys);
    }

    @Override
    public Optional<String> followed(String redisKey) {
        return nodes.followedGet(redisKey);
    }
}
