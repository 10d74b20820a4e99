package com.example.localaws.proxy;

import com.example.receiver.testkit.Sleeper;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import jdk.net.ExtendedSocketOptions;

/**
 * One client connection of a loopback proxy and its upstream twin, with a pump each way: each
 * chunk read (acknowledged at once) is forwarded, held or dropped as the proxy's mode says now;
 * the client's bytes since the target last answered are the request's text, which the proxy's
 * {@link ResponseDrops} may match, its response then swallowed.
 */
final class ProxiedConnection {

    private static final int CHUNK = 64 * 1024;

    private final Socket client;
    private final Socket upstream;
    private final ProxyMode mode;
    private final ResponseDrops drops;
    private final Set<ProxiedConnection> open;
    private final StringBuilder request = new StringBuilder();
    private volatile boolean answering;
    private volatile boolean dropping;
    private boolean requestMatched;

    /** {@code open}: the proxy's open connections, which this leaves as it closes. */
    ProxiedConnection(Socket client, Socket upstream, ProxyMode mode, ResponseDrops drops, Set<ProxiedConnection> open) {
        this.client = client;
        this.upstream = upstream;
        this.mode = mode;
        this.drops = drops;
        this.open = open;
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
                ProxyMode.Mode now = mode.now();
                if (now == ProxyMode.Mode.REFUSE) {
                    break;
                }
                if (now == ProxyMode.Mode.BLACKHOLE) {
                    continue;
                }
                if (now == ProxyMode.Mode.DELAY) {
                    Sleeper.THREAD.pauseQuietly(mode.delay());
                }
                if (fromClient) {
                    noteRequest(buffer, n);
                } else {
                    boolean answerStarts = !answering;
                    answering = true;
                    if (dropping) {
                        if (answerStarts) {
                            drops.answerStarts(buffer, n);
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
            if (!dropping && !requestMatched && drops.matches(request.toString())) {
                requestMatched = true; // a request arriving in pieces is one match
                dropping = drops.take();
            }
        }
    }

    void close() {
        open.remove(this);
        closeQuietly(client);
        closeQuietly(upstream);
    }

    private static int readAcknowledgingAtOnce(Socket from, InputStream in, byte[] buffer) throws IOException {
        from.setOption(ExtendedSocketOptions.TCP_QUICKACK, true);
        return in.read(buffer);
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
}
