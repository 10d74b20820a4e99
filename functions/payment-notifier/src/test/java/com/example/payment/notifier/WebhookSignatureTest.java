package com.example.payment.notifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.lambdakit.secrets.RefreshingSecret;
import com.example.lambdakit.telemetry.FunctionLog;
import com.example.lambdakit.telemetry.TelemetryConfig;
import com.example.localaws.messages.ProducerSigner;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The headers the notifier signs with, recomputed here with {@code javax.crypto.Mac} as
 * docs/deploy.md's push API contract spells them: Standard Webhooks' always, the scheme before's
 * too with {@code hmac-and-legacy} (for a push API moving over), exactly as that scheme signed,
 * so that a receiver still on it notices nothing. A secret that is no Standard Webhooks secret is
 * refused naming the rule, never its value.
 */
class WebhookSignatureTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-06T16:00:00Z"), ZoneOffset.UTC);
    private static final String BODY = "{\"transaction_id\":\"TXN-1\",\"amount_minor\":12550}";

    private static Map<String, String> headers(String keys, boolean legacy) {
        FunctionLog log = FunctionLog.of(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), CLOCK,
                TelemetryConfig.defaults(Notifier.SERVICE, Notifier.METRICS_NAMESPACE));
        RefreshingSecret<PushCredential> secret = new RefreshingSecret<>(secretId -> keys, "PushApiCredential-test",
                PushCredential::signingKeys, PaymentNotifier.CREDENTIAL, CLOCK, Duration.ofSeconds(60), log);
        return new WebhookSignature(secret, CLOCK, legacy).headers("TXN-1", BODY.getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] hmac(byte[] key, String signed) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        return mac.doFinal(signed.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void hmac_signsIdTimestampAndBody_underEachDecodedSecret_spaceSeparated() throws Exception {
        String current = ProducerSigner.newKey();
        String previous = ProducerSigner.newKey();
        Map<String, String> keys = new LinkedHashMap<>();
        keys.put("k-2", "whsec_" + current);
        keys.put("k-1", previous);

        Map<String, String> headers = headers(ProducerSigner.secretDocument(keys), false);

        String signed = "TXN-1.1796572800." + BODY;
        assertEquals(Map.of("webhook-id", "TXN-1", "webhook-timestamp", "1796572800", "webhook-signature",
                "v1," + Base64.getEncoder().encodeToString(hmac(Base64.getDecoder().decode(current), signed))
                        + " v1," + Base64.getEncoder().encodeToString(hmac(Base64.getDecoder().decode(previous), signed))), headers);
    }

    @Test
    void hmacAndLegacy_addsTheSchemeBeforesHeaders_asItSignedThem() throws Exception {
        // GIVEN a secret written for the scheme before (openssl rand -base64 32, no whsec_), which it keyed by its text
        String key = ProducerSigner.newKey();

        Map<String, String> headers = headers(ProducerSigner.secretDocument(Map.of("k-1", key)), true);

        assertEquals("1796572800", headers.get("Payments-Timestamp"));
        assertEquals("k-1=" + HexFormat.of().formatHex(hmac(key.getBytes(StandardCharsets.US_ASCII), "1796572800." + BODY)),
                headers.get("Payments-Signature"));
        assertEquals("TXN-1", headers.get("webhook-id"));
        assertFalse(headers(ProducerSigner.secretDocument(Map.of("k-1", key)), false).containsKey("Payments-Signature"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"whsec_notbase64!", "whsec_c2hvcnQ=", "whsec_QUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQQ=="})
    void aSecretThatIsNoStandardWebhooksSecret_isRefusedNamingTheRule_notTheValue(String value) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> PushCredential.signingKeys(ProducerSigner.secretDocument(Map.of("k-1", value))));
        assertTrue(refused.getMessage().startsWith("signing key k-1 "), refused.getMessage());
        assertFalse(refused.getMessage().contains(value.substring("whsec_".length())), refused.getMessage());
    }
}
