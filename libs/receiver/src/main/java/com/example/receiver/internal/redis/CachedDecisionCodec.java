package com.example.receiver.internal.redis;

import com.example.receiver.Decision;
import com.example.receiver.Fingerprint;
import com.example.receiver.internal.CachedDecision;
import java.util.Optional;

/**
 * The cached value: {@code v2|<status>|<reason or empty>|<fingerprint>|<signature>}, the
 * signature being the {@link ValueSigner HMAC} of everything before it and of the key it is
 * stored under. A value that does not decode, or whose signature is missing or wrong (another
 * writer, a format change, a forgery, a value copied from another key), is a miss, never a
 * decision.
 */
final class CachedDecisionCodec {

    private static final String VERSION = "v2";

    private final ValueSigner signer;

    CachedDecisionCodec(ValueSigner signer) {
        this.signer = signer;
    }

    String encode(String redisKey, CachedDecision cached) {
        Decision decision = cached.decision();
        String payload = VERSION + "|" + decision.status().name() + "|" + decision.reason().orElse("") + "|"
                + cached.fingerprint().hex();
        return payload + "|" + signer.sign(redisKey, payload);
    }

    /** The decision {@code value} holds under {@code redisKey}, when it is one and its signature verifies. */
    Optional<CachedDecision> decode(String redisKey, String value) {
        int lastBar = value.lastIndexOf('|');
        if (lastBar < 0) {
            return Optional.empty();
        }
        String payload = value.substring(0, lastBar);
        String[] parts = payload.split("\\|", -1);
        if (parts.length != 4 || !VERSION.equals(parts[0])
                || !signer.verifies(redisKey, payload, value.substring(lastBar + 1))) {
            return Optional.empty();
        }
        try {
            Decision decision = switch (Decision.Status.valueOf(parts[1])) {
                case APPROVED -> parts[2].isEmpty() ? Decision.approved() : null;
                case DECLINED -> Decision.declined(parts[2]);
            };
            return Optional.ofNullable(decision).map(d -> new CachedDecision(d, new Fingerprint(parts[3])));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
