package com.example.localaws.proxy;

import com.example.receiver.testkit.Sleeper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * A TCP proxy on a free loopback port in front of {@code target}, whose behaviour can be switched
 * at any time, also for connections already open:
 * <ul>
 *   <li>{@link #pass()}: bytes flow both ways unchanged (the initial mode);</li>
 *   <li>{@link #delay(Duration)}: every chunk, either way, is held for a fixed time first;</li>
 *   <li>{@link #blackhole()}: connections are accepted and bytes read, but nothing is forwarded
 *       either way, so a client waits until its own timeout;</li>
 *   <li>{@link #refuse()}: every open connection is closed and new ones are
 *       closed as soon as they are accepted;</li>
 *   <li>{@link #dropResponses(int, Predicate)}: the next {@code count} requests whose text
 *       matches reach the target, but their responses (and anything after them on that
 *       connection) never reach the client: the operation happened, and the client cannot know;
 *       {@link #dropResponses(int, int, Predicate)} drops one in every few matching requests'
 *       responses instead, spread over the traffic.</li>
 * </ul>
 * A request's text is every byte the client sent on its connection since the target last
 * answered there (one HTTP/1.1 request, or a Redis command), read as ISO-8859-1. The proxy is for
 * tests and benchmarks on one machine: it binds 127.0.0.1 only.
 *
 * <p>Started {@linkplain #start(int, TlsEnds) with TLS ends}, TLS ends and starts again at the
 * proxy: it answers its clients' handshakes with a server certificate of its own, and reaches
 * the target over TLS, so a client's calls through it are HTTPS as they are without it (each
 * record encrypted, each new connection a handshake) while the proxy still reads the requests'
 * text. Without, it relays bytes as they are.
 *
 * <p>Like the local AWS (libs/receiver-testkit/src/main/python/moto_keep_alive.py), the proxy waits on no delayed ACK on a
 * kept-alive connection: it acknowledges what it reads at once ({@code TCP_QUICKACK}, set before
 * each read, since Linux clears it by itself) and forwards each piece at once ({@code TCP_NODELAY}).
 * Without them, a client that writes a request's headers and body apart (the JDK's
 * HttpURLConnection, Nagle's algorithm on) waits about 40 ms for the proxy's ACK of the headers.
 */
public final class LoopbackProxy implements AutoCloseable {

    private final InetSocketAddress target;
    private final TlsEnds tls;
    private final ServerSocket server;
    private final Set<ProxiedConnection> connections = ConcurrentHashMap.newKeySet();
    private final ResponseDrops drops = new ResponseDrops();
    private final ProxyMode mode = new ProxyMode();
    private volatile boolean closed;

    private LoopbackProxy(InetSocketAddress target, TlsEnds tls, ServerSocket server) {
        this.target = target;
        this.tls = tls;
        this.server = server;
    }

    /** Starts a proxy to {@code 127.0.0.1:targetPort}, in pass mode, relaying bytes as they are. */
    public static LoopbackProxy start(int targetPort) {
        return start(targetPort, null);
    }

    /**
     * Starts a proxy to {@code 127.0.0.1:targetPort}, in pass mode, TLS ending and starting again
     * at it as {@code tls} says; relaying bytes as they are when {@code tls} is null.
     */
    public static LoopbackProxy start(int targetPort, TlsEnds tls) {
        try {
            ServerSocket server = tls == null ? new ServerSocket(0, 64, InetAddress.getLoopbackAddress()) : tls.serverSocket();
            LoopbackProxy proxy = new LoopbackProxy(new InetSocketAddress(InetAddress.getLoopbackAddress(), targetPort), tls, server);
            Thread acceptor = new Thread(proxy::acceptLoop, "loopback-proxy-" + server.getLocalPort());
            acceptor.setDaemon(true);
            acceptor.start();
            return proxy;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open a loopback port", e);
        }
    }

    /** The proxy's own port. */
    public int port() {
        return server.getLocalPort();
    }

    /** {@code 127.0.0.1:<port>}, for a {@code host:port} setting. */
    public String endpoint() {
        return "127.0.0.1:" + port();
    }

    /** {@code https://127.0.0.1:<port>} with TLS ends, else {@code http://}, for an AWS client's endpoint override. */
    public URI uri() {
        return URI.create((tls == null ? "http" : "https") + "://" + endpoint());
    }

    /** Forwards everything unchanged. */
    public void pass() {
        mode.set(ProxyMode.Mode.PASS);
    }

    /** Holds every chunk, in both directions, for {@code perChunk} before forwarding it. */
    public void delay(Duration perChunk) {
        mode.delay(perChunk);
    }

    /** Accepts and reads, but forwards nothing either way. */
    public void blackhole() {
        mode.set(ProxyMode.Mode.BLACKHOLE);
    }

    /** Closes every open connection, and every new one as soon as it is accepted. */
    public void refuse() {
        mode.set(ProxyMode.Mode.REFUSE);
        connections.forEach(ProxiedConnection::close);
    }

    /**
     * The next {@code count} requests whose text matches {@code request} are forwarded, but their
     * responses are swallowed (the client times out with the outcome unknown). Replaces a budget
     * not yet used up.
     */
    public void dropResponses(int count, Predicate<String> request) {
        dropResponses(count, 1, request);
    }

    /**
     * As {@link #dropResponses(int, Predicate)}, of one in {@code oneIn} requests whose text
     * matches (the {@code oneIn}-th, the {@code 2 oneIn}-th, and so on), until {@code count}
     * responses were dropped: lost responses spread over the traffic, each costing its client a
     * timeout, rather than every matching request's in a row, which would be an outage.
     */
    public void dropResponses(int count, int oneIn, Predicate<String> request) {
        drops.set(count, oneIn, request);
    }

    /** How many requests had their response dropped so far. */
    public int droppedResponses() {
        return drops.dropped();
    }

    /**
     * Of the {@link #droppedResponses() dropped responses}, how many were HTTP refusals (a status
     * other than 2xx, such as DynamoDB's 400 for a failed condition): the target did nothing, so
     * the client's retry cannot do it twice.
     */
    public int droppedRefusals() {
        return drops.droppedRefusals();
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                Socket client = server.accept();
                if (mode.now() == ProxyMode.Mode.REFUSE) {
                    client.close();
                    continue;
                }
                Socket upstream;
                try {
                    upstream = connectUpstream();
                } catch (IOException unreachable) {
                    client.close();
                    continue;
                }
                ProxiedConnection connection = new ProxiedConnection(client, upstream, mode, drops, connections);
                connections.add(connection);
                connection.start();
            } catch (IOException e) {
                if (!closed) {
                    Sleeper.THREAD.pauseQuietly(Duration.ofMillis(10));
                }
            }
        }
    }

    /** A connection to the target; over TLS with TLS ends (its handshake on the first bytes, in a pump's thread). */
    private Socket connectUpstream() throws IOException {
        Socket plain = new Socket();
        try {
            plain.connect(target, 2_000);
            return tls == null ? plain : tls.toTarget(plain, target);
        } catch (IOException e) {
            plain.close();
            throw e;
        }
    }

    /** Stops accepting and closes every connection. */
    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException ignored) {
            // already closed
        }
        connections.forEach(ProxiedConnection::close);
    }

}
