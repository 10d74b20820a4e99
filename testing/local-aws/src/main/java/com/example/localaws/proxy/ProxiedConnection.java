package com.example.localaws.proxy;

import com.example.localaws.Sleeper;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import jdk.net.ExtendedSocketOptions;

/**
 * One client connection of a {@link LoopbackProxy} and its upstream twin, with a pump each way:
 * each chunk read (acknowledged at once) is forwarded, held or dropped as the proxy's mode says
 * now; the client's bytes since the target last answered are the request's text, which the
 * proxy's {@link ResponseDrops} may match, its response then swallowed.
 */
final class ProxiedConnection {

    private static final int CHUNK = 64 * 1024;

    private final Socket client;
    private final Socket upstream;
    private final LoopbackProxy proxy;
    private final StringBuilder request = new StringBuilder();
    private volatile boolean answering;
    private volatile boolean dropping;
    private boolean requestMatched;

    ProxiedConnection(Socket client, Socket upstream, LoopbackProxy proxy) {
        this.client = client;
        this.upstream = upstream;
        this.proxy = proxy;
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
                LoopbackProxy.Mode now = proxy.mode();
                if (now == LoopbackProxy.Mode.REFUSE) {
                    break;
                }
                if (now == LoopbackProxy.Mode.BLACKHOLE) {
                    continue;
                }
                if (now == LoopbackProxy.Mode.DELAY) {
                    Sleeper.THREAD.pauseQuietly(proxy.delay());
                }
                if (fromClient) {
                    noteRequest(buffer, n);
                } else {
                    boolean answerStarts = !answering;
                    answering = true;
                    if (dropping) {
                        if (answerStarts) {
                            proxy.drops().answerStarts(buffer, n);
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
            if (!dropping && !requestMatched && proxy.drops().matches(request.toString())) {
                requestMatched = true; // a request arriving in pieces is one match
                dropping = proxy.drops().take();
            }
        }
    }

    void close() {
        proxy.closed(this);
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
