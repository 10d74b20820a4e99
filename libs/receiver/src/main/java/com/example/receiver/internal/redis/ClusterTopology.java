package com.example.receiver.internal.redis;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import redis.clients.jedis.Connection;
import redis.clients.jedis.ConnectionPool;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.RedisClusterClient;
import redis.clients.jedis.providers.ClusterConnectionProvider;
import redis.clients.jedis.util.JedisClusterCRC16;

/**
 * A Redis Cluster reached through its configuration endpoint (ElastiCache's one endpoint), with
 * Jedis's cluster client: its slot map (learnt with {@code CLUSTER SLOTS}, renewed on
 * {@code MOVED}) and its redirection-following commands, on its own per-node pools. The
 * pipelines of every batch run on connections of pools of this class's own, which retire
 * connections idle too long ({@link IdleLimitedConnections}): Jedis builds its cluster pools with
 * its own factory, which cannot be told to. Nothing is asked of the cache until first use, so
 * that a cache that is down at start costs the function nothing but misses.
 */
final class ClusterTopology implements CacheTopology {

    /** A redirected command is tried this many times (MOVED, then ASK during a migration, then done). */
    static final int MAX_ATTEMPTS = 3;

    private final HostAndPort endpoint;
    private final JedisClientConfig client;
    private final GenericObjectPoolConfig<Connection> pool;
    private final Duration timeout;
    private final Duration maxIdle;
    private final Map<HostAndPort, ConnectionPool> nodePools = new ConcurrentHashMap<>();
    private ClusterConnectionProvider provider;
    private RedisClusterClient redis;

    ClusterTopology(HostAndPort endpoint, JedisClientConfig client, GenericObjectPoolConfig<Connection> pool,
                    Duration timeout, Duration maxIdle) {
        this.endpoint = endpoint;
        this.client = client;
        this.pool = pool;
        this.timeout = timeout;
        this.maxIdle = maxIdle;
    }

    /** The slot map, learnt on first use (and again after a failed first use). */
    private synchronized ClusterConnectionProvider provider() {
        if (provider == null) {
            provider = new ClusterConnectionProvider(Set.of(endpoint), client, pool);
        }
        return provider;
    }

    /**
     * The redirection-following client, on the slot map, made when a command is first redirected:
     * batches run their pipelines on the node pools, and building it loads some 75 classes of
     * Jedis's command registry, a cost a cold environment would pay for a rare redirection.
     */
    private synchronized RedisClusterClient redis() {
        if (redis == null) {
            redis = RedisClusterClient.builder()
                    .nodes(Set.of(endpoint))
                    .connectionProvider(provider())
                    .clientConfig(client)
                    .maxAttempts(MAX_ATTEMPTS)
                    .maxTotalRetriesDuration(timeout.multipliedBy(MAX_ATTEMPTS))
                    .build();
        }
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
        return nodePools.computeIfAbsent(node, n -> IdleLimitedConnections.pool(n, client, pool, maxIdle)).getResource();
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
        nodePools.values().forEach(ConnectionPool::close);
        if (redis != null) {
            redis.close(); // and the slot map under it
        } else if (provider != null) {
            provider.close();
        }
    }
}
