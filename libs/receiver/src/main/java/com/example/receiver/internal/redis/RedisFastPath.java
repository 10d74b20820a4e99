package com.example.receiver.internal.redis;

import com.example.lambdakit.telemetry.FunctionLog;
import com.example.receiver.IdempotencyKey;
import com.example.receiver.internal.CacheNodes;
import com.example.receiver.internal.CachedDecision;
import com.example.receiver.internal.FastPath;
import com.example.receiver.internal.config.FastPathConfig;
import com.example.receiver.lambda.SecretReader;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLSocketFactory;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import redis.clients.jedis.Connection;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;

/**
 * The {@link FastPath} on Redis, cluster mode or not. Keys are {@code dedup:<prefix>#<key>}, the
 * receiver's key prefix as in its records' partition keys, so that receivers sharing one cache
 * (and one signing key) never read each other's decisions; values are
 * {@link CachedDecisionCodec signed} decisions with their fingerprints, each kept for the
 * configured TTL, or less: never past the expiry of the record a duplicate was recognised from
 * ({@link CachedDecision#keepUntil()}), whole seconds rounded down.
 *
 * <p>A batch's keys are grouped by the node serving their hash slot; each node gets one pipeline
 * of {@code GET}s (one round trip, whatever the number of slots: a multi-key {@code MGET} across
 * slots is refused with {@code CROSSSLOT} in cluster mode), and the nodes are asked in parallel,
 * so a lookup costs about one round trip however the keys spread. Writes are pipelined per node
 * the same way. A key answered with {@code MOVED} or {@code ASK} (a slot that moved or is moving)
 * is asked again through the cluster client, which follows the redirection and learns the new
 * slot map.
 *
 * <p>Each node has its own {@link CircuitBreaker}: an error or timeout on one node opens its
 * breaker, its keys are misses (the store decides them) and the lookup reports itself
 * unavailable, while the other nodes keep serving; the slot map is then learnt again, in case
 * another node took the failed one's slots.
 *
 * <p>Without its {@link SigningKey signing key} (it could not be read) the cache is not asked at
 * all: a lookup is all misses and says so ({@link Lookup#withoutKey()}), nothing is remembered,
 * and the key is read again at most once per {@link #SIGNING_KEY_RETRY_EVERY}, or at the next
 * lookup after {@link #readSigningKeyAtNextUse()}.
 */
public final class RedisFastPath implements FastPath, AutoCloseable {

    static final String KEY_PREFIX = "dedup:";
    /** How often a signing key that could not be read is read again: a failing read costs a batch at most this often. */
    static final Duration SIGNING_KEY_RETRY_EVERY = Duration.ofSeconds(60);

    private final CacheNodes cache;
    private final NodeFanOut nodes;
    private final SigningKey signingKey;
    private final String keyPrefix;
    private final long ttlSeconds;
    private final Clock clock;

    RedisFastPath(CacheNodes cache, ExecutorService askers, SigningKey signingKey, FastPathConfig config,
                  String keyPrefix, Clock clock) {
        this.cache = Objects.requireNonNull(cache, "cache");
        this.signingKey = Objects.requireNonNull(signingKey, "signingKey");
        this.keyPrefix = Objects.requireNonNull(keyPrefix, "keyPrefix");
        this.ttlSeconds = config.ttl().toSeconds();
        this.clock = Objects.requireNonNull(clock, "clock");
        this.nodes = new NodeFanOut(cache, Objects.requireNonNull(askers, "askers"), clock, config.breakerOpenFor());
    }

    /** A function's connector: Jedis on the configured cache, and daemon threads asking its nodes. */
    public static final CacheNodes.Connector JEDIS = new CacheNodes.Connector() {
        @Override
        public CacheNodes connect(FastPathConfig config) {
            return new JedisNodes(topology(config));
        }

        @Override
        public ExecutorService askers(int maxParallelNodes) {
            AtomicInteger threads = new AtomicInteger();
            return Executors.newFixedThreadPool(maxParallelNodes, task -> {
                Thread thread = new Thread(task, "fast-path-node-" + threads.incrementAndGet());
                thread.setDaemon(true);
                return thread;
            });
        }
    };

    /**
     * A client with the configured timeouts (a connection's TCP connect and TLS handshake may
     * take the connect timeout, once; every command the read timeout), TLS and trust, pools that
     * retire connections idle longer than {@link FastPathConfig#maxIdle()}, and the signing key
     * read now from {@code secrets}; connects lazily, on first use. A key that cannot be read
     * (or is shorter than {@link ValueSigner#MIN_KEY_BYTES}) does not stop it: it starts off, says
     * so on {@code log}, and reads the key again later (see the class comment).
     *
     * @param config    where the cache is, how patient to be with it, which secret signs its values
     * @param keyPrefix the receiver's key prefix (its records' {@code <prefix>#<key>}), in every cache key
     * @param secrets   reads the signing key's secret, bounded
     * @param clock     the time of the key's reads again, and of the values' remaining lives
     * @param log       where a failed read of the key is reported, once per read
     * @return the fast path, connecting on first use
     */
    public static RedisFastPath connect(FastPathConfig config, String keyPrefix, SecretReader secrets, Clock clock,
                                        FunctionLog log) {
        return connect(config, keyPrefix, JEDIS, secrets, clock, log);
    }

    /**
     * {@link #connect(FastPathConfig, String, SecretReader, Clock, FunctionLog)} on the nodes and threads
     * {@code connector} gives: {@link #JEDIS} in a function, a model of the cache in the simulation.
     *
     * @param config    where the cache is, how patient to be with it, which secret signs its values
     * @param keyPrefix the receiver's key prefix, in every cache key
     * @param connector the cache's nodes, and the threads that ask them
     * @param secrets   reads the signing key's secret, bounded
     * @param clock     the time of the breakers, of the key's reads again and of the values' remaining lives
     * @param log       where a failed read of the key is reported, once per read
     * @return the fast path, connecting on first use
     */
    public static RedisFastPath connect(FastPathConfig config, String keyPrefix, CacheNodes.Connector connector,
                                        SecretReader secrets, Clock clock, FunctionLog log) {
        CacheNodes nodes = connector.connect(config);
        SigningKey signingKey = new SigningKey(secrets, config.signingSecret(), clock, SIGNING_KEY_RETRY_EVERY, log);
        return new RedisFastPath(nodes, connector.askers(config.maxParallelNodes()), signingKey, config, keyPrefix, clock);
    }

    /** The client of the configured cache, cluster mode or not, with its timeouts, TLS and trust; connects lazily. */
    private static CacheTopology topology(FastPathConfig config) {
        int timeoutMillis = Math.toIntExact(config.timeout().toMillis());
        int connectTimeoutMillis = Math.toIntExact(config.connectTimeout().toMillis());
        DefaultJedisClientConfig.Builder client = DefaultJedisClientConfig.builder()
                .connectionTimeoutMillis(connectTimeoutMillis)
                .socketTimeoutMillis(timeoutMillis)
                .blockingSocketTimeoutMillis(timeoutMillis)
                .ssl(config.tls())
                .clientName("idempotent-receiver");
        if (config.tls()) {
            SSLSocketFactory trust = config.caFile().map(TrustedCa::socketFactory)
                    .orElseGet(() -> (SSLSocketFactory) SSLSocketFactory.getDefault());
            client.sslSocketFactory(new PatientHandshake(trust, connectTimeoutMillis))
                    .sslParameters(TrustedCa.verifyingHostName());
        }
        GenericObjectPoolConfig<Connection> pool = new GenericObjectPoolConfig<>();
        pool.setMaxTotal(config.maxParallelNodes());
        pool.setMaxWait(config.timeout());
        pool.setJmxEnabled(false);
        HostAndPort endpoint = new HostAndPort(config.host(), config.port());
        return config.cluster()
                ? new ClusterTopology(endpoint, client.build(), pool, config.timeout(), config.maxIdle())
                : new StandaloneTopology(endpoint, client.build(), pool, config.maxIdle());
    }

    /**
     * After a SnapStart restore: a signing key the init could not read is read at the next lookup,
     * without waiting for the retry interval (the init ran at the version's publication, maybe
     * in another network state, and its failure may look recent to the clock). Nothing is read in
     * the restore hook itself, which Lambda gives 10 s in all.
     */
    public void readSigningKeyAtNextUse() {
        signingKey.readAtNextUse();
    }

    @Override
    public Lookup lookup(Collection<IdempotencyKey> keys) {
        if (keys.isEmpty()) {
            return new Lookup(Map.of(), true);
        }
        Optional<ValueSigner> signer = signingKey.signer();
        if (signer.isEmpty()) {
            return Lookup.withoutKey();
        }
        CachedDecisionCodec codec = new CachedDecisionCodec(signer.get());
        Map<String, IdempotencyKey> byRedisKey = new LinkedHashMap<>();
        keys.forEach(key -> byRedisKey.put(redisKey(key), key));
        NodeFanOut.Answers answers = nodes.ask(List.copyOf(byRedisKey.keySet()), new NodeReads(cache));
        Map<IdempotencyKey, CachedDecision> hits = new HashMap<>();
        int rejected = 0;
        for (Map.Entry<String, String> value : answers.values().entrySet()) {
            Optional<CachedDecision> decoded = codec.decode(value.getKey(), value.getValue());
            if (decoded.isPresent()) {
                hits.put(byRedisKey.get(value.getKey()), decoded.get());
            } else {
                rejected++;
            }
        }
        return new Lookup(hits, answers.allAvailable(), rejected);
    }

    @Override
    public void remember(Map<IdempotencyKey, CachedDecision> decisions) {
        Optional<ValueSigner> signer = signingKey.known();
        if (decisions.isEmpty() || signer.isEmpty()) {
            return;
        }
        CachedDecisionCodec codec = new CachedDecisionCodec(signer.get());
        Instant now = clock.instant();
        Map<Long, Map<String, String>> byTtl = new TreeMap<>();
        decisions.forEach((key, decision) -> {
            long seconds = decision.secondsToKeep(ttlSeconds, now);
            if (seconds > 0) {
                String redisKey = redisKey(key);
                byTtl.computeIfAbsent(seconds, ttl -> new LinkedHashMap<>()).put(redisKey, codec.encode(redisKey, decision));
            }
        });
        // Nearly always one TTL, so one pipeline per node: only duplicates near their record's end differ.
        byTtl.forEach((seconds, values) -> nodes.ask(List.copyOf(values.keySet()), new NodeWrites(cache, values, seconds)));
    }

    private String redisKey(IdempotencyKey key) {
        return redisKey(keyPrefix, key);
    }

    /** The cache key of {@code key} for a receiver whose records are {@code keyPrefix#key}. */
    static String redisKey(String keyPrefix, IdempotencyKey key) {
        return KEY_PREFIX + keyPrefix + "#" + key.value();
    }

    @Override
    public void close() {
        nodes.close();
        cache.close();
    }
}
