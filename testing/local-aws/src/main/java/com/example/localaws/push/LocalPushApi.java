package com.example.localaws.push;

import com.example.receiver.testkit.Sleeper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A push-notification API on a free loopback port. {@code POST <base path>/notifications} (the
 * base path empty unless {@link #start(String)} gives one) with a header {@code Idempotency-Key}:
 * <ul>
 *   <li>the first request of a key delivers the notification and answers 201; the answer is
 *       stored under the key;</li>
 *   <li>a later request with that key answers the stored response again, with
 *       {@code Idempotent-Replayed: true}, and delivers nothing;</li>
 *   <li>a request while another with the same key is still being answered gets 409 (retry
 *       later), as Stripe answers concurrent requests with one key;</li>
 *   <li>no key: 400.</li>
 * </ul>
 * Before any of that, the caller must be admitted ({@link Admission}: a bearer token, or a
 * Standard Webhooks signature over the id, the timestamp and the body, checked by
 * {@link NotificationVerifier}, as docs/deploy.md's push API contract says): a request that is
 * not is answered 401 with the rule it broke, delivers nothing and stores nothing, as a real API
 * refuses an unauthenticated call.
 * {@link #admit} changes whom it admits (a rotation on the API's side); another process changes
 * the keys it admits through {@link KeysKnob}.
 * Faults for the next N requests that carry a key: {@link #failNext} answers a status without
 * delivering (nothing stored: the API failed before executing, so a retry may deliver);
 * {@link #delayNext} delivers, then holds the answer for a while, which a client with a shorter
 * timeout sees as a timeout although the notification went out (the ambiguous case a retry with
 * the same key resolves). Another process sets the first through {@link FaultKnob}.
 *
 * <p>{@code GET <base path>/notifications} answers every request received so far, in arrival order, as a
 * JSON array of {@code {"idempotencyKey", "status", "delivered"}} (bodies left out), so that
 * another process ({@code make state}) can read what was delivered. {@link #main} runs the API
 * on its own, for {@code make up}, until the process is stopped, logging one line per request
 * (its key, the status answered, what it did) to stdout, which make up appends to push-api.log.
 */
public final class LocalPushApi implements AutoCloseable {

    /** The path notifications are posted to. */
    public static final String PATH = "/notifications";

    private final HttpServer server;
    private final String basePath;
    private final ExecutorService executor = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "local-push-api");
        thread.setDaemon(true);
        return thread;
    });
    private final Clock clock = Clock.systemUTC();
    private final PushLedger ledger = new PushLedger();
    private volatile Admission admission;
    /** Where each request is logged with its answer ({@link #main}: the process's stdout, make up's push-api.log); none in tests. */
    private volatile PrintStream requestLog;

    private LocalPushApi(HttpServer server, String basePath, Admission admission) {
        this.server = server;
        this.basePath = basePath;
        this.admission = Objects.requireNonNull(admission, "admission");
    }

    /** Starts the API on a free port of 127.0.0.1, admitting anyone (tests of its idempotency alone). */
    public static LocalPushApi start() {
        return start(Admission.anyone());
    }

    /** Starts the API on a free port of 127.0.0.1, admitting the callers {@code admission} admits. */
    public static LocalPushApi start(Admission admission) {
        return start(0, "", admission);
    }

    /** From now on, admits the callers {@code admission} admits (e.g. only the new key, after a rotation). */
    public void admit(Admission admission) {
        this.admission = Objects.requireNonNull(admission, "admission");
    }

    /** From now on, admits requests signed with one of {@code keys} (by key id), and logs their ids ({@link KeysKnob}). */
    void admitKeys(Map<String, String> keys) {
        admit(Admission.signed(keys, clock));
        PrintStream log = requestLog;
        if (log != null) {
            log.println(clock.instant() + " admitting requests signed with key " + String.join(", ", keys.keySet()));
        }
    }

    /**
     * Starts the API on a free port of 127.0.0.1, below {@code basePath} (e.g. {@code /v1}: it
     * then answers {@code /v1/notifications}, as an API versioned in its path does).
     *
     * @throws IllegalArgumentException unless the path starts with a slash and does not end with one
     */
    public static LocalPushApi start(String basePath) {
        if (!basePath.matches("(/[A-Za-z0-9._~-]+)+")) {
            throw new IllegalArgumentException("a base path is /segment[/segment...], not " + basePath);
        }
        return start(0, basePath, Admission.anyone());
    }

    /** Starts the API on {@code port} of 127.0.0.1 (0: a free one), admitting the callers {@code admission} admits. */
    public static LocalPushApi start(int port, Admission admission) {
        return start(port, "", admission);
    }

    private static LocalPushApi start(int port, String basePath, Admission admission) {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
            LocalPushApi api = new LocalPushApi(server, basePath, admission);
            server.createContext(basePath + PATH, api::handle);
            server.createContext(FaultKnob.PATH, new FaultKnob(api));
            server.createContext(KeysKnob.PATH, new KeysKnob(api));
            server.setExecutor(api.executor);
            server.start();
            return api;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the local push API", e);
        }
    }

    /** The base URL, without a trailing slash: e.g. {@code http://127.0.0.1:41234}, or {@code http://127.0.0.1:41234/v1}. */
    public URI baseUrl() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + basePath);
    }

    /** The next {@code count} requests with a key are answered {@code status} without delivering. */
    public void failNext(int count, int status) {
        ledger.addFaults(count, new PushLedger.Fail(status));
    }

    /** The next {@code count} requests with a key deliver, then wait {@code delay} before answering. */
    public void delayNext(int count, Duration delay) {
        ledger.addFaults(count, new PushLedger.Delay(Objects.requireNonNull(delay, "delay")));
    }

    /** Drops the faults not yet used. */
    public void clearFaults() {
        ledger.clearFaults();
    }

    /** How many faults are still to be used. */
    public int pendingFaults() {
        return ledger.pendingFaults();
    }

    /** Every request received, in arrival order. */
    public List<PushRequest> requests() {
        return ledger.requests();
    }

    /** How many requests arrived. */
    public int requestsReceived() {
        return requests().size();
    }

    /** How many notifications were delivered: one per key at most. */
    public int delivered() {
        return (int) requests().stream().filter(PushRequest::delivered).count();
    }

    /** The keys of the requests received, one entry per request. */
    public List<String> keysReceived() {
        return requests().stream().map(PushRequest::idempotencyKey).toList();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] bytes = read(exchange.getRequestBody());
            String body = new String(bytes, StandardCharsets.UTF_8);
            if ("GET".equals(exchange.getRequestMethod())) {
                answer(exchange, new PushLedger.Response(200, requestsJson()), false);
                return;
            }
            if (!"POST".equals(exchange.getRequestMethod())) {
                answer(exchange, new PushLedger.Response(405, "{\"error\":\"method not allowed\"}"), false);
                return;
            }
            String key = Objects.requireNonNullElse(exchange.getRequestHeaders().getFirst("Idempotency-Key"), "");
            Optional<String> refusal = admission.refusal(exchange.getRequestHeaders()::getFirst, bytes);
            if (refusal.isPresent()) {
                PushLedger.Response refused = new PushLedger.Response(401, "{\"error\":\"" + escape(refusal.get()) + "\"}");
                ledger.refused(key, body, refused.status());
                logRequest(key, refused.status(), "not admitted: " + refusal.get());
                answer(exchange, refused, false);
                return;
            }
            PushLedger.Decision decision = ledger.decide(key, body);
            logRequest(key, decision.response().status(), decision.what());
            if (decision.fault() instanceof PushLedger.Delay delay) {
                Sleeper.THREAD.pauseQuietly(delay.delay());
            }
            if (decision.delivered()) {
                ledger.answered(key, decision.response());
            }
            answer(exchange, decision.response(), decision.replayed());
        }
    }

    /** One line per request: when, its key, the status answered and what it did (never the body). */
    private void logRequest(String key, int status, String what) {
        PrintStream log = requestLog;
        if (log != null) {
            log.println(clock.instant() + " POST " + basePath + PATH + " Idempotency-Key=" + key + " " + status + " " + what);
        }
    }

    private String requestsJson() {
        StringBuilder json = new StringBuilder("[");
        for (PushRequest request : requests()) {
            json.append(json.length() > 1 ? "," : "").append("{\"idempotencyKey\":\"").append(escape(request.idempotencyKey()))
                    .append("\",\"status\":").append(request.status())
                    .append(",\"delivered\":").append(request.delivered()).append('}');
        }
        return json.append(']').toString();
    }

    private static String escape(String text) {
        StringBuilder escaped = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\') {
                escaped.append('\\').append(c);
            } else if (c < 0x20) {
                escaped.append(String.format("\\u%04x", (int) c));
            } else {
                escaped.append(c);
            }
        }
        return escaped.toString();
    }

    /**
     * Runs the API on {@code 127.0.0.1:<args[0]>} until the process is stopped ({@code make up}
     * starts it so, {@code make down} stops it), admitting requests signed with the keys of the
     * environment variable {@value SigningKeys#VARIABLE} ({@link SigningKeys}: the local push API
     * credential's keys); without it, anyone.
     */
    public static void main(String[] args) throws InterruptedException {
        if (args.length != 1 || !args[0].matches("[0-9]{1,5}")) {
            System.err.println("usage: LocalPushApi PORT");
            System.exit(2);
        }
        String keys = System.getenv(SigningKeys.VARIABLE);
        LocalPushApi api = start(Integer.parseInt(args[0]),
                keys == null ? Admission.anyone() : Admission.signed(SigningKeys.parse(keys), Clock.systemUTC()));
        api.requestLog = System.out;
        System.out.println("local push API listening at " + api.baseUrl() + (keys == null ? ", admitting anyone"
                : ", admitting requests signed with key " + String.join(", ", SigningKeys.parse(keys).keySet())));
        Thread.currentThread().join();
    }

    private static void answer(HttpExchange exchange, PushLedger.Response response, boolean replayed) throws IOException {
        byte[] bytes = response.body().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        if (replayed) {
            exchange.getResponseHeaders().set("Idempotent-Replayed", "true");
        }
        exchange.sendResponseHeaders(response.status(), bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    private static byte[] read(InputStream in) throws IOException {
        try (in) {
            return in.readAllBytes();
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
