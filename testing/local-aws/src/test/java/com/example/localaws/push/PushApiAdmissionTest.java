package com.example.localaws.push;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * The local push API admits a caller as docs/deploy.md's push API contract says a receiver must:
 * a bearer token it issued, or a Standard Webhooks signature, HMAC-SHA256 over exactly
 * {@code <webhook-id>.<webhook-timestamp>.<body>} under a secret it holds (decoded from base64),
 * made within 5 minutes of its clock. Anything else is 401 with the rule, and delivers nothing.
 * The signatures here are made independently of the notifier's code, with
 * {@code javax.crypto.Mac} as the contract spells it.
 */
class PushApiAdmissionTest {

    private static final String ENCODED = "c2lnbmluZy1rZXktb2YtYXQtbGVhc3QtMzItYnl0ZXMhIQ==";
    private static final String KEY = "whsec_" + ENCODED;
    /** Another secret, of the same length. */
    private static final String NEW_KEY = "whsec_" + ENCODED.replace('c', 'e');
    private static final String BODY = "{\"transaction_id\":\"TXN-1\",\"account_id\":\"ACC-1\",\"amount_minor\":12550,"
            + "\"currency\":\"EUR\",\"template\":\"payment-approved\"}";

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();

    private static String signature(String key, String id, String timestamp, String body) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(Base64.getDecoder().decode(key.substring("whsec_".length())), "HmacSHA256"));
        return "v1," + Base64.getEncoder().encodeToString(mac.doFinal((id + "." + timestamp + "." + body).getBytes(StandardCharsets.UTF_8)));
    }

    private HttpResponse<String> post(LocalPushApi api, String body, Map<String, String> headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(api.baseUrl().resolve(LocalPushApi.PATH))
                .header("Idempotency-Key", headers.getOrDefault("Idempotency-Key", "TXN-1"))
                .POST(HttpRequest.BodyPublishers.ofString(body));
        headers.forEach((name, value) -> {
            if (!name.equals("Idempotency-Key")) {
                request.header(name, value);
            }
        });
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Refused 401, naming {@code rule}, as the API answers a caller it does not admit. */
    private static void assertRefused(HttpResponse<String> response, String rule) {
        assertEquals(401, response.statusCode(), response.body());
        assertTrue(response.body().contains(rule), response.body());
    }

    private static Map<String, String> signed(String key, Instant at, String body) throws Exception {
        return signed(key, "TXN-1", at, body);
    }

    private static Map<String, String> signed(String key, String id, Instant at, String body) throws Exception {
        String timestamp = Long.toString(at.getEpochSecond());
        return Map.of("webhook-id", id, "webhook-timestamp", timestamp, "webhook-signature", signature(key, id, timestamp, body));
    }

    @Test
    void signedRequest_isDelivered_whileAlteredBodyIdKeyOrTimestampStaleOrFutureAndOtherKeys_areRefusedWith401() throws Exception {
        try (LocalPushApi api = LocalPushApi.start(Admission.signed(Map.of("k-1", KEY), Clock.systemUTC()))) {
            Instant now = Instant.now();
            // GIVEN requests signed over another body than the one sent, too long ago, too far ahead,
            // in a version of the scheme it does not know, with another key, and unsigned
            HttpResponse<String> altered = post(api, BODY.replace("12550", "99999"), signed(KEY, now, BODY));
            HttpResponse<String> stale = post(api, BODY, signed(KEY, now.minusSeconds(301), BODY));
            HttpResponse<String> future = post(api, BODY, signed(KEY, now.plusSeconds(301), BODY));
            HttpResponse<String> otherVersion = post(api, BODY, Map.of("webhook-id", "TXN-1", "webhook-timestamp",
                    Long.toString(now.getEpochSecond()), "webhook-signature",
                    signature(KEY, "TXN-1", Long.toString(now.getEpochSecond()), BODY).replace("v1,", "v1a,")));
            HttpResponse<String> otherKey = post(api, BODY, signed("whsec_" + ENCODED.replace('c', 'd'), now, BODY));
            HttpResponse<String> unsigned = post(api, BODY, Map.of());
            // AND a signed request replayed under another id, and one whose stale timestamp was replaced by a fresh one
            Map<String, String> original = signed(KEY, now, BODY);
            Map<String, String> newId = new HashMap<>(original);
            newId.put("webhook-id", "TXN-2");
            HttpResponse<String> replayedUnderNewId = post(api, BODY, newId);
            Map<String, String> restamped = new HashMap<>(signed(KEY, now.minusSeconds(400), BODY));
            restamped.put("webhook-timestamp", Long.toString(now.getEpochSecond()));
            HttpResponse<String> replayedUnderNewTimestamp = post(api, BODY, restamped);
            // AND a signed request replayed under another Idempotency-Key (which no signature covers)
            Map<String, String> newKey = new HashMap<>(original);
            newKey.put("Idempotency-Key", "TXN-2");
            HttpResponse<String> replayedUnderNewKey = post(api, BODY, newKey);
            // AND one signed as the contract says, a little off the API's clock
            HttpResponse<String> authentic = post(api, BODY, signed(KEY, now.minusSeconds(250), BODY));

            // THEN each forgery is 401 naming the header and the rule, and only the authentic one is delivered
            assertRefused(altered, "webhook-signature holds no v1 signature of this id, timestamp and body");
            assertRefused(stale, "webhook-timestamp is more than 300 s from now");
            assertRefused(future, "webhook-timestamp is more than 300 s from now");
            assertRefused(otherVersion, "holds no v1 signature");
            assertRefused(otherKey, "made with a secret this receiver holds");
            assertRefused(unsigned, "webhook-id, webhook-timestamp and webhook-signature are required");
            assertRefused(replayedUnderNewId, "holds no v1 signature");
            assertRefused(replayedUnderNewTimestamp, "holds no v1 signature");
            assertRefused(replayedUnderNewKey, "Idempotency-Key must be the signed webhook-id");
            assertEquals(201, authentic.statusCode(), authentic.body());
            assertEquals(1, api.delivered());
            assertEquals(10, api.requestsReceived());
        }
    }

    @Test
    void duringARotation_aRequestSignedWithBothKeys_passesWhicheverKeyTheApiHolds() throws Exception {
        String newKey = NEW_KEY;
        String timestamp = Long.toString(Instant.now().getEpochSecond());
        Map<String, String> both = Map.of("webhook-id", "TXN-1", "webhook-timestamp", timestamp, "webhook-signature",
                signature(KEY, "TXN-1", timestamp, BODY) + " " + signature(newKey, "TXN-1", timestamp, BODY));
        try (LocalPushApi oldOnly = LocalPushApi.start(Admission.signed(Map.of("k-1", KEY), Clock.systemUTC()));
             LocalPushApi newOnly = LocalPushApi.start(Admission.signed(Map.of("k-2", newKey), Clock.systemUTC()))) {
            assertEquals(201, post(oldOnly, BODY, both).statusCode());
            assertEquals(201, post(newOnly, BODY, both).statusCode());
        }
    }

    @Test
    void keysSetThroughTheKnob_areTheOnlyOnesAdmitted_andABodyThatIsNoKeyListIsRefused() throws Exception {
        String newKey = NEW_KEY;
        try (LocalPushApi api = LocalPushApi.start(Admission.signed(Map.of("k-1", KEY), Clock.systemUTC()))) {
            // GIVEN the receiver's keys changed from outside to the new one alone (make push-api-keys KEY_IDS=k-2)
            HttpResponse<String> set = keys(api, "k-2=" + newKey);
            assertEquals(200, set.statusCode(), set.body());
            assertEquals("{\"keyIds\":[\"k-2\"]}", set.body());
            // WHEN a request signed with the old key, then one signed with the new, are sent
            HttpResponse<String> old = post(api, BODY, signed(KEY, Instant.now(), BODY));
            HttpResponse<String> renewed = post(api, BODY, signed(newKey, Instant.now(), BODY));
            // THEN the old key is refused 401, the new one delivers
            assertEquals(401, old.statusCode(), old.body());
            assertEquals(201, renewed.statusCode(), renewed.body());
            assertEquals(1, api.delivered());
            // AND a body that is no key list is refused, the keys left as they were
            assertEquals(400, keys(api, "k-3").statusCode());
            assertEquals(401, post(api, BODY, signed(KEY, Instant.now(), BODY)).statusCode());
        }
    }

    private HttpResponse<String> keys(LocalPushApi api, String body) throws Exception {
        return http.send(HttpRequest.newBuilder(api.baseUrl().resolve(KeysKnob.PATH)).timeout(Duration.ofSeconds(5))
                .PUT(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void bearer_admitsTheTokenItIssued_only() throws Exception {
        try (LocalPushApi api = LocalPushApi.start(Admission.bearer(Set.of("issued-token-0123456789")))) {
            HttpResponse<String> wrong = post(api, BODY, Map.of("Authorization", "Bearer mistyped-token-0123456789"));
            HttpResponse<String> missing = post(api, BODY, Map.of());
            HttpResponse<String> right = post(api, BODY, Map.of("Authorization", "Bearer issued-token-0123456789"));
            assertRefused(wrong, "Authorization names no token this API issued");
            assertEquals(401, missing.statusCode());
            assertEquals(201, right.statusCode());
            assertEquals(1, api.delivered());
        }
    }
}
