package com.example.localaws.proxy;

import com.example.localaws.Sleeper;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import jdk.net.ExtendedSocketOptions;

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
 * <p>Like the local AWS (testing/local-aws/moto_keep_alive.py), the proxy waits on no delayed ACK on a
 * kept-alive connection: it acknowledges what it reads at once ({@code TCP_QUICKACK}, set before
 * each read, since Linux clears it by itself) and forwards each piece at once ({@code TCP_NODELAY}).
 * Without them, a client that writes a request's headers and body apart (the JDK's
 * HttpURLConnection, Nagle's algorithm on) waits about 40 ms for the proxy's ACK of the headers.
 */
public final class LoopbackProxy implements AutoCloseable {

    private enum Mode { PASS, DELAY, BLACKHOLE, REFUSE }

    private static final int CHUNK = 64 * 1024;

    private final InetSocketAddress target;
    private final TlsEnds tls;
    private final ServerSocket server;
    private final Set<Connection> connections = ConcurrentHashMap.newKeySet();
    private final AtomicInteger dropBudget = new AtomicInteger();
    private final AtomicInteger matched = new AtomicInteger();
    private volatile int dropOneIn = 1;
    private final AtomicInteger dropped = new AtomicInteger();
    private final AtomicInteger droppedRefusals = new AtomicInteger();
    private volatile Predicate<String> dropMatch = request -> false;
    private volatile Mode mode = Mode.PASS;
    private volatile Duration delay = Duration.ZERO;
    private volatile boolean closed;

    /**
     * Where TLS ends and starts again at a proxy.
     *
     * @param serverSide answers the clients' handshakes (its key manager holds the proxy's certificate)
     * @param clientSide reaches the target (its trust managers trust the target's certificate)
     */
    public record TlsEnds(SSLContext serverSide, SSLContext clientSide) {
        public TlsEnds {
            Objects.requireNonNull(serverSide, "serverSide");
            Objects.requireNonNull(clientSide, "clientSide");
        }
    }

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
            ServerSocket server = tls == null ? new ServerSocket(0, 64, InetAddress.getLoopbackAddress())
                    : tls.serverSide().getServerSocketFactory().createServerSocket(0, 64, InetAddress.getLoopbackAddress());
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
        mode = Mode.PASS;
    }

    /** Holds every chunk, in both directions, for {@code perChunk} before forwarding it. */
    public void delay(Duration perChunk) {
        delay = Objects.requireNonNull(perChunk, "perChunk");
        mode = Mode.DELAY;
    }

    /** Accepts and reads, but forwards nothing either way. */
    public void blackhole() {
        mode = Mode.BLACKHOLE;
    }

    /** Closes every open connection, and every new one as soon as it is accepted. */
    public void refuse() {
        mode = Mode.REFUSE;
        connections.forEach(Connection::close);
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
        if (oneIn < 1) {
            throw new IllegalArgumentException("oneIn must be at least 1: " + oneIn);
        }
        dropMatch = Objects.requireNonNull(request, "request");
        dropOneIn = oneIn;
        matched.set(0);
        dropBudget.set(count);
    }

    /** How many requests had their response dropped so far. */
    public int droppedResponses() {
        return dropped.get();
    }

    /**
     * Of the {@link #droppedResponses() dropped responses}, how many were HTTP refusals (a status
     * other than 2xx, such as DynamoDB's 400 for a failed condition): the target did nothing, so
     * the client's retry cannot do it twice.
     */
    public int droppedRefusals() {
        return droppedRefusals.get();
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                Socket client = server.accept();
                if (mode == Mode.REFUSE) {
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
                Connection connection = new Connection(client, upstream);
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
            if (tls == null) {
                return plain;
            }
            SSLSocket secure = (SSLSocket) tls.clientSide().getSocketFactory()
                    .createSocket(plain, target.getHostString(), target.getPort(), true);
            SSLParameters parameters = secure.getSSLParameters();
            parameters.setEndpointIdentificationAlgorithm("HTTPS");
            secure.setSSLParameters(parameters);
            return secure;
        } catch (IOException e) {
            plain.close();
            throw e;
        }
    }

    /** One client connection and its upstream twin, with a pump each way. */
    private final class Connection {
        private final Socket client;
        private final Socket upstream;
        private final StringBuilder request = new StringBuilder();
        private volatile boolean answering;
        private volatile boolean dropping;
        private boolean requestMatched;

        Connection(Socket client, Socket upstream) {
            this.client = client;
            this.upstream = upstream;
        }

        void start() {
            daemon(() -> pump(client, upstream, true), "proxy-up-" + client.getPort());
            daemon(() -> pump(upstream, client, false), "proxy-down-" + client.getPort());
        }

        private void pump(Socket from, Socket to, boolean fromClient) {
            byte[] buffer = new byte[CHUNK];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                to.setTcpNoDelay(true);
                int n;
                while ((n = readAcknowledgingAtOnce(from, in, buffer)) >= 0) {
                    Mode now = mode;
                    if (now == Mode.REFUSE) {
                        break;
                    }
                    if (now == Mode.BLACKHOLE) {
                        continue;
                    }
                    if (now == Mode.DELAY) {
                        Sleeper.THREAD.pauseQuietly(delay);
                    }
                    if (fromClient) {
                        noteRequest(buffer, n);
                    } else {
                        boolean answerStarts = !answering;
                        answering = true;
                        if (dropping) {
                            if (answerStarts && refusal(buffer, n)) {
                                droppedRefusals.incrementAndGet();
                            }
                            continue;
                        }
                    }
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException closedMeanwhile) {
                // the other side or the proxy closed the connection: nothing to forward any more
            } finally {
                close();
            }
        }

        private void noteRequest(byte[] buffer, int n) {
            synchronized (request) {
                if (answering) {
                    request.setLength(0);
                    requestMatched = false;
                    answering = false;
                }
                request.append(new String(buffer, 0, n, StandardCharsets.ISO_8859_1));
                if (!dropping && !requestMatched && dropMatch.test(request.toString())) {
                    requestMatched = true; // a request arriving in pieces is one match
                    if (takeDrop()) {
                        dropping = true;
                        dropped.incrementAndGet();
                    }
                }
            }
        }

        void close() {
            connections.remove(this);
            closeQuietly(client);
            closeQuietly(upstream);
        }
    }

    private static int readAcknowledgingAtOnce(Socket from, InputStream in, byte[] buffer) throws IOException {
        from.setOption(ExtendedSocketOptions.TCP_QUICKACK, true);
        return in.read(buffer);
    }

    /** Whether an answer starting with these bytes is an HTTP status line other than 2xx. */
    private static boolean refusal(byte[] answer, int n) {
        String head = new String(answer, 0, Math.min(n, 12), StandardCharsets.ISO_8859_1);
        return head.startsWith("HTTP/") && head.length() == 12 && head.charAt(9) != '2';
    }

    /** Whether this matching request's response is to be dropped: its turn (one in {@code dropOneIn}) and budget left. */
    private boolean takeDrop() {
        if (matched.incrementAndGet() % dropOneIn != 0) {
            return false;
        }
        int left;
        do {
            left = dropBudget.get();
            if (left <= 0) {
                return false;
            }
        } while (!dropBudget.compareAndSet(left, left - 1));
        return true;
    }

    private static void daemon(Runnable task, String name) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        thread.start();
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing is best effort
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
        connections.forEach(Connection::close);
    }
}
