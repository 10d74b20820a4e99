package com.example.payment.notifier;

import com.example.lambdakit.secrets.RefreshingSecret;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Clock;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.StringJoiner;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Each request signed as the Standard Webhooks specification says (https://www.standardwebhooks.com/;
 * docs/deploy.md, "The push API contract"), so that any of its maintained verifiers checks it:
 * <ul>
 *   <li>{@value #ID}: the notification's id, the transaction id (the {@code Idempotency-Key} too),
 *       the same on every retry;</li>
 *   <li>{@value #TIMESTAMP}: when it was signed, whole seconds since 1970-01-01T00:00:00Z;</li>
 *   <li>{@value #SIGNATURE}: {@code v1,<base64 of HMAC-SHA256 over "<id>.<timestamp>.<body>">}, one
 *       per key of the secret, separated by spaces (two during a rotation: the receiver accepts the
 *       request when one of them is made with a secret it holds).</li>
 * </ul>
 * The key is the secret's value decoded ({@link PushCredential#signingKey}). With
 * {@code legacyHeaders} (a push API moving from the scheme before, during a window) the request
 * also carries that scheme's headers: {@value #LEGACY_TIMESTAMP}, and {@value #LEGACY_SIGNATURE}
 * {@code <key id>=<hex of HMAC-SHA256 over "<timestamp>.<body>">} joined by commas, keyed by the
 * value's text after {@code whsec_} as written, which is the key that scheme was given.
 */
final class WebhookSignature extends SecretCredential {

    /** The header of the notification's id, signed. */
    static final String ID = "webhook-id";
    /** The header of when the request was signed, epoch seconds. */
    static final String TIMESTAMP = "webhook-timestamp";
    /** The header of the signatures, {@code v1,<base64>[ v1,<base64>]}. */
    static final String SIGNATURE = "webhook-signature";
    /** The scheme before: the timestamp header. */
    static final String LEGACY_TIMESTAMP = "Payments-Timestamp";
    /** The scheme before: {@code <key id>=<hex>[,<key id>=<hex>]}. */
    static final String LEGACY_SIGNATURE = "Payments-Signature";
    private static final String ALGORITHM = "HmacSHA256";

    private final Clock clock;
    private final boolean legacyHeaders;

    WebhookSignature(RefreshingSecret<PushCredential> secret, Clock clock, boolean legacyHeaders) {
        super(secret);
        this.clock = Objects.requireNonNull(clock, "clock");
        this.legacyHeaders = legacyHeaders;
    }

    @Override
    public Map<String, String> headers(String id, byte[] body) {
        PushCredential keys = credential();
        String timestamp = Long.toString(clock.instant().getEpochSecond());
        StringJoiner signatures = new StringJoiner(" ");
        keys.keys().values().forEach(value -> signatures.add("v1," + Base64.getEncoder().encodeToString(
                hmac(PushCredential.signingKey(value), (id + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8), body))));
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put(ID, id);
        headers.put(TIMESTAMP, timestamp);
        headers.put(SIGNATURE, signatures.toString());
        if (legacyHeaders) {
            StringJoiner legacy = new StringJoiner(",");
            keys.keys().forEach((keyId, value) -> legacy.add(keyId + "=" + HexFormat.of().formatHex(hmac(
                    PushCredential.encoded(value).getBytes(StandardCharsets.US_ASCII),
                    (timestamp + ".").getBytes(StandardCharsets.US_ASCII), body))));
            headers.put(LEGACY_TIMESTAMP, timestamp);
            headers.put(LEGACY_SIGNATURE, legacy.toString());
        }
        return headers;
    }

    /** HMAC-SHA256 under {@code key} of {@code prefix} followed by {@code body}. */
    private static byte[] hmac(byte[] key, byte[] prefix, byte[] body) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(key, ALGORITHM));
            mac.update(prefix);
            return mac.doFinal(body);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(ALGORITHM + " is missing from this JVM", e);
        }
    }
}
