package com.example.receiver.internal.redis;

import com.example.receiver.internal.CacheNodes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import redis.clients.jedis.Connection;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.exceptions.JedisAskDataException;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisMovedDataException;

/**
 * The cache's nodes through Jedis, on a {@link CacheTopology}: each node's commands as one
 * pipeline on a pooled connection to it (a multi-key {@code MGET} across slots is refused with
 * {@code CROSSSLOT} in cluster mode), redirected keys through the topology's cluster client. A
 * key of another type ({@code WRONGTYPE}) is a miss, replaced by the next write.
 */
final class JedisNodes implements CacheNodes {

    private final CacheTopology topology;
    /** The nodes named so far, by name: the pools are the topology's, by its address. */
    private final Map<String, HostAndPort> named = new ConcurrentHashMap<>();

    JedisNodes(CacheTopology topology) {
        this.topology = topology;
    }

    @Override
    public String nodeOf(String redisKey) {
        HostAndPort node = topology.nodeOf(redisKey);
        String name = node.toString();
        named.putIfAbsent(name, node);
        return name;
    }

    @Override
    public Reply get(String node, List<String> redisKeys) {
        try (Connection connection = topology.connection(named.get(node))) {
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
    }

    @Override
    public Reply setex(String node, List<String> redisKeys, Map<String, String> values, long seconds) {
        try (Connection connection = topology.connection(named.get(node))) {
            Pipeline pipeline = new Pipeline(connection);
            List<Response<String>> responses = redisKeys.stream()
                    .map(redisKey -> pipeline.setex(redisKey, seconds, values.get(redisKey)))
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
    }

    @Override
    public Optional<String> followedGet(String redisKey) {
        return Optional.ofNullable(topology.get(redisKey));
    }

    @Override
    public void followedSetex(String redisKey, long seconds, String value) {
        topology.setex(redisKey, seconds, value);
    }

    @Override
    public void refresh() {
        topology.refresh();
    }

    @Override
    public void close() {
        topology.close();
    }
}
