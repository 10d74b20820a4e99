package com.example.localaws;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import redis.clients.jedis.Jedis;

/**
 * A real {@code redis-server} on a loopback port, without persistence. It can be stopped and
 * started again on the same port, to test a fast path that goes away and comes back.
 */
public final class RedisServer implements AutoCloseable {

    private final int port;
    private final Path log;
    private LocalProcess process;

    RedisServer(int port, Path log) {
        this.port = port;
        this.log = log;
    }

    /** The {@code host:port} the fast path is configured with. */
    public String endpoint() {
        return "127.0.0.1:" + port;
    }

    public int port() {
        return port;
    }

    /** The server's process id; fails when this handle did not start it. */
    public synchronized long pid() {
        if (process == null) {
            throw new IllegalStateException("redis-server on port " + port + " was not started by this handle");
        }
        return process.pid();
    }

    /** Starts the server if it is not running. */
    public synchronized void start() {
        if (process != null && process.alive()) {
            return;
        }
        process = LocalProcess.start("redis-server", List.of("redis-server",
                "--bind", "127.0.0.1", "--port", Integer.toString(port),
                "--save", "", "--appendonly", "no", "--daemonize", "no"), log, port, Duration.ofSeconds(20));
    }

    /** Forgets every key (the server keeps running). */
    public void flushAll() {
        try (Jedis jedis = new Jedis("127.0.0.1", port)) {
            jedis.flushAll();
        }
    }

    /**
     * How many times the server has run {@code command} (lower case, e.g. {@code mget}) since it
     * started or since {@link #resetStats()}, from {@code INFO commandstats}.
     */
    public long calls(String command) {
        try (Jedis jedis = new Jedis("127.0.0.1", port)) {
            String prefix = "cmdstat_" + command + ":calls=";
            return jedis.info("commandstats").lines()
                    .filter(line -> line.startsWith(prefix))
                    .mapToLong(line -> Long.parseLong(line.substring(prefix.length()).split(",")[0]))
                    .sum();
        }
    }

    /** Zeroes the command statistics. */
    public void resetStats() {
        try (Jedis jedis = new Jedis("127.0.0.1", port)) {
            jedis.configResetStat();
        }
    }

    /** Stops the server; its data is gone. */
    public synchronized void stop() {
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
