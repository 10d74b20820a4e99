package com.example.receiver.internal.redis;

import redis.clients.jedis.Connection;
import redis.clients.jedis.HostAndPort;

/**
 * Which node serves which key, and connections to the nodes: a Redis Cluster's slot map, or the
 * one node of a standalone cache. Methods may throw (a node down, the map not yet known); the
 * {@link RedisFastPath} turns every failure into misses.
 */
interface CacheTopology extends AutoCloseable {

    /** The node that serves {@code redisKey}'s hash slot, as last known. */
    HostAndPort nodeOf(String redisKey);

    /** A pooled connection to {@code node}; closing it gives it back. */
    Connection connection(HostAndPort node);

    /** {@code GET}, following {@code MOVED} and {@code ASK} redirections (and learning from them). */
    String get(String redisKey);

    /** {@code SET ... EX}, following redirections. */
    void setex(String redisKey, long seconds, String value);

    /** Learns the slot map again (after a node failed: its slots may have a new master). */
    void refresh();

    @Override
    void close();
}
