package com.example.localaws;

import com.example.receiver.testkit.LocalProcess;
import com.example.receiver.testkit.Sleeper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntSupplier;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * One real {@code redis-server} on a loopback port, TLS only, without persistence: a node of a
 * {@link RedisCluster}, or a standalone server (a node-based cache without cluster mode). It can
 * be stopped and started again on the same ports, empty; a cluster node keeps its cluster
 * configuration file (its identity, peers and slots), so it rejoins its cluster as it was.
 *
 * <p>Its ports are chosen free, but another process may take one between the choice and the
 * server's bind: the first start then chooses again ({@value #PORT_ATTEMPTS} times at most) when
 * the server exits saying a port was in use, and a start counts only once the server on the
 * port answers with this process's id, not merely once something listens there.
 */
public final class RedisNode implements AutoCloseable {

    /** How long a node may be unreachable before its peers mark it failed. */
    static final Duration NODE_TIMEOUT = Duration.ofSeconds(3);
    private static final Duration ADMIN_TIMEOUT = Duration.ofSeconds(5);
    /** How many port choices a first start tries before it gives up. */
    static final int PORT_ATTEMPTS = 5;
    private static final Duration START_PATIENCE = Duration.ofSeconds(20);
    /** How long one probe of who serves the port waits: a process that is not Redis never answers. */
    private static final Duration PROBE_TIMEOUT = Duration.ofMillis(500);

    private final String name;
    private final boolean clusterMode;
    private final LocalTls tls;
    private final Path folder;
    /** Where free ports come from; {@code null} for a node another process started. */
    private final IntSupplier ports;
    private int port;
    private int busPort;
    /** Whether a start succeeded: from then on the node keeps its ports (its peers and clients know them). */
    private boolean bound;
    private LocalProcess process;
    private Jedis stats;

    private RedisNode(String name, boolean clusterMode, LocalTls tls, Path folder, IntSupplier ports, int port) {
        this.name = name;
        this.clusterMode = clusterMode;
        this.tls = tls;
        this.folder = folder;
        this.ports = ports;
        this.port = port;
        choosePorts();
    }

    /** A cluster-mode node on free ports, its files (log, cluster configuration) in {@code folder}. */
    static RedisNode clusterNode(String name, LocalTls tls, Path folder) {
        return clusterNode(name, tls, folder, LocalProcess::freePort);
    }

    /** A cluster-mode node on ports from {@code ports} (a test's, to take one first). */
    static RedisNode clusterNode(String name, LocalTls tls, Path folder, IntSupplier ports) {
        return new RedisNode(name, true, tls, folder, ports, 0);
    }

    /** A standalone server (cluster mode off) on a free port. */
    static RedisNode standalone(String name, LocalTls tls, Path folder) {
        return new RedisNode(name, false, tls, folder, LocalProcess::freePort, 0);
    }

    /** An existing node another process started ({@code make up}): never started nor stopped here. */
    static RedisNode attached(int port, LocalTls tls, Path folder) {
        return new RedisNode("redis", true, tls, folder, null, port);
    }

    private void choosePorts() {
        if (ports != null) {
            port = ports.getAsInt();
            busPort = clusterMode ? ports.getAsInt() : 0;
        }
    }

    /** The {@code host:port} a client connects to (TLS). */
    public synchronized String endpoint() {
        return "127.0.0.1:" + port;
    }

    public synchronized int port() {
        return port;
    }

    synchronized int busPort() {
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

    /**
     * Starts the server if it is not running: on the ports it had, or, on its first start, on new
     * free ports while a port it was given turns out taken.
     */
    public synchronized void start() {
        if (running()) {
            return;
        }
        for (int attempt = 1; ; attempt++) {
            try {
                process = launch();
                bound = true;
                return;
            } catch (LocalProcess.Exited exited) {
                if (bound || ports == null || !exited.portTaken() || attempt == PORT_ATTEMPTS) {
                    throw exited;
                }
                choosePorts();
            }
        }
    }

    /** One start on the current ports; {@link LocalProcess.Exited} when the server ended before it served. */
    private LocalProcess launch() {
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
        LocalProcess started = LocalProcess.start(name, command, folder.resolve(name + ".log"), port, START_PATIENCE);
        awaitOwnPort(started);
        return started;
    }

    /**
     * Waits until the server on {@link #port} is {@code started} itself (its {@code INFO server}
     * names its process id): something else listening there, which took the port first, makes
     * {@code started} exit instead, saying the port was in use.
     */
    private void awaitOwnPort(LocalProcess started) {
        String own = "process_id:" + started.pid();
        Instant deadline = Instant.now().plus(START_PATIENCE);
        while (started.alive() && Instant.now().isBefore(deadline)) {
            try (Jedis probe = new Jedis(new HostAndPort("127.0.0.1", port), tls.clientConfig(PROBE_TIMEOUT))) {
                if (probe.info("server").lines().anyMatch(own::equals)) {
                    return;
                }
                // Another Redis answers on the port: ours cannot have bound it.
                started.close();
            } catch (JedisException notOurs) {
                Sleeper.THREAD.pause(Duration.ofMillis(50));
            }
        }
        throw started.ended();
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
