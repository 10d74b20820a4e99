package com.example.receiver.internal.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import redis.clients.jedis.Connection;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.exceptions.JedisAskDataException;
import redis.clients.jedis.exceptions.JedisMovedDataException;

/** The remembering's write: a pipeline of {@code SETEX}s per node, each value kept for the TTL. */
final class NodeWrites implements NodeCall {

    private final CacheTopology topology;
    private final Map<String, String> values;
    private final long ttlSeconds;

    /** Writes {@code values}, by Redis key, each for {@code ttlSeconds}. */
    NodeWrites(CacheTopology topology, Map<String, String> values, long ttlSeconds) {
        this.topology = topology;
        this.values = values;
        this.ttlSeconds = ttlSeconds;
    }

    @Override
    public Reply onNode(Connection connection, List<String> redisKeys) {
        Pipeline pipeline = new Pipeline(connection);
        List<Response<String>> responses = redisKeys.stream()
                .map(redisKey -> pipeline.setex(redisKey, ttlSeconds, values.get(redisKey)))
                .toList();
        pipeline.sync();
        List<String> redirected = new ArrayList<>();
        for (int i = 0; i < redisKeys.size(); i++) {
            try {
                responses.get(i).get();
            } catch (JedisMovedDataException | JedisAskDataException moved) {
                redirected.add(redisKeys.get(i));
            }
        }
        return new Reply(Map.of(), redirected);
    }

    @Override
    public Optional<String> followed(String redisKey) {
        topology.setex(redisKey, ttlSeconds, values.get(redisKey));
        return Optional.empty();
    }
}
