package com.example.receiver.internal.redis;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import redis.clients.jedis.Connection;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.exceptions.JedisAskDataException;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisMovedDataException;

/**
 * The lookup's read: a pipeline of {@code GET}s per node (a multi-key {@code MGET} across slots
 * is refused with {@code CROSSSLOT} in cluster mode). A key of another type ({@code WRONGTYPE})
 * is a miss, replaced by the next write.
 */
final class NodeReads implements NodeCall {

    private final CacheTopology topology;

    NodeReads(CacheTopology topology) {
        this.topology = topology;
    }

    @Override
    public Reply onNode(Connection connection, List<String> redisKeys) {
        Pipeline pipeline = new Pipeline(connection);
        List<Response<String>> responses = redisKeys.stream().map(pipeline::get).toList();
        pipeline.sync();
        Map<String, String> values = new HashMap<>();
        List<String> redirected = new ArrayList<>();
        for (int i = 0; i < redisKeys.size(); i++) {
            try {
                String value = responses.get(i).get();
                if (value != null) {
                    values.put(redisKeys.get(i), value);
                }
            } catch (JedisMovedDataException | JedisAskDataException moved) {
                redirected.add(redisKeys.get(i));
            } catch (JedisDataException wrongType) {
                // a key of another type (WRONGTYPE): a miss, replaced by the next write
            }
        }
        return new Reply(values, redirected);
    }

    @Override
    public Optional<String> followed(String redisKey) {
        return Optional.ofNullable(topology.get(redisKey));
    }
}
