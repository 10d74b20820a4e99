package com.example.receiver.internal.redis;

import java.time.Duration;
import java.util.Objects;
import org.apache.commons.pool2.PooledObject;
import org.apache.commons.pool2.PooledObjectFactory;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import redis.clients.jedis.Connection;
import redis.clients.jedis.ConnectionFactory;
import redis.clients.jedis.ConnectionPool;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisClientConfig;

/**
 * Connections to one node whose pool hands out only those used within {@code maxIdle}: a
 * connection idle for longer is destroyed when borrowed, and the pool hands out the next one or
 * opens a new one. A Lambda environment frozen between invocations keeps its sockets, but the
 * network may drop them meanwhile (a NAT gateway drops a TCP connection idle for 350 s, then
 * answers its next packet with a reset); reusing one would cost the batch a failed command, a
 * breaker opened on a healthy node and a {@code FastPathUnavailable} count.
 *
 * <p>The check reads the pool's own record of when the connection was returned, so a fresh
 * connection is handed out with no network round trip: Jedis's own validation sends a
 * {@code PING} on every borrow, a round trip as long as the lookup it would guard. The idle time
 * is the pool's wall-clock time, not the function's injected clock: what matters is how long the
 * network saw no traffic, which a test moving the business clock by days does not change.
 */
final class IdleLimitedConnections implements PooledObjectFactory<Connection> {

    private final PooledObjectFactory<Connection> connections;
    private final Duration maxIdle;

    IdleLimitedConnections(PooledObjectFactory<Connection> connections, Duration maxIdle) {
        this.connections = Objects.requireNonNull(connections, "connections");
        this.maxIdle = Objects.requireNonNull(maxIdle, "maxIdle");
    }

    /** A pool of connections to {@code node} that hands out only those idle for at most {@code maxIdle}. */
    static ConnectionPool pool(HostAndPort node, JedisClientConfig client, GenericObjectPoolConfig<Connection> pool,
                               Duration maxIdle) {
        GenericObjectPoolConfig<Connection> checked = pool.clone();
        checked.setTestOnBorrow(true);
        return new ConnectionPool(new IdleLimitedConnections(new ConnectionFactory(node, client), maxIdle), checked);
    }

    /** Only asked on borrow: valid while connected and used within the limit; no command is sent. */
    @Override
    public boolean validateObject(PooledObject<Connection> pooled) {
        return pooled.getObject().isConnected() && pooled.getIdleDuration().compareTo(maxIdle) <= 0;
    }

    @Override
    public PooledObject<Connection> makeObject() throws Exception {
        return connections.makeObject();
    }

    @Override
    public void destroyObject(PooledObject<Connection> pooled) throws Exception {
        connections.destroyObject(pooled);
    }

    @Override
    public void activateObject(PooledObject<Connection> pooled) throws Exception {
        connections.activateObject(pooled);
    }

    @Override
    public void passivateObject(PooledObject<Connection> pooled) throws Exception {
        connections.passivateObject(pooled);
    }
}
