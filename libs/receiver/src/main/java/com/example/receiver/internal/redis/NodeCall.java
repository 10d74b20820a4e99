package com.example.receiver.internal.redis;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import redis.clients.jedis.Connection;

/**
 * What {@link RedisFastPath} does on each node a batch's keys live on: one pipeline per node, and
 * a key the node redirected ({@code MOVED}, {@code ASK}) done again through the cluster client.
 * Either may throw; the caller counts that against the node's breaker.
 */
interface NodeCall {

    /** Runs on {@code connection}, one node's, for its {@code redisKeys}, as one pipeline. */
    Reply onNode(Connection connection, List<String> redisKeys);

    /** Runs for one key a node redirected, through the cluster client: the value read, if any. */
    Optional<String> followed(String redisKey);

    /** One node's pipeline: the values of the keys it holds, and the keys it redirected elsewhere. */
    record Reply(Map<String, String> values, List<String> redirected) {
    }
}
