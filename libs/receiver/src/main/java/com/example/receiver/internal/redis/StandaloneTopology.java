package com.example.receiver.internal.redis;

import java.time.Duration;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import redis.clients.jedis.Connection;
import redis.clients.jedis.ConnectionPool;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisClientConfig;

/**
 * One Redis server without cluster mode (a node-based cache with cluster mode off): every key is
 * on it, and nothing is ever redirected. Connects lazily, on first use; retires connections idle
 * too long ({@link IdleLimitedConnections}).
 */
final class StandaloneTopology implements CacheTopology {

    private final HostAndPort endpoint;
    private final ConnectionPool pool;

    StandaloneTopology(HostAndPort endpoint, JedisClientConfig client, GenericObjectPoolConfig<Connection> pool,
                       Duration maxIdle) {
        this.endpoint = endpoint;
        this.pool = IdleLimitedConnections.pool(endpoint, client, pool, maxIdle);
    }

    @Override
    public HostAndPort nodeOf(String redisKey) {
        return endpoint;
    }

    @Override
    public Connection connection(HostAndPort node) {
        return pool.getResource();
    }

    @Override
    public String get(String redisKey) {
        try (Connection connection = pool.getResource()) {
            return new Jedis(connection).get(redisKey);
        }
    }

    @Override
    public void setex(String redisKey, long seconds, String value) {
        try (Connection connection = pool.getResource()) {
            new Jedis(connection).setex(redisKey, seconds, value);
        }
    }

    @Override
    public void refresh() {
        // one node, no slot map
    }

    @Override
    public void close() {
        pool.close();
    }
}
