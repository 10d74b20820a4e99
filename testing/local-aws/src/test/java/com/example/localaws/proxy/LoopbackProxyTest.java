package com.example.localaws.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The proxy against a real line server on loopback that answers "ok <line>" and counts lines. */
class LoopbackProxyTest {

    private ServerSocket upstream;
    private final AtomicInteger served = new AtomicInteger();
    private LoopbackProxy proxy;

    @BeforeEach
    void startUpstreamAndProxy() throws IOException {
        upstream = new ServerSocket(0, 16, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::serve, "line-server");
        acceptor.setDaemon(true);
        acceptor.start();
        proxy = LoopbackProxy.start(upstream.getLocalPort());
    }

    @AfterEach
    void stop() throws IOException {
        proxy.close();
        upstream.close();
    }

    private void serve() {
        while (!upstream.isClosed()) {
            try {
                Socket socket = upstream.accept();
                Thread worker = new Thread(() -> answer(socket));
                worker.setDaemon(true);
                worker.start();
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void answer(Socket socket) {
        try (socket; BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
             PrintStream out = new PrintStream(socket.getOutputStream(), true, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                served.incrementAndGet();
                // "status NNN ..." is answered with an HTTP-like status line, anything else with "ok ..."
                out.println(line.startsWith("status ") ? "HTTP/1.1 " + line.substring("status ".length()) : "ok " + line);
            }
        } catch (IOException closed) {
            // the client went away
        }
    }

    private static final class Client implements AutoCloseable {
        final Socket socket;
        final BufferedReader in;
        final OutputStream out;

        Client(int port, Duration timeout) throws IOException {
            socket = new Socket(InetAddress.getLoopbackAddress(), port);
            socket.setSoTimeout((int) timeout.toMillis());
            in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            out = socket.getOutputStream();
        }

        String ask(String line) throws IOException {
            out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
            return in.readLine();
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    @Test
    void passMode_forwardsRequestsAndResponsesUnchanged() throws IOException {
        // GIVEN a proxy in its initial mode
        try (Client client = new Client(proxy.port(), Duration.ofSeconds(2))) {
            // WHEN two requests go through one connection
            // THEN both are answered by the target
            assertEquals("ok one", client.ask("one"));
            assertEquals("ok two", client.ask("two"));
        }
        assertEquals(2, served.get());
    }

    @Test
    void delayMode_holdsEachChunkForTheDelay() throws IOException {
        // GIVEN a delay of 150 ms per chunk
        proxy.delay(Duration.ofMillis(150));
        try (Client client = new Client(proxy.port(), Duration.ofSeconds(5))) {
            // WHEN one request makes a round trip (one chunk each way)
            long start = System.nanoTime();
            String answer = client.ask("slow");
            long elapsedMs = (System.nanoTime() - start) / 1_000_000;
            // THEN it is answered, at least 2 x 150 ms later
            assertEquals("ok slow", answer);
            assertTrue(elapsedMs >= 300, "took " + elapsedMs + " ms");
        }
    }

    @Test
    void blackholeMode_acceptsButNeverAnswers_andPassHealsIt() throws IOException {
        // GIVEN a blackholed proxy
        proxy.blackhole();
        try (Client client = new Client(proxy.port(), Duration.ofMillis(300))) {
            // WHEN a request is sent, THEN the client times out and the target never saw it
            assertThrows(SocketTimeoutException.class, () -> client.ask("lost"));
        }
        assertEquals(0, served.get());
        // AND after pass(), a new connection works again
        proxy.pass();
        try (Client client = new Client(proxy.port(), Duration.ofSeconds(2))) {
            assertEquals("ok back", client.ask("back"));
        }
    }

    @Test
    void dropResponses_theMatchingRequestIsServedButItsAnswerNeverArrives() throws IOException {
        // GIVEN the response of the next request containing "pay" is to be dropped
        proxy.dropResponses(1, request -> request.contains("pay"));
        try (Client client = new Client(proxy.port(), Duration.ofSeconds(2))) {
            // WHEN a non-matching request goes first, it is answered
            assertEquals("ok hello", client.ask("hello"));
            // AND the matching one reaches the target, but the client times out
            client.socket.setSoTimeout(300);
            assertThrows(SocketTimeoutException.class, () -> client.ask("pay TXN-1"));
        }
        assertEquals(2, served.get());
        assertEquals(1, proxy.droppedResponses());
        // THEN the budget is spent: the same request on a new connection is answered
        try (Client client = new Client(proxy.port(), Duration.ofSeconds(2))) {
            assertEquals("ok pay TXN-1", client.ask("pay TXN-1"));
        }
        assertEquals(1, proxy.droppedResponses());
    }

    @Test
    void dropResponses_oneInN_dropsEveryNthMatchingAnswer_untilTheBudgetIsSpent() throws IOException {
        // GIVEN one in 3 answers to requests containing "pay" to be dropped, 2 at most
        proxy.dropResponses(2, 3, request -> request.contains("pay"));
        // WHEN 9 matching requests (and one that does not match) are sent, each on its own connection
        StringBuilder answered = new StringBuilder();
        for (String request : new String[] {"pay 1", "pay 2", "hello", "pay 3", "pay 4", "pay 5", "pay 6", "pay 7", "pay 8", "pay 9"}) {
            try (Client client = new Client(proxy.port(), Duration.ofMillis(300))) {
                answered.append(client.ask(request)).append(';');
            } catch (SocketTimeoutException dropped) {
                answered.append("dropped;");
            }
        }
        // THEN the 3rd and 6th matching answers were dropped; the 9th's turn came with the budget spent
        assertEquals("ok pay 1;ok pay 2;ok hello;dropped;ok pay 4;ok pay 5;dropped;ok pay 7;ok pay 8;ok pay 9;",
                answered.toString());
        assertEquals(2, proxy.droppedResponses());
        assertEquals(10, served.get());
    }

    @Test
    void dropResponses_countsTheDroppedAnswersThatWereRefusals() throws IOException {
        // GIVEN the responses of the next two requests containing "pay" are to be dropped
        proxy.dropResponses(2, request -> request.contains("pay"));
        // WHEN the target accepts one (200) and refuses the other (400, as DynamoDB refuses a
        // failed condition), each on its own connection
        for (String request : new String[] {"status 200 pay TXN-1", "status 400 pay TXN-2"}) {
            try (Client client = new Client(proxy.port(), Duration.ofMillis(300))) {
                assertThrows(SocketTimeoutException.class, () -> client.ask(request));
            }
        }
        // THEN both answers were dropped, and one of them was a refusal: nothing was done for it
        assertEquals(2, proxy.droppedResponses());
        assertEquals(1, proxy.droppedRefusals());
        // AND an answer that is not dropped is not counted
        try (Client client = new Client(proxy.port(), Duration.ofSeconds(2))) {
            assertEquals("HTTP/1.1 400 pay TXN-3", client.ask("status 400 pay TXN-3"));
        }
        assertEquals(1, proxy.droppedRefusals());
    }

    @Test
    void refuse_closesOpenConnectionsAndNewOnes() throws IOException {
        // GIVEN an open, working connection
        try (Client client = new Client(proxy.port(), Duration.ofSeconds(2))) {
            assertEquals("ok before", client.ask("before"));
            // WHEN the proxy refuses
            proxy.refuse();
            // THEN the open connection is closed (end of stream or reset)
            assertConnectionClosed(client);
        }
        // AND a new connection is closed at once
        try (Client client = new Client(proxy.port(), Duration.ofSeconds(2))) {
            assertConnectionClosed(client);
        }
        assertEquals(1, served.get());
    }

    private static void assertConnectionClosed(Client client) {
        try {
            assertEquals(null, client.ask("after"));
        } catch (IOException reset) {
            assertTrue(reset.getMessage() == null || !reset.getMessage().isEmpty());
        }
    }
}
