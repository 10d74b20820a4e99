package com.example.receiver.config;

import java.time.Duration;
import java.util.Objects;

/**
 * Where the fast-path cache is and how patient to be with it.
 *
 * @param host    the Redis / ElastiCache host
 * @param port    its port
 * @param tls     whether to connect with TLS (always on ElastiCache Serverless)
 * @param timeout connect and read timeout; tens of milliseconds, since a slow cache must cost
 *                less than the store call it is meant to save
 * @param ttl     how long a decision is cached
 */
public record FastPathConfig(String host, int port, boolean tls, Duration timeout, Duration ttl) {

    public FastPathConfig {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(ttl, "ttl");
        if (port < 1 || port > 65_535) {
            throw new IllegalArgumentException("port must be 1-65535");
        }
    }
}
