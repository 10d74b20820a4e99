package com.example.receiver.config;

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
 */
public record FastPathConfig(String host, int port, boolean tls, boolean cluster, Optional<Path> caFile,
                             String signingSecret, Duration connectTimeout, Duration timeout, Duration maxIdle,
                             Duration ttl) {

    public FastPathConfig {
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
        if (caFile.isPresent() && !tls) {
            throw new IllegalArgumentException("caFile needs tls");
        }
    }
}
