package com.example.bench.endtoend;

import com.example.localaws.RedisNode;
import java.util.Map;
import java.util.TreeMap;
import redis.clients.jedis.Jedis;

/**
 * What clients asked of one real redis-server (a node of the local TLS cluster) between two {@link #snapshot()}s, from its own
 * statistics: commands by name ({@code INFO commandstats}) and round trips
 * ({@code total_reads_processed} of {@code INFO stats}: one read event per request a client sent
 * and waited for; a pipeline of ten {@code SET}s arrives as one) and bytes
 * ({@code total_net_input_bytes} + {@code total_net_output_bytes}: what clients sent and were
 * sent, the protocol's framing included). The counter's own {@code INFO} calls are taken out: the
 * commands by name, and the reads and bytes measured between two back-to-back snapshots (its
 * bytes then to within what INFO's answer grows by: a few digits, and a line for each command
 * name the server sees for the first time).
 */
final class RedisCounter {

    /** The server's counters at one moment: read events, commands by name, bytes in and out. */
    record Snapshot(long reads, Map<String, Long> commands, long bytes) {
    }

    /** What happened between two snapshots: round trips, commands by name, bytes clients sent and received. */
    record Delta(long roundTrips, Map<String, Long> commands, long bytes) {
        long commandCount() {
            return commands.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    private final Jedis jedis;
    private final long ownReads;
    private final long ownBytes;

    /**
     * Counts on one connection to {@code node}, kept open: a new TLS connection per snapshot would
     * add its handshake's read events, which vary with how the handshake's messages are split.
     */
    RedisCounter(RedisNode node) {
        this.jedis = node.admin();
        Snapshot first = snapshot();
        Snapshot second = snapshot();
        this.ownReads = second.reads() - first.reads();
        this.ownBytes = second.bytes() - first.bytes();
    }

    synchronized Snapshot snapshot() {
        String stats = jedis.info("stats");
        long reads = stat(stats, "total_reads_processed");
        long bytes = stat(stats, "total_net_input_bytes") + stat(stats, "total_net_output_bytes");
        Map<String, Long> commands = new TreeMap<>();
        jedis.info("commandstats").lines()
                .filter(line -> line.startsWith("cmdstat_"))
                .forEach(line -> {
                    String name = line.substring("cmdstat_".length(), line.indexOf(':'));
                    String calls = line.substring(line.indexOf("calls=") + "calls=".length()).split(",")[0];
                    commands.put(name, Long.parseLong(calls));
                });
        return new Snapshot(reads, commands, bytes);
    }

    private static long stat(String stats, String name) {
        return stats.lines()
                .filter(line -> line.startsWith(name + ":"))
                .mapToLong(line -> Long.parseLong(line.substring(name.length() + 1).trim()))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("redis-server reports no " + name + " (needs 6.0+)"));
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
        return new Delta(now.reads() - before.reads() - ownReads, commands, now.bytes() - before.bytes() - ownBytes);
    }
}
