package com.example.localaws;

import com.example.receiver.testkit.LocalProcess;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.function.IntSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

/**
 * A Redis node's free port taken by another process between its choice and the server's bind
 * (the race of every "pick a free port, then start the server on it"): the node starts on other
 * ports and serves there itself, whichever of its ports was taken, and whether the other process
 * only holds the port or listens on it. A real {@code redis-server}, a few hundred ms each.
 */
class RedisPortTakenTest {

    @TempDir
    Path folder;

    private final LocalTls tls = LocalTls.in(ProjectRoot.find());

    @Test
    void clientPortTakenBeforeTheBind_theNodeServesOnAnotherPort() throws IOException {
        // GIVEN a port another process listens on, handed to the node as its first choice
        try (ServerSocket squatter = squat()) {
            RedisNode node = RedisNode.clusterNode("taken-client-port", tls, folder, ports(squatter.getLocalPort()));
            // WHEN the node starts
            try (node) {
                node.start();
                // THEN it serves on another port, and the server there is its own process
                assertNotEquals(squatter.getLocalPort(), node.port());
                assertServedBy(node);
            }
        }
    }

    @Test
    void clusterBusPortTakenBeforeTheBind_theNodeServesOnOtherPorts() throws IOException {
        // GIVEN a free client port, then a taken port for the cluster bus
        try (ServerSocket squatter = squat()) {
            RedisNode node = RedisNode.clusterNode("taken-bus-port", tls, folder,
                    ports(LocalProcess.freePort(), squatter.getLocalPort()));
            // WHEN the node starts
            try (node) {
                node.start();
                // THEN its bus is on another port, and it serves
                assertNotEquals(squatter.getLocalPort(), node.busPort());
                assertServedBy(node);
            }
        }
    }

    @Test
    void everyChoiceTaken_theStartFailsSayingThePortWasInUse() throws IOException {
        // GIVEN only taken ports to choose from
        try (ServerSocket squatter = squat()) {
            RedisNode node = RedisNode.clusterNode("always-taken", tls, folder, () -> squatter.getLocalPort());
            // WHEN the node starts
            try (node) {
                LocalProcess.Exited failed = assertThrows(LocalProcess.Exited.class, node::start);
                // THEN it gives up after its attempts, with the server's own reason
                assertTrue(failed.portTaken(), failed.output());
            }
        }
    }

    /** A loopback port held (and listened on) by this test, as another process would. */
    private static ServerSocket squat() throws IOException {
        return new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
    }

    /** {@code first} ports in order, then free ones. */
    private static IntSupplier ports(int... first) {
        Deque<Integer> given = new ArrayDeque<>();
        for (int port : first) {
            given.add(port);
        }
        return () -> given.isEmpty() ? LocalProcess.freePort() : given.poll();
    }

    private static void assertServedBy(RedisNode node) {
        try (Jedis admin = node.admin()) {
            assertEquals("PONG", admin.ping());
            List<String> server = admin.info("server").lines().toList();
            assertTrue(server.contains("process_id:" + node.pid()), "the server on the port is the node's own");
        }
    }
}
