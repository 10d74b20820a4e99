package com.example.receiver.redis;

import com.example.receiver.CachedDecision;
import com.example.receiver.Decision;
import com.example.receiver.Fingerprint;
import java.util.Optional;

/**
 * The cached value: {@code v1|<status>|<reason or empty>|<fingerprint>}. A value that does not
 * decode (another writer, a format change, a forgery) is a miss, never a decision.
 */
final class CachedDecisionCodec {

    private static final String VERSION = "v1";

    private CachedDecisionCodec() {
    }

    static String encode(CachedDecision cached) {
        Decision decision = cached.decision();
        return VERSION + "|" + decision.status().name() + "|" + decision.reason().orElse("") + "|"
                + cached.fingerprint().hex();
    }

    static Optional<CachedDecision> decode(String value) {
        if (value == null) {
            return Optional.empty();
        }
        String[] parts = value.split("\\|", -1);
        if (parts.length != 4 || !VERSION.equals(parts[0])) {
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
