package com.example.bench.endtoend;

import java.util.Map;
import java.util.TreeMap;
import com.example.localaws.RedisNode;
import redis.clients.jedis.Jedis;

/**
 * What clients asked of one real redis-server (a node of the local TLS cluster) between two {@link #snapshot()}s, from its own
 * statistics: commands by name ({@code INFO commandstats}) and round trips
 * ({@code total_reads_processed} of {@code INFO stats}: one read event per request a client sent
 * and waited for; a pipeline of ten {@code SET}s arrives as one). The counter's own {@code INFO}
 * calls are taken out: the commands by name, and the reads measured between two back-to-back
 * snapshots.
 */
final class RedisCounter {

    /** The server's counters at one moment. */
    record Snapshot(long reads, Map<String, Long> commands) {
    }

    /** What happened between two snapshots. */
    record Delta(long roundTrips, Map<String, Long> commands) {
        long commandCount() {
            return commands.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    private final Jedis jedis;
    private final long ownReads;

    /**
     * Counts on one connection to {@code node}, kept open: a new TLS connection per snapshot would
     * add its handshake's read events, which vary with how the handshake's messages are split.
     */
    RedisCounter(RedisNode node) {
        this.jedis = node.admin();
        Snapshot first = snapshot();
        Snapshot second = snapshot();
        this.ownReads = second.reads() - first.reads();
    }

    synchronized Snapshot snapshot() {
        long reads = jedis.info("stats").lines()
                .filter(line -> line.startsWith("total_reads_processed:"))
                .mapToLong(line -> Long.parseLong(line.substring("total_reads_processed:".length()).trim()))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("redis-server reports no total_reads_processed (needs 6.0+)"));
        Map<String, Long> commands = new TreeMap<>();
        jedis.info("commandstats").lines()
                .filter(line -> line.startsWith("cmdstat_"))
                .forEach(line -> {
                    String name = line.substring("cmdstat_".length(), line.indexOf(':'));
                    String calls = line.substring(line.indexOf("calls=") + "calls=".length()).split(",")[0];
                    commands.put(name, Long.parseLong(calls));
                });
        return new Snapshot(reads, commands);
    }

    /** From {@code before} to now, without this counter's own calls. */
    Delta since(Snapshot before) {
        Snapshot now = snapshot();
        Map<String, Long> commands = new TreeMap<>();
        now.commands().forEach((name, calls) -> {
            long delta = calls - before.commands().getOrDefault(name, 0L);
            if (delta > 0 && !name.equals("info")) {
                commands.put(name, delta);
            }
        });
        return new Delta(now.reads() - before.reads() - ownReads, commands);
    }
}
