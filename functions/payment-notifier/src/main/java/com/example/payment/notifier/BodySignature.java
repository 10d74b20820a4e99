package com.example.payment.notifier;

import com.example.lambdakit.secrets.RefreshingSecret;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Clock;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.StringJoiner;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Each request signed, as the producers sign their payments (docs/deploy.md, "The push API
 * contract"): HMAC-SHA256 under each active key, over exactly the bytes of the timestamp header's
 * value (ASCII digits), one full stop, then the request body as sent. Two headers:
 * <ul>
 *   <li>{@value #TIMESTAMP}: when it was signed, whole seconds since 1970-01-01T00:00:00Z;</li>
 *   <li>{@value #SIGNATURE}: {@code <key id>=<64 hex digits>}, one per active key, joined by
 *       commas (two during a rotation: the receiver accepts the request when one of them is made
 *       with a key it holds).</li>
 * </ul>
 */
final class BodySignature implements PushApiAuth {

    /** The header of when the request was signed, epoch seconds. */
    static final String TIMESTAMP = "Payments-Timestamp";
    /** The header of the signatures, {@code <key id>=<hex>[,<key id>=<hex>]}. */
    static final String SIGNATURE = "Payments-Signature";
    private static final String ALGORITHM = "HmacSHA256";

    private final RefreshingSecret<PushCredential> secret;
    private final Clock clock;

    BodySignature(RefreshingSecret<PushCredential> secret, Clock clock) {
        this.secret = Objects.requireNonNull(secret, "secret");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public Map<String, String> headers(byte[] body) {
        PushCredential keys = secret.current().orElseThrow(() -> PushAuthRejectedException.unreadable(secret.secretId()));
        String timestamp = Long.toString(clock.instant().getEpochSecond());
        StringJoiner signatures = new StringJoiner(",");
        keys.keys().forEach((keyId, key) -> signatures.add(keyId + "=" + HexFormat.of().formatHex(hmac(key, timestamp, body))));
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put(TIMESTAMP, timestamp);
        headers.put(SIGNATURE, signatures.toString());
        return headers;
    }

    /** HMAC-SHA256 under {@code key} (its bytes as written) of {@code <timestamp>.<body>}. */
    static byte[] hmac(String key, String timestamp, byte[] body) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(key.getBytes(StandardCharsets.US_ASCII), ALGORITHM));
            mac.update(timestamp.getBytes(StandardCharsets.US_ASCII));
            mac.update((byte) '.');
            return mac.doFinal(body);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(ALGORITHM + " is missing from this JVM", e);
        }
    }

    @Override
    public void rejected() {
        secret.refused();
    }

    @Override
    public void restored() {
        secret.refreshAtNextUse();
    }
}
