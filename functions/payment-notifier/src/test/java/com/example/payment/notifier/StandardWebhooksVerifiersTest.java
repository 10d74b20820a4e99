package com.example.payment.notifier;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.lambdakit.telemetry.FunctionLog;
import com.example.lambdakit.telemetry.TelemetryConfig;
import com.example.localaws.ProjectRoot;
import com.example.localaws.messages.ProducerSigner;
import com.example.localaws.push.NotificationVerifier;
import com.example.localaws.push.OfficialVerifiers;
import com.example.localaws.push.OfficialVerifiers.Request;
import com.example.localaws.push.OfficialVerifiers.Verdict;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Notifications captured from the notifier (its {@link HttpPushApi} and {@link WebhookSignature},
 * composed as {@link PaymentNotifier} composes them, over HTTP on 127.0.0.1) given to the Standard
 * Webhooks specification's own verifiers, Python and JavaScript, unmodified: they accept what the
 * notifier signs with the secret the receiver holds, during a rotation whichever of the two secrets
 * it holds, and refuse an altered body, the request replayed under another id, a request whose
 * stale timestamp was replaced by a fresh one, one replayed past their 5-minute tolerance, and any
 * other secret. The docs' JDK verifier ({@link NotificationVerifier}, which the local push API
 * runs) agrees with both on every request.
 */
class StandardWebhooksVerifiersTest {

    private static final String SECRET = "whsec_" + ProducerSigner.newKey();
    private static final String NEXT_SECRET = "whsec_" + ProducerSigner.newKey();
    private static final String OTHER_SECRET = "whsec_" + ProducerSigner.newKey();

    /** Each request the capture answered 201, as received: lower-cased header names, the body's text. */
    private final List<Request> captured = new ArrayList<>();
    private HttpServer capture;

    @BeforeEach
    void startCapture() throws IOException {
        capture = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        capture.createContext("/notifications", exchange -> {
            try (exchange) {
                Map<String, String> headers = new LinkedHashMap<>();
                exchange.getRequestHeaders().forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), values.get(0)));
                String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
                synchronized (captured) {
                    captured.add(new Request("", headers, body));
                }
                exchange.sendResponseHeaders(201, -1);
            }
        });
        capture.start();
    }

    @AfterEach
    void stopCapture() {
        capture.stop(0);
    }

    /** The request the notifier sends for {@code transactionId}, signed with {@code keys} on {@code clock}, as captured. */
    private Request notify(String auth, Map<String, String> keys, Clock clock, String transactionId) {
        Map<String, String> env = new HashMap<>();
        env.put(NotifierConfig.PUSH_API_BASE_URL, "http://127.0.0.1:" + capture.getAddress().getPort());
        env.put(NotifierConfig.NOTIFICATION_IDEMPOTENCY_TABLE, "NotificationIdempotencyTable");
        env.put(NotifierConfig.NOTIFIER_DLQ_URL, "http://127.0.0.1/queue/NotificationsDeadLetterQueue");
        env.put(NotifierConfig.PUSH_API_AUTH, auth);
        env.put(NotifierConfig.PUSH_API_CREDENTIAL_SECRET, "PushApiCredential-test");
        NotifierConfig config = NotifierConfig.from(env);
        FunctionLog log = FunctionLog.of(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), clock,
                TelemetryConfig.defaults(Notifier.SERVICE, Notifier.METRICS_NAMESPACE));
        PushApiAuth signature = PaymentNotifier.auth(config, secretId -> ProducerSigner.secretDocument(keys), log, clock);
        PushApi api = new HttpPushApi(HttpPushApi.client(Duration.ofSeconds(1)), URI.create(env.get(NotifierConfig.PUSH_API_BASE_URL)),
                Duration.ofSeconds(5), signature);
        int before = captured.size();
        assertEquals(201, api.send(new Notification(transactionId, "ACC-44821", 12_550, "EUR")).status());
        synchronized (captured) {
            return captured.get(before);
        }
    }

    private static Request heldWith(String secret, Request request) {
        return new Request(secret, request.headers(), request.body());
    }

    private static Request withHeader(Request request, String name, String value) {
        Map<String, String> headers = new LinkedHashMap<>(request.headers());
        headers.put(name, value);
        return new Request(request.secret(), headers, request.body());
    }

    @Test
    void notificationsCapturedFromTheNotifier_areVerifiedByTheOfficialVerifiers_andEveryForgeryRefused() {
        Clock now = Clock.systemUTC();
        Clock sixMinutesAgo = Clock.offset(now, Duration.ofMinutes(-6));
        // GIVEN notifications captured from the notifier: one signed now, one signed six minutes ago, one
        // during a rotation (the secret holding the current and the next secret), one with the legacy headers too
        Request fresh = notify("hmac", Map.of("k-1", SECRET), now, "TXN-VISA-8847291");
        Request old = notify("hmac", Map.of("k-1", SECRET), sixMinutesAgo, "TXN-VISA-8847292");
        Map<String, String> rotation = new LinkedHashMap<>();
        rotation.put("k-1", SECRET);
        rotation.put("k-2", NEXT_SECRET);
        Request rotating = notify("hmac", rotation, now, "TXN-VISA-8847293");
        Request migrating = notify("hmac-and-legacy", Map.of("k-1", SECRET), now, "TXN-VISA-8847294");
        assertEquals("TXN-VISA-8847291", fresh.headers().get("webhook-id"));
        assertEquals(fresh.headers().get("idempotency-key"), fresh.headers().get("webhook-id"));

        // WHEN each is given to the receiver as captured, and as an attacker would alter it
        Map<String, Request> requests = new LinkedHashMap<>();
        requests.put("as captured", heldWith(SECRET, fresh));
        requests.put("as captured, the secret without whsec_", heldWith(SECRET.substring("whsec_".length()), fresh));
        requests.put("rotation, the receiver holding the current secret", heldWith(SECRET, rotating));
        requests.put("rotation, the receiver holding the next secret", heldWith(NEXT_SECRET, rotating));
        requests.put("with the legacy headers too", heldWith(SECRET, migrating));
        requests.put("body altered", new Request(SECRET, fresh.headers(), fresh.body().replace("12550", "99999")));
        requests.put("replayed under a new id", withHeader(heldWith(SECRET, fresh), "webhook-id", "TXN-VISA-0000001"));
        requests.put("replayed under a new timestamp", withHeader(heldWith(SECRET, old), "webhook-timestamp",
                fresh.headers().get("webhook-timestamp")));
        requests.put("replayed past the tolerance", heldWith(SECRET, old));
        requests.put("another secret", heldWith(OTHER_SECRET, fresh));
        List<Request> batch = List.copyOf(requests.values());
        List<Verdict> python = OfficialVerifiers.PYTHON.verify(ProjectRoot.find(), batch);
        List<Verdict> javascript = OfficialVerifiers.JAVASCRIPT.verify(ProjectRoot.find(), batch);

        // THEN both official verifiers accept the authentic ones and refuse each forgery, with their own reason
        Map<String, String> expected = new LinkedHashMap<>();
        requests.keySet().forEach(name -> expected.put(name, "verified"));
        expected.put("body altered", "No matching signature found");
        expected.put("replayed under a new id", "No matching signature found");
        expected.put("replayed under a new timestamp", "No matching signature found");
        expected.put("replayed past the tolerance", "Message timestamp too old");
        expected.put("another secret", "No matching signature found");
        assertEquals(expected, answers(requests.keySet(), python), "the Python verifier");
        assertEquals(expected, answers(requests.keySet(), javascript), "the JavaScript verifier");
        // AND the docs' JDK verifier admits exactly what they verify
        List<String> names = List.copyOf(requests.keySet());
        for (int i = 0; i < batch.size(); i++) {
            Request request = batch.get(i);
            Optional<String> refusal = new NotificationVerifier(Map.of("held", request.secret()), now).refusal(
                    request.headers().get("webhook-id"), request.headers().get("webhook-timestamp"),
                    request.headers().get("webhook-signature"), request.body().getBytes(StandardCharsets.UTF_8));
            assertEquals(python.get(i).verified(), refusal.isEmpty(), names.get(i) + ": " + refusal);
        }
    }

    private static Map<String, String> answers(Iterable<String> names, List<Verdict> verdicts) {
        Map<String, String> answers = new LinkedHashMap<>();
        int i = 0;
        for (String name : names) {
            Verdict verdict = verdicts.get(i++);
            answers.put(name, verdict.verified() ? "verified" : verdict.error());
        }
        return answers;
    }

}
