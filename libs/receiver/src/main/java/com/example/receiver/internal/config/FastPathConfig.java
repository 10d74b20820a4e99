package com.example.receiver.internal.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Where the fast-path cache is, how to reach it, how patient to be with it, and which secret
 * signs its values.
 *
 * @param host          the cache's host: ElastiCache's one configuration endpoint
 * @param port          its port
 * @param tls           whether to connect with TLS (always on ElastiCache Serverless)
 * @param cluster       whether the cache speaks the Redis Cluster protocol (always on ElastiCache
 *                      Serverless; off only for a node-based cache without cluster mode)
 * @param caFile        a PEM file of the CA the cache's certificate must chain to; empty: the
 *                      JVM's default trust (Amazon's CAs, in AWS)
 * @param signingSecret the Secrets Manager secret (name or ARN) holding the key that signs and
 *                      verifies cached values; read once, at start
 * @param connectTimeout how long a new connection may take (TCP connect and TLS handshake), paid
 *                      once per connection and at most once per breaker period on a sick node
 * @param timeout       read timeout of every command; tens of milliseconds, since a slow cache
 *                      must cost less than the store call it is meant to save
 * @param maxIdle       a pooled connection unused for longer than this is not trusted: it is
 *                      dropped and replaced when next borrowed, since the network may have dropped
 *                      it meanwhile (AWS network paths drop a TCP connection idle for 350 s)
 * @param ttl           how long a decision is cached
 * @param breakerOpenFor how long a node (or the slot map's endpoint) is not asked after it
 *                      failed: a cache that is down or blackholed costs a batch one timeout per
 *                      this period, not one per batch; {@link #BREAKER_OPEN_FOR} in the function
 * @param maxParallelNodes the most nodes asked at once (and connections pooled per node); a
 *                      larger cache's nodes queue for these; {@link #MAX_PARALLEL_NODES} in the
 *                      function
 */
public record FastPathConfig(String host, int port, boolean tls, boolean cluster, Optional<Path> caFile,
                             String signingSecret, Duration connectTimeout, Duration timeout, Duration maxIdle,
                             Duration ttl, Duration breakerOpenFor, int maxParallelNodes) {

    /**
     * The breaker period the function uses: long enough that a sick node costs a batch a
     * timeout only every few seconds, short enough that a recovered one serves again soon. Not a
     * variable: docs/reliability.md's bound on what Redis faults cost rests on it.
     */
    public static final Duration BREAKER_OPEN_FOR = Duration.ofSeconds(5);
    /**
     * The nodes the function asks at once: ElastiCache Serverless serves a batch's keys from a
     * few nodes; a thread per node beyond this would cost memory in every environment. Not a
     * variable.
     */
    public static final int MAX_PARALLEL_NODES = 4;

    /**
     * The function's fast path: {@link #BREAKER_OPEN_FOR} and {@link #MAX_PARALLEL_NODES}.
     *
     * @param host           the cache's host
     * @param port           its port
     * @param tls            whether to connect with TLS
     * @param cluster        whether the cache speaks the Redis Cluster protocol
     * @param caFile         a PEM file of the CA the cache's certificate must chain to; empty: the JVM's trust
     * @param signingSecret  the secret holding the key that signs cached values
     * @param connectTimeout how long a new connection may take
     * @param timeout        read timeout of every command
     * @param maxIdle        a pooled connection idle longer than this is replaced
     * @param ttl            how long a decision is cached
     */
    public FastPathConfig(String host, int port, boolean tls, boolean cluster, Optional<Path> caFile,
                          String signingSecret, Duration connectTimeout, Duration timeout, Duration maxIdle,
                          Duration ttl) {
        this(host, port, tls, cluster, caFile, signingSecret, connectTimeout, timeout, maxIdle, ttl,
                BREAKER_OPEN_FOR, MAX_PARALLEL_NODES);
    }

    /** Checks the components as the record is made: none missing, and each rule above. */
    public FastPathConfig {
        Objects.requireNonNull(breakerOpenFor, "breakerOpenFor");
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(caFile, "caFile");
        Objects.requireNonNull(signingSecret, "signingSecret");
        Objects.requireNonNull(connectTimeout, "connectTimeout");
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(maxIdle, "maxIdle");
        Objects.requireNonNull(ttl, "ttl");
        if (port < 1 || port > 65_535) {
            throw new IllegalArgumentException("port must be 1-65535");
        }
        if (!maxIdle.isPositive()) {
            throw new IllegalArgumentException("maxIdle must be positive");
        }
        if (!breakerOpenFor.isPositive()) {
            throw new IllegalArgumentException("breakerOpenFor must be positive");
        }
        if (maxParallelNodes < 1) {
            throw new IllegalArgumentException("maxParallelNodes must be at least 1");
        }
        if (caFile.isPresent() && !tls) {
            throw new IllegalArgumentException("caFile needs tls");
        }
    }
}
