package com.example.pretraffic;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The hook's producer key, from the secret the stack generates for it: it signs the smoke payment
 * as docs/deploy.md tells a producer to (HMAC-SHA256 under the key's text of
 * {@code <timestamp>.<body>} in UTF-8, three String message attributes), and the authorizer
 * accepts it for the smoke account alone.
 *
 * @param keyId the key id the secret names ({@code pre-traffic-hook}, the one the authorizer holds to
 *              the smoke account)
 * @param key   the key's text (never logged: {@link #toString} leaves it out)
 */
record SmokeKey(String keyId, String key) {

    static final String KEY_ID_ATTRIBUTE = "signature-key-id";
    static final String TIMESTAMP_ATTRIBUTE = "signature-timestamp";
    static final String SIGNATURE_ATTRIBUTE = "signature";

    SmokeKey {
        Objects.requireNonNull(keyId, "keyId");
        Objects.requireNonNull(key, "key");
    }

    /** The three attributes that sign {@code body} at {@code signedAt}, by name. */
    Map<String, String> attributes(String body, Instant signedAt) {
        String timestamp = Long.toString(signedAt.getEpochSecond());
        Map<String, String> attributes = new LinkedHashMap<>();
        attributes.put(KEY_ID_ATTRIBUTE, keyId);
        attributes.put(TIMESTAMP_ATTRIBUTE, timestamp);
        attributes.put(SIGNATURE_ATTRIBUTE, signature(timestamp, body));
        return attributes;
    }

    private String signature(String timestamp, String body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal((timestamp + "." + body).getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is missing from this JVM", e);
        }
    }

    @Override
    public String toString() {
        return "SmokeKey[keyId=" + keyId + "]";
    }
}
