package com.example.payment.authorizer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The TCP connections this JVM holds open to a port, read from Linux's {@code /proc}: the
 * process's socket descriptors ({@code /proc/self/fd}, links {@code socket:[inode]}) matched
 * with the namespace's connections in state ESTABLISHED ({@code /proc/self/net/tcp} and
 * {@code tcp6}, see proc(5)). A connection the server closed but this JVM still holds
 * (CLOSE_WAIT) counts too: it is a descriptor a snapshot would carry.
 */
final class OpenConnections {

    private static final Pattern SOCKET = Pattern.compile("socket:\\[(\\d+)]");
    /** ESTABLISHED and CLOSE_WAIT, as include/net/tcp_states.h numbers them. */
    private static final Set<String> OPEN = Set.of("01", "08");

    private OpenConnections() {
    }

    /** The inodes of this JVM's open connections to {@code port} on any address. */
    static Set<Long> to(int port) {
        Set<Long> mine = socketInodes();
        Set<Long> open = new HashSet<>();
        for (String table : List.of("/proc/self/net/tcp", "/proc/self/net/tcp6")) {
            for (String line : lines(Path.of(table))) {
                String[] fields = line.trim().split("\\s+");
                if (fields.length < 10 || !fields[0].endsWith(":")) {
                    continue; // the header
                }
                String remote = fields[2];
                int remotePort = Integer.parseInt(remote.substring(remote.indexOf(':') + 1), 16);
                long inode = Long.parseLong(fields[9]);
                if (remotePort == port && OPEN.contains(fields[3]) && mine.contains(inode)) {
                    open.add(inode);
                }
            }
        }
        return open;
    }

    private static Set<Long> socketInodes() {
        Set<Long> inodes = new HashSet<>();
        try (Stream<Path> descriptors = Files.list(Path.of("/proc/self/fd"))) {
            for (Path descriptor : descriptors.toList()) {
                try {
                    Matcher socket = SOCKET.matcher(Files.readSymbolicLink(descriptor).toString());
                    if (socket.matches()) {
                        inodes.add(Long.parseLong(socket.group(1)));
                    }
                } catch (IOException closedMeanwhile) {
                    // a descriptor closed between the listing and the read is not open
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list /proc/self/fd", e);
        }
        return inodes;
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
