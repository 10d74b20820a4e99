package com.example.receiver.redis;

import java.time.Duration;
import java.util.Set;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import redis.clients.jedis.Connection;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.RedisClusterClient;
import redis.clients.jedis.providers.ClusterConnectionProvider;
import redis.clients.jedis.util.JedisClusterCRC16;

/**
 * A Redis Cluster reached through its configuration endpoint (ElastiCache's one endpoint), with
 * Jedis's cluster client: its slot map (learnt with {@code CLUSTER SLOTS}, renewed on
 * {@code MOVED}), its per-node connection pools, and its redirection-following commands. Nothing
 * is asked of the cache until first use, so that a cache that is down at start costs the
 * function nothing but misses.
 */
final class ClusterTopology implements CacheTopology {

    /** A redirected command is tried this many times (MOVED, then ASK during a migration, then done). */
    static final int MAX_ATTEMPTS = 3;

    private final HostAndPort endpoint;
    private final JedisClientConfig client;
    private final GenericObjectPoolConfig<Connection> pool;
    private final Duration timeout;
    private ClusterConnectionProvider provider;
    private RedisClusterClient redis;

    ClusterTopology(HostAndPort endpoint, JedisClientConfig client, GenericObjectPoolConfig<Connection> pool,
                    Duration timeout) {
        this.endpoint = endpoint;
        this.client = client;
        this.pool = pool;
        this.timeout = timeout;
    }

    /** The slot map and the client, made on first use (and again after a failed first use). */
    private synchronized ClusterConnectionProvider provider() {
        if (provider == null) {
            ClusterConnectionProvider slots = new ClusterConnectionProvider(Set.of(endpoint), client, pool);
            redis = RedisClusterClient.builder()
                    .nodes(Set.of(endpoint))
                    .connectionProvider(slots)
                    .clientConfig(client)
                    .maxAttempts(MAX_ATTEMPTS)
                    .maxTotalRetriesDuration(timeout.multipliedBy(MAX_ATTEMPTS))
                    .build();
            provider = slots;
        }
        return provider;
    }

    private RedisClusterClient redis() {
        provider();
        return redis;
    }

    @Override
    public HostAndPort nodeOf(String redisKey) {
        int slot = JedisClusterCRC16.getSlot(redisKey);
        HostAndPort node = provider().getNode(slot);
        if (node == null) {
            provider.renewSlotCache();
            node = provider.getNode(slot);
        }
        if (node == null) {
            throw new IllegalStateException("no node serves slot " + slot);
        }
        return node;
    }

    @Override
    public Connection connection(HostAndPort node) {
        return provider().getConnection(node);
    }

    @Override
    public String get(String redisKey) {
        return redis().get(redisKey);
    }

    @Override
    public void setex(String redisKey, long seconds, String value) {
        redis().setex(redisKey, seconds, value);
    }

    @Override
    public void refresh() {
        provider().renewSlotCache();
    }

    @Override
    public synchronized void close() {
        if (redis != null) {
            redis.close();
        }
    }
}
