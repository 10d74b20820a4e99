package com.example.sim.models;

import com.example.receiver.testing.TestCacheNodes;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongConsumer;
import redis.clients.jedis.util.JedisClusterCRC16;

/**
 * ElastiCache (Valkey, Redis OSS) as the fast path's Redis client sees it: the model behind the
 * receiver's own {@link TestCacheNodes} interface, so that everything of the fast path above it (the
 * signing, the codec, the breakers, the nodes asked in parallel, the fallback to DynamoDB) is the
 * real one. Each behaviour and the page it comes from:
 * <ul>
 *   <li>{@code SET key value EX seconds} keeps the value for that long, a {@code GET} after it
 *       finds nothing ("SETEX", https://valkey.io/commands/setex/, https://redis.io/commands/setex/);
 *       expiry on the virtual clock;</li>
 *   <li>keys live in 16 384 hash slots by CRC16 of the key, the slots spread over the shards, each
 *       with one primary; a node asked for a key whose slot it does not serve answers {@code MOVED}
 *       ("Redis cluster specification", https://redis.io/docs/latest/operate/oss_and_stack/reference/cluster-spec/);</li>
 *   <li>replication to a shard's replicas is asynchronous: "Due to replication latency, some data
 *       may be lost if it is the primary read/write node that fails" ("High availability using
 *       replication groups", https://docs.aws.amazon.com/AmazonElastiCache/latest/dg/Replication.html);
 *       a failover loses the values written to the shard in the last 0-10 s (the bound the
 *       durability page gives for asynchronous writes: "up to the last 10 seconds of successful
 *       write operations may be lost", https://docs.aws.amazon.com/AmazonElastiCache/latest/dg/Durability.Options.html),
 *       and the shard answers nothing until its replica is promoted;</li>
 *   <li>ElastiCache Serverless, what template.yaml creates: one endpoint speaking the cluster
 *       protocol and owning every slot (the template's {@code FAST_PATH_CLUSTER} comment), the
 *       shards behind it; it "stores data redundantly across three Availability Zones"
 *       ("Choosing between deployment options", https://docs.aws.amazon.com/AmazonElastiCache/latest/dg/WhatIs.deployment.html),
 *       and the model gives it three shards, each failing over as above;</li>
 *   <li>node-based cluster mode: the client learns the slot map from the configuration endpoint
 *       and asks each shard's primary itself ("Finding connection endpoints",
 *       https://docs.aws.amazon.com/AmazonElastiCache/latest/dg/Endpoints.html); after a failover
 *       the old primary answers {@code MOVED} and the client learns the new one.</li>
 * </ul>
 * A node that does not answer (its shard unreachable, or failing over) costs the caller its read
 * timeout and then an error, as a socket read timing out does; a pipeline touching such a shard
 * fails whole.
 */
public final class CacheModel {

    public static final int SLOTS = 16_384;
    public static final String ENDPOINT = "payments-fast-path.serverless.euw1.cache.amazonaws.com:6379";
    /** The most recent writes a failover loses, at most ("up to the last 10 seconds"). */
    public static final long MAX_LOSS_MICROS = 10_000_000L;
    static final String SERVICE = "elasticache";

    /** How the cache presents itself to the client. */
    public enum Mode {
        /** ElastiCache Serverless: one endpoint, every slot; the shards behind it. */
        SERVERLESS,
        /** Node-based with cluster mode: the client asks each shard's primary. */
        CLUSTER
    }

    private record Version(String value, long writtenAt, long expiresAt) {
    }

    /** One shard: its values (each key's recent versions, newest last), its primary, whether it answers. */
    private final class Shard {
        final int index;
        final Map<String, ArrayDeque<Version>> values = new HashMap<>();
        int generation;
        int unreachable;
        /** A failure due at the shard's next write: how much it loses, and what follows it. */
        long pendingLoss;
        Runnable pendingFailure;

        Shard(int index) {
            this.index = index;
        }

        String primary() {
            return mode == Mode.SERVERLESS ? ENDPOINT
                    : "payments-fast-path-000" + (index + 1) + "-00" + (generation % 2 + 1) + ".cache.amazonaws.com:6379";
        }
    }

    /** What the cache did over a run. */
    public static final class Counts {
        long gets;
        long found;
        long sets;
        long timeouts;
        long redirects;
        long failovers;
        long lostValues;

        public long gets() {
            return gets;
        }

        public long found() {
            return found;
        }

        public long sets() {
            return sets;
        }

        public long timeouts() {
            return timeouts;
        }

        public long redirects() {
            return redirects;
        }

        public long failovers() {
            return failovers;
        }

        public long lostValues() {
            return lostValues;
        }
    }

    private final World world;
    private final LongConsumer pause;
    private final Mode mode;
    private final Shard[] shards;
    private final Counts counts = new Counts();

    /**
     * @param world  time, randomness, the way to the cache and back
     * @param pause  waits that many micros of the caller's time (a read timing out)
     * @param mode   serverless or node-based
     * @param shards how many shards hold the slots
     */
    public CacheModel(World world, LongConsumer pause, Mode mode, int shards) {
        this.world = world;
        this.pause = pause;
        this.mode = mode;
        this.shards = new Shard[shards];
        for (int i = 0; i < shards; i++) {
            this.shards[i] = new Shard(i);
        }
    }

    public Counts counts() {
        return counts;
    }

    public int shards() {
        return shards.length;
    }

    public Mode mode() {
        return mode;
    }

    /** The shard that holds {@code redisKey}: its hash slot's, the slots spread evenly. */
    public int shardOf(String redisKey) {
        return JedisClusterCRC16.getSlot(redisKey) * shards.length / SLOTS;
    }

    private long now() {
        java.time.Instant now = world.instant();
        return now.getEpochSecond() * 1_000_000 + now.getNano() / 1_000;
    }

    /** Shard {@code shard} stops answering (a network partition, a node replaced); its values are kept. */
    public void unreachable(int shard) {
        shards[shard].unreachable++;
    }

    /** Shard {@code shard} answers again. */
    public void reachable(int shard) {
        shards[shard].unreachable--;
    }

    /**
     * Shard {@code shard}'s primary fails now: the values written to it in the last
     * {@code lossMicros} never reached the replica and are lost; the shard answers nothing until
     * {@link #promoted} (the replica takes over).
     */
    public void primaryFails(int shard, long lossMicros) {
        Shard failing = shards[Math.floorMod(shard, shards.length)];
        counts.failovers++;
        long replicatedUpTo = now() - Math.min(lossMicros, MAX_LOSS_MICROS);
        for (Iterator<ArrayDeque<Version>> keys = failing.values.values().iterator(); keys.hasNext(); ) {
            ArrayDeque<Version> versions = keys.next();
            while (!versions.isEmpty() && versions.peekLast().writtenAt() > replicatedUpTo) {
                versions.pollLast();
                counts.lostValues++;
            }
            if (versions.isEmpty()) {
                keys.remove();
            }
        }
        failing.unreachable++;
    }

    /**
     * Shard {@code shard}'s primary fails just after its next write (so that the failure finds
     * values not yet replicated, as one under traffic does): {@link #primaryFails} with
     * {@code lossMicros}, then {@code failed} runs (it schedules the promotion).
     */
    public void failsAtNextWrite(int shard, long lossMicros, Runnable failed) {
        Shard failing = shards[Math.floorMod(shard, shards.length)];
        failing.pendingLoss = lossMicros;
        failing.pendingFailure = failed;
    }

    /** The replica of shard {@code shard} is its primary now, under another name. */
    public void promoted(int shard) {
        Shard promoted = shards[Math.floorMod(shard, shards.length)];
        promoted.generation++;
        promoted.unreachable--;
    }

    /** The value {@code redisKey} holds now, if any (what a GET on its primary answers). */
    public Optional<String> value(String redisKey) {
        ArrayDeque<Version> versions = shards[shardOf(redisKey)].values.get(redisKey);
        if (versions == null || versions.isEmpty() || versions.peekLast().expiresAt() <= now()) {
            return Optional.empty();
        }
        return Optional.of(versions.peekLast().value());
    }

    private void set(String redisKey, String value, long seconds) {
        long now = now();
        Shard shard = shards[shardOf(redisKey)];
        ArrayDeque<Version> versions = shard.values.computeIfAbsent(redisKey, k -> new ArrayDeque<>());
        versions.addLast(new Version(value, now, now + seconds * 1_000_000));
        // a failover loses at most the last MAX_LOSS_MICROS: older versions under a newer one can go
        while (versions.size() > 1) {
            Iterator<Version> oldest = versions.iterator();
            oldest.next();
            if (oldest.next().writtenAt() > now - MAX_LOSS_MICROS) {
                break;
            }
            versions.pollFirst();
        }
        counts.sets++;
        if (shard.pendingFailure != null) {
            Runnable failed = shard.pendingFailure;
            shard.pendingFailure = null;
            primaryFails(shard.index, shard.pendingLoss);
            failed.run();
        }
    }

    /** A client of an environment: its own slot map, learnt at the first use and after a failure. */
    public TestCacheNodes client(Duration readTimeout) {
        return new CacheClient(this, world, readTimeout.toNanos() / 1_000);
    }

    /** The node shard {@code shard}'s slots are served by now. */
    String primaryOf(int shard) {
        return shards[shard].primary();
    }

    /** Whether shard {@code shard} answers now. */
    boolean answers(int shard) {
        return shards[shard].unreachable == 0;
    }

    /** A GET on the primary of {@code redisKey}'s shard, counted; {@code counted} says whether a value found is. */
    Optional<String> get(String redisKey, boolean countFound) {
        counts.gets++;
        Optional<String> value = value(redisKey);
        if (countFound) {
            value.ifPresent(v -> counts.found++);
        }
        return value;
    }

    /** A SET ... EX on the primary of {@code redisKey}'s shard. */
    void setex(String redisKey, String value, long seconds) {
        set(redisKey, value, seconds);
    }

    /** A command a node answered with {@code MOVED}. */
    void redirected() {
        counts.redirects++;
    }

    /** A command that met a silent shard: it costs the caller its read timeout. */
    void timedOut(long timeoutMicros) {
        counts.timeouts++;
        pause.accept(timeoutMicros);
    }
}
