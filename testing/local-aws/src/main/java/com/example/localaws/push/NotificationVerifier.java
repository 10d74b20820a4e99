package com.example.localaws.push;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * What a receiver of the payment-notifier's signed notifications runs on each request, as
 * docs/deploy.md ("The push API contract") shows it: the Standard Webhooks verification
 * (https://www.standardwebhooks.com/), JDK only. The local push API runs it too; the
 * specification's own Python and JavaScript verifiers agree with it on the same requests
 * (StandardWebhooksVerifiersTest).
 *
 * <p>A request is authentic when its {@code webhook-signature} header holds a {@code v1,<base64>}
 * that is, for a secret this receiver holds, the HMAC-SHA256 under that secret (decoded from
 * base64, after its {@code whsec_}) of exactly the {@code webhook-id} header's value, a full stop,
 * the {@code webhook-timestamp} header's value, a full stop, then the request body's bytes as
 * received; and when that timestamp is within {@link #TOLERANCE} of the receiver's clock, either
 * way.
 */
public final class NotificationVerifier {

    /** How far the signing time may be from the receiver's clock, either way: the specification's verifiers' five minutes. */
    public static final Duration TOLERANCE = Duration.ofMinutes(5);

    private final List<byte[]> secrets = new ArrayList<>();
    private final Clock clock;

    /**
     * @param secrets the signing secrets this receiver holds, by key id ({@code whsec_<base64>};
     *                two during a rotation)
     * @param clock   the receiver's clock
     */
    public NotificationVerifier(Map<String, String> secrets, Clock clock) {
        secrets.values().forEach(secret -> this.secrets.add(Base64.getDecoder().decode(secret.replaceFirst("^whsec_", ""))));
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Why the request is refused, or empty when it is authentic.
     *
     * @param id         the {@code webhook-id} header (null when absent)
     * @param timestamp  the {@code webhook-timestamp} header (null when absent)
     * @param signatures the {@code webhook-signature} header (null when absent)
     * @param body       the request body, exactly as received
     * @return the refusal, naming the header and the rule, or empty
     */
    public Optional<String> refusal(String id, String timestamp, String signatures, byte[] body) {
        if (id == null || id.isEmpty() || signatures == null) {
            return Optional.of("webhook-id, webhook-timestamp and webhook-signature are required");
        }
        if (timestamp == null || !timestamp.matches("[0-9]{1,12}")) {
            return Optional.of("webhook-timestamp must be whole seconds since 1970-01-01T00:00:00Z");
        }
        Duration age = Duration.between(Instant.ofEpochSecond(Long.parseLong(timestamp)), clock.instant()).abs();
        if (age.compareTo(TOLERANCE) > 0) {
            return Optional.of("webhook-timestamp is more than " + TOLERANCE.toSeconds() + " s from now: stale, or a replay");
        }
        byte[] signed = (id + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8);
        for (String versioned : signatures.split(" ")) {
            String[] pair = versioned.split(",", 2);
            if (pair.length != 2 || !pair[0].equals("v1") || !pair[1].matches("[A-Za-z0-9+/]{43}=")) {
                continue;
            }
            byte[] given = Base64.getDecoder().decode(pair[1]);
            for (byte[] secret : secrets) {
                if (MessageDigest.isEqual(hmac(secret, signed, body), given)) {
                    return Optional.empty();
                }
            }
        }
        return Optional.of("webhook-signature holds no v1 signature of this id, timestamp and body made with a secret"
                + " this receiver holds");
    }

    /** HMAC-SHA256 under {@code secret} of {@code signed} followed by {@code body}. */
    static byte[] hmac(byte[] secret, byte[] signed, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            mac.update(signed);
            return mac.doFinal(body);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is missing from this JVM", e);
        }
    }
}
