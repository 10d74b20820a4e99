package com.example.receiver.internal.redis;

import com.example.receiver.internal.CacheNodes;
import java.util.List;
import java.util.Optional;

/**
 * What {@link RedisFastPath} does on each node a batch's keys live on: one pipeline per node, and
 * a key the node redirected ({@code MOVED}, {@code ASK}) done again through the cluster client.
 * Either may throw; the caller counts that against the node's breaker.
 */
interface NodeCall {

    /** Runs on {@code node} for its {@code redisKeys}, as one pipeline. */
    CacheNodes.Reply onNode(String node, List<String> redisKeys);

    /** Runs for one key a node redirected, through the cluster client: the value read, if any. */
    Optional<String> followed(String redisKey);
}
