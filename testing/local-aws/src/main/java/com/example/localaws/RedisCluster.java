package com.example.localaws;

import com.example.receiver.testkit.Sleeper;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.params.MigrateParams;
import redis.clients.jedis.util.JedisClusterCRC16;

/**
 * A real Redis Cluster of {@code redis-server} nodes on loopback ports, TLS on, without
 * persistence, as ElastiCache runs the fast path's cache: either one node owning all 16 384 slots
 * (how ElastiCache Serverless presents itself: a single endpoint, cluster mode on) or several
 * masters sharing the slots evenly (a node-based cache in cluster mode). Its
 * {@linkplain #endpoint() configuration endpoint} is its first node, handed to the function as
 * ElastiCache hands out its one endpoint; a cluster client discovers the rest from it.
 *
 * <p>Every node can be stopped and started again on its ports (empty, rejoining its cluster),
 * and a slot can be migrated between masters the way {@code redis-cli --cluster reshard} does.
 */
public final class RedisCluster implements AutoCloseable {

    /** The number of hash slots of every Redis Cluster. */
    public static final int SLOTS = 16_384;
    private static final Duration PATIENCE = Duration.ofSeconds(20);

    private final List<RedisNode> nodes;
    private final LocalTls tls;
    private final boolean attached;
    private boolean formed;

    private RedisCluster(List<RedisNode> nodes, LocalTls tls, boolean attached) {
        this.nodes = List.copyOf(nodes);
        this.tls = tls;
        this.attached = attached;
        this.formed = attached;
    }

    /** A cluster of {@code masters} masters on free ports (not started), files under {@code folder}. */
    static RedisCluster of(int masters, String name, LocalTls tls, Path folder) {
        List<RedisNode> nodes = IntStream.range(0, masters)
                .mapToObj(i -> RedisNode.clusterNode(name + "-" + i, tls, folder))
                .toList();
        return new RedisCluster(nodes, tls, false);
    }

    /** The one-node cluster another process started and left running ({@code make up}). */
    static RedisCluster attached(int port, LocalTls tls, Path folder) {
        return new RedisCluster(List.of(RedisNode.attached(port, tls, folder)), tls, true);
    }

    /** The configuration endpoint, {@code host:port} (TLS). */
    public String endpoint() {
        return nodes.get(0).endpoint();
    }

    /** The configuration endpoint's port. */
    public int port() {
        return nodes.get(0).port();
    }

    /** The CA certificate (PEM) the nodes' certificates chain to: {@code FAST_PATH_CA_FILE}. */
    public Path caFile() {
        return tls.caFile();
    }

    public LocalTls tls() {
        return tls;
    }

    /** The process id of the configuration endpoint's node. */
    public long pid() {
        return nodes.get(0).pid();
    }

    public List<RedisNode> nodes() {
        return nodes;
    }

    public RedisNode node(int index) {
        return nodes.get(index);
    }

    /**
     * Starts every node that is not running; the first time, forms the cluster (the nodes meet,
     * the slots are shared evenly). Returns when every node reports the cluster healthy.
     */
    public synchronized void start() {
        if (attached) {
            return;
        }
        if (!formed) {
            nodes.forEach(RedisNode::forgetClusterConfiguration);
        }
        nodes.forEach(RedisNode::start);
        if (!formed) {
            form();
            formed = true;
        }
        awaitHealthy();
    }

    private void form() {
        try (Jedis first = nodes.get(0).admin()) {
            for (RedisNode other : nodes.subList(1, nodes.size())) {
                // CLUSTER MEET ip port bus-port: the bus port is not port + 10000 here (free ports)
                first.sendCommand(Protocol.Command.CLUSTER, "MEET", "127.0.0.1", Integer.toString(other.port()),
                        Integer.toString(other.busPort()));
            }
        }
        for (int i = 0; i < nodes.size(); i++) {
            int from = SLOTS * i / nodes.size();
            int to = SLOTS * (i + 1) / nodes.size() - 1;
            try (Jedis node = nodes.get(i).admin()) {
                node.clusterAddSlotsRange(from, to);
            }
        }
    }

    /** Waits until every running node sees all slots served and every node known. */
    public void awaitHealthy() {
        Instant deadline = Instant.now().plus(PATIENCE);
        while (!healthy()) {
            if (Instant.now().isAfter(deadline)) {
                throw new IllegalStateException("the local Redis Cluster is not healthy within " + PATIENCE
                        + "; see the node logs under target/local-aws");
            }
            Sleeper.THREAD.pause(Duration.ofMillis(50));
        }
    }

    private boolean healthy() {
        for (RedisNode node : nodes) {
            try (Jedis jedis = node.admin()) {
                String info = jedis.clusterInfo();
                if (!info.contains("cluster_state:ok") || !info.contains("cluster_slots_ok:" + SLOTS)
                        || !info.contains("cluster_known_nodes:" + nodes.size())) {
                    return false;
                }
            } catch (RuntimeException notYet) {
                return false;
            }
        }
        return true;
    }

    /** The node owning {@code key}'s slot now. */
    public RedisNode ownerOf(String key) {
        return ownerOfSlot(JedisClusterCRC16.getSlot(key));
    }

    private RedisNode ownerOfSlot(int slot) {
        try (Jedis jedis = nodes.get(0).admin()) {
            List<Object> ranges = jedis.clusterSlots();
            for (Object range : ranges) {
                List<?> entry = (List<?>) range;
                long from = (Long) entry.get(0);
                long to = (Long) entry.get(1);
                if (slot >= from && slot <= to) {
                    long port = (Long) ((List<?>) entry.get(2)).get(1);
                    return nodes.stream().filter(node -> node.port() == port || announced(node, port)).findFirst()
                            .orElseThrow(() -> new IllegalStateException("slot " + slot + " is on unknown port " + port));
                }
            }
        }
        throw new IllegalStateException("slot " + slot + " has no owner");
    }

    private static boolean announced(RedisNode node, long port) {
        try (Jedis jedis = node.admin()) {
            return jedis.configGet("cluster-announce-tls-port").values().contains(Long.toString(port));
        }
    }

    /**
     * Moves {@code key}'s slot, with its keys, to {@code target}, as {@code redis-cli --cluster
     * reshard} does: IMPORTING on the target, MIGRATING on the source, MIGRATE of every key,
     * then SETSLOT NODE on both. Between the steps a client meets ASK redirections, after them
     * MOVED ones.
     */
    public void migrateSlotOf(String key, RedisNode target) {
        int slot = JedisClusterCRC16.getSlot(key);
        RedisNode source = ownerOfSlot(slot);
        if (source == target) {
            return;
        }
        try (Jedis from = source.admin(); Jedis to = target.admin()) {
            String sourceId = from.clusterMyId();
            String targetId = to.clusterMyId();
            to.clusterSetSlotImporting(slot, sourceId);
            from.clusterSetSlotMigrating(slot, targetId);
            List<String> keys;
            while (!(keys = from.clusterGetKeysInSlot(slot, 100)).isEmpty()) {
                from.migrate("127.0.0.1", target.port(), 0, 5_000,
                        new MigrateParams().replace(), keys.toArray(String[]::new));
            }
            to.clusterSetSlotNode(slot, targetId);
            from.clusterSetSlotNode(slot, targetId);
        }
        for (RedisNode other : nodes) {
            if (other != source && other != target && other.running()) {
                try (Jedis jedis = other.admin()) {
                    jedis.clusterSetSlotNode(slot, nodeIdOf(target));
                }
            }
        }
        awaitHealthy();
    }

    private static String nodeIdOf(RedisNode node) {
        try (Jedis jedis = node.admin()) {
            return jedis.clusterMyId();
        }
    }

    /**
     * Makes {@code node} announce {@code port} instead of its own in the cluster's topology (for
     * a loopback proxy in front of it: clients then reach the node only through the proxy).
     */
    public void announce(RedisNode node, int port) {
        try (Jedis jedis = node.admin()) {
            jedis.configSet("cluster-announce-tls-port", Integer.toString(port));
        }
    }

    /** Forgets every key on every running node (the nodes keep running). */
    public void flushAll() {
        nodes.stream().filter(node -> attached || node.running()).forEach(RedisNode::flushAll);
    }

    /** How many times the nodes ran {@code command}, summed (see {@link RedisNode#calls}). */
    public long calls(String command) {
        return nodes.stream().mapToLong(node -> node.calls(command)).sum();
    }

    /** Zeroes every node's statistics. */
    public void resetStats() {
        nodes.forEach(RedisNode::resetStats);
    }

    /** Stops every node; their data is gone (the cluster is formed again by {@link #start()}). */
    public synchronized void stop() {
        if (!attached) {
            nodes.forEach(RedisNode::stop);
        }
    }

    /** The nodes, listed for progress lines. */
    @Override
    public String toString() {
        List<String> endpoints = new ArrayList<>();
        nodes.forEach(node -> endpoints.add(node.endpoint()));
        return nodes.size() == 1 ? "Redis Cluster (1 node owning all slots, TLS) at " + endpoint()
                : "Redis Cluster (" + nodes.size() + " masters, TLS) at " + String.join(", ", endpoints);
    }

    @Override
    public void close() {
        stop();
    }
}
