package com.example.localaws.push;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * What a receiver of the payment-notifier's signed notifications runs on each request, as
 * docs/deploy.md ("The push API contract") shows it: JDK only. The local push API runs it too.
 *
 * <p>A request is authentic when its {@code Payments-Signature} header holds, for a key id this
 * receiver knows, the HMAC-SHA256 under that key of exactly the {@code Payments-Timestamp}
 * header's value, one full stop, then the request body's bytes as received; and when that
 * timestamp is within {@link #WINDOW} of the receiver's clock, either way.
 */
public final class NotificationVerifier {

    /** How far the signing time may be from the receiver's clock, either way. */
    public static final Duration WINDOW = Duration.ofSeconds(300);

    private final Map<String, String> keys;
    private final Clock clock;

    /**
     * @param keys  the signing keys this receiver holds, by key id (two during a rotation)
     * @param clock the receiver's clock
     */
    public NotificationVerifier(Map<String, String> keys, Clock clock) {
        this.keys = Map.copyOf(keys);
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Why the request is refused, or empty when it is authentic.
     *
     * @param timestamp  the {@code Payments-Timestamp} header (null when absent)
     * @param signatures the {@code Payments-Signature} header (null when absent)
     * @param body       the request body, exactly as received
     * @return the refusal, naming the header and the rule, or empty
     */
    public Optional<String> refusal(String timestamp, String signatures, byte[] body) {
        if (timestamp == null || !timestamp.matches("[0-9]{1,12}")) {
            return Optional.of("Payments-Timestamp must be whole seconds since 1970-01-01T00:00:00Z");
        }
        if (signatures == null) {
            return Optional.of("Payments-Signature is required");
        }
        Duration age = Duration.between(Instant.ofEpochSecond(Long.parseLong(timestamp)), clock.instant()).abs();
        if (age.compareTo(WINDOW) > 0) {
            return Optional.of("Payments-Timestamp is more than " + WINDOW.toSeconds() + " s from now: stale, or a replay");
        }
        Map<String, byte[]> received = new LinkedHashMap<>();
        for (String entry : signatures.split(",")) {
            String[] pair = entry.strip().split("=", 2);
            if (pair.length == 2 && keys.containsKey(pair[0]) && pair[1].matches("[0-9a-fA-F]{64}")) {
                received.put(pair[0], HexFormat.of().parseHex(pair[1]));
            }
        }
        if (received.isEmpty()) {
            return Optional.of("Payments-Signature holds no signature made with a key this receiver holds");
        }
        for (Map.Entry<String, byte[]> signature : received.entrySet()) {
            byte[] expected = hmac(keys.get(signature.getKey()), timestamp, body);
            if (MessageDigest.isEqual(expected, signature.getValue())) {
                return Optional.empty();
            }
        }
        return Optional.of("Payments-Signature does not match: the body or the timestamp changed, or another key signed");
    }

    /** HMAC-SHA256 under {@code key} (its bytes as written) of {@code <timestamp>.<body>}. */
    static byte[] hmac(String key, String timestamp, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key.getBytes(StandardCharsets.US_ASCII), "HmacSHA256"));
            mac.update((timestamp + ".").getBytes(StandardCharsets.US_ASCII));
            return mac.doFinal(body);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is missing from this JVM", e);
        }
    }
}
