package com.example.receiver.redis;

import com.example.receiver.CachedDecision;
import com.example.receiver.FastPath;
import com.example.receiver.IdempotencyKey;
import com.example.receiver.config.FastPathConfig;
import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import redis.clients.jedis.Connection;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.RedisClient;

/**
 * The {@link FastPath} on Redis. Keys are {@code dedup:<key>}; values are
 * {@link CachedDecisionCodec encoded} decisions with their fingerprints.
 *
 * <p>Any error (connection refused, timeout, protocol) opens the {@link CircuitBreaker}; while
 * it is open the cache is not asked, lookups report themselves unavailable and writes are
 * skipped. The batch then simply goes to the store.
 */
public final class RedisFastPath implements FastPath, AutoCloseable {

    static final String KEY_PREFIX = "dedup:";
    static final Duration BREAKER_OPEN_FOR = Duration.ofSeconds(5);

    private final RedisClient redis;
    private final long ttlSeconds;
    private final CircuitBreaker breaker;

    RedisFastPath(RedisClient redis, Duration ttl, CircuitBreaker breaker) {
        this.redis = Objects.requireNonNull(redis, "redis");
        this.ttlSeconds = ttl.toSeconds();
        this.breaker = Objects.requireNonNull(breaker, "breaker");
    }

    /** A client with the configured timeouts and TLS; connects lazily, on first use. */
    public static RedisFastPath connect(FastPathConfig config, Clock clock) {
        int timeoutMillis = Math.toIntExact(config.timeout().toMillis());
        DefaultJedisClientConfig client = DefaultJedisClientConfig.builder()
                .connectionTimeoutMillis(timeoutMillis)
                .socketTimeoutMillis(timeoutMillis)
                .blockingSocketTimeoutMillis(timeoutMillis)
                .ssl(config.tls())
                .clientName("idempotent-receiver")
                .build();
        GenericObjectPoolConfig<Connection> pool = new GenericObjectPoolConfig<>();
        pool.setMaxTotal(4);
        pool.setMaxWait(config.timeout());
        pool.setJmxEnabled(false);
        RedisClient redis = RedisClient.builder()
                .hostAndPort(new HostAndPort(config.host(), config.port()))
                .clientConfig(client)
                .poolConfig(pool)
                .build();
        return new RedisFastPath(redis, config.ttl(), new CircuitBreaker(clock, BREAKER_OPEN_FOR));
    }

    @Override
    public Lookup lookup(Collection<IdempotencyKey> keys) {
        if (keys.isEmpty()) {
            return new Lookup(Map.of(), true);
        }
        if (!breaker.allows()) {
            return new Lookup(Map.of(), false);
        }
        List<IdempotencyKey> ordered = List.copyOf(keys);
        try {
            List<String> values = redis.mget(ordered.stream().map(RedisFastPath::redisKey).toArray(String[]::new));
            Map<IdempotencyKey, CachedDecision> hits = new HashMap<>();
            for (int i = 0; i < ordered.size(); i++) {
                IdempotencyKey key = ordered.get(i);
                CachedDecisionCodec.decode(values.get(i)).ifPresent(hit -> hits.put(key, hit));
            }
            return new Lookup(hits, true);
        } catch (RuntimeException e) {
            breaker.recordFailure();
            return new Lookup(Map.of(), false);
        }
    }

    @Override
    public void remember(Map<IdempotencyKey, CachedDecision> decisions) {
        if (decisions.isEmpty() || !breaker.allows()) {
            return;
        }
        try (Pipeline pipeline = redis.pipelined()) {
            decisions.forEach((key, decision) ->
                    pipeline.setex(redisKey(key), ttlSeconds, CachedDecisionCodec.encode(decision)));
            pipeline.sync();
        } catch (RuntimeException e) {
            breaker.recordFailure();
        }
    }

    static String redisKey(IdempotencyKey key) {
        return KEY_PREFIX + key.value();
    }

    @Override
    public void close() {
        redis.close();
    }
}
