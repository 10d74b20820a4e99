package com.example.localaws;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;

/**
 * One real {@code redis-server} on a loopback port, TLS only, without persistence: a node of a
 * {@link RedisCluster}, or a standalone server (a node-based cache without cluster mode). It can
 * be stopped and started again on the same ports, empty; a cluster node keeps its cluster
 * configuration file (its identity, peers and slots), so it rejoins its cluster as it was.
 */
public final class RedisNode implements AutoCloseable {

    /** How long a node may be unreachable before its peers mark it failed. */
    static final Duration NODE_TIMEOUT = Duration.ofSeconds(3);
    private static final Duration ADMIN_TIMEOUT = Duration.ofSeconds(5);

    private final String name;
    private final int port;
    private final int busPort;
    private final boolean clusterMode;
    private final LocalTls tls;
    private final Path folder;
    private LocalProcess process;
    private Jedis stats;

    private RedisNode(String name, int port, int busPort, boolean clusterMode, LocalTls tls, Path folder) {
        this.name = name;
        this.port = port;
        this.busPort = busPort;
        this.clusterMode = clusterMode;
        this.tls = tls;
        this.folder = folder;
    }

    /** A cluster-mode node on free ports, its files (log, cluster configuration) in {@code folder}. */
    static RedisNode clusterNode(String name, LocalTls tls, Path folder) {
        return new RedisNode(name, LocalProcess.freePort(), LocalProcess.freePort(), true, tls, folder);
    }

    /** A standalone server (cluster mode off) on a free port. */
    static RedisNode standalone(String name, LocalTls tls, Path folder) {
        return new RedisNode(name, LocalProcess.freePort(), 0, false, tls, folder);
    }

    /** An existing node another process started ({@code make up}): never started nor stopped here. */
    static RedisNode attached(int port, LocalTls tls, Path folder) {
        return new RedisNode("redis", port, 0, true, tls, folder);
    }

    /** The {@code host:port} a client connects to (TLS). */
    public String endpoint() {
        return "127.0.0.1:" + port;
    }

    public int port() {
        return port;
    }

    int busPort() {
        return busPort;
    }

    /** The server's process id; fails when this handle did not start it. */
    public synchronized long pid() {
        if (process == null) {
            throw new IllegalStateException(name + " on port " + port + " was not started by this handle");
        }
        return process.pid();
    }

    public synchronized boolean running() {
        return process != null && process.alive();
    }

    /** Starts the server if it is not running. */
    public synchronized void start() {
        if (running()) {
            return;
        }
        List<String> command = new ArrayList<>(List.of("redis-server",
                "--bind", "127.0.0.1", "--port", "0", "--tls-port", Integer.toString(port),
                "--tls-cert-file", tls.redisCert().toString(), "--tls-key-file", tls.redisKey().toString(),
                "--tls-ca-cert-file", tls.caFile().toString(), "--tls-auth-clients", "no",
                "--save", "", "--appendonly", "no", "--daemonize", "no"));
        if (clusterMode) {
            // cluster-require-full-coverage no, as ElastiCache sets it: one failed node does not
            // stop the others from serving their slots.
            command.addAll(List.of("--cluster-enabled", "yes", "--tls-cluster", "yes",
                    "--cluster-config-file", clusterConfigFile().toString(),
                    "--cluster-port", Integer.toString(busPort),
                    "--cluster-node-timeout", Long.toString(NODE_TIMEOUT.toMillis()),
                    "--cluster-require-full-coverage", "no"));
        }
        process = LocalProcess.start(name, command, folder.resolve(name + ".log"), port, Duration.ofSeconds(20));
    }

    /** Forgets the cluster configuration file (before a cluster is formed afresh). */
    void forgetClusterConfiguration() {
        try {
            Files.deleteIfExists(clusterConfigFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Path clusterConfigFile() {
        return folder.resolve(name + "-nodes.conf");
    }

    /** An administrative connection (TLS, trusting the local CA). */
    public Jedis admin() {
        return new Jedis(new HostAndPort("127.0.0.1", port), tls.clientConfig(ADMIN_TIMEOUT));
    }

    /**
     * How many times the server has run {@code command} (lower case, e.g. {@code get}) since it
     * started or since {@link #resetStats()}, from {@code INFO commandstats}.
     */
    public synchronized long calls(String command) {
        String prefix = "cmdstat_" + command + ":calls=";
        return stats().info("commandstats").lines()
                .filter(line -> line.startsWith(prefix))
                .mapToLong(line -> Long.parseLong(line.substring(prefix.length()).split(",")[0]))
                .sum();
    }

    /**
     * The server's read events ({@code total_reads_processed} of {@code INFO stats}) since it
     * started or since {@link #resetStats()}: one per request a client sent, however many
     * pipelined commands it carried, so a client's round trips. The statistics are read and
     * reset on one long-lived connection, whose own {@code INFO} this count leaves out.
     */
    public synchronized long roundTrips() {
        String prefix = "total_reads_processed:";
        return stats().info("stats").lines()
                .filter(line -> line.startsWith(prefix))
                .mapToLong(line -> Long.parseLong(line.substring(prefix.length()).strip()))
                .sum() - 1;
    }

    /** Zeroes the command and read statistics. */
    public synchronized void resetStats() {
        stats().configResetStat();
    }

    private Jedis stats() {
        if (stats == null || !stats.isConnected() || stats.isBroken()) {
            closeStats();
            stats = admin();
        }
        return stats;
    }

    private void closeStats() {
        if (stats != null) {
            stats.close();
            stats = null;
        }
    }

    /** Forgets every key of this node (the server keeps running). */
    public void flushAll() {
        try (Jedis jedis = admin()) {
            jedis.flushAll();
        }
    }

    /** Stops the server; its data is gone. */
    public synchronized void stop() {
        closeStats();
        if (process != null) {
            process.close();
            process = null;
        }
    }

    @Override
    public void close() {
        stop();
    }
}
