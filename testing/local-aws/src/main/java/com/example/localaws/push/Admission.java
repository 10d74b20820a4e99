package com.example.localaws.push;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Whom the local push API admits, as a real one checks its callers: a bearer token it issued, a
 * Standard Webhooks signature made with a secret it shares ({@link NotificationVerifier}), or
 * anyone (for tests of its idempotency alone). A refused request is answered 401 and delivers nothing.
 */
public sealed interface Admission permits Admission.Anyone, Admission.Bearer, Admission.Signed {

    /**
     * Why a request with these headers and body is refused, or empty when it is admitted.
     *
     * @param header a request header by name (null when absent)
     * @param body   the request body as received
     * @return the refusal, naming the header and the rule
     */
    Optional<String> refusal(Function<String, String> header, byte[] body);

    /** Admits every request. */
    static Admission anyone() {
        return new Anyone();
    }

    /** Admits {@code Authorization: Bearer <token>} with one of {@code tokens}. */
    static Admission bearer(Set<String> tokens) {
        return new Bearer(Set.copyOf(tokens));
    }

    /** Admits requests signed with one of {@code keys} (Standard Webhooks secrets by key id), within the tolerance of {@code clock}. */
    static Admission signed(Map<String, String> keys, Clock clock) {
        return new Signed(new NotificationVerifier(keys, clock));
    }

    /** Every request admitted. */
    record Anyone() implements Admission {
        @Override
        public Optional<String> refusal(Function<String, String> header, byte[] body) {
            return Optional.empty();
        }
    }

    /** A bearer token among {@code tokens}, compared in constant time. */
    record Bearer(Set<String> tokens) implements Admission {
        @Override
        public Optional<String> refusal(Function<String, String> header, byte[] body) {
            String authorization = header.apply("Authorization");
            if (authorization == null || !authorization.startsWith("Bearer ")) {
                return Optional.of("Authorization: Bearer <token> is required");
            }
            byte[] given = authorization.substring("Bearer ".length()).getBytes(StandardCharsets.US_ASCII);
            boolean known = false;
            for (String token : tokens) {
                known |= MessageDigest.isEqual(token.getBytes(StandardCharsets.US_ASCII), given);
            }
            return known ? Optional.empty() : Optional.of("Authorization names no token this API issued");
        }
    }

    /**
     * A signature checked by {@code verifier}; and, since this API dedupes on
     * {@code Idempotency-Key}, which no signature covers, that key must be the signed
     * {@code webhook-id}: else a signed request replayed under a new key would be delivered again.
     */
    record Signed(NotificationVerifier verifier) implements Admission {
        @Override
        public Optional<String> refusal(Function<String, String> header, byte[] body) {
            String id = header.apply("webhook-id");
            Optional<String> refusal = verifier.refusal(id, header.apply("webhook-timestamp"), header.apply("webhook-signature"), body);
            if (refusal.isEmpty() && !id.equals(header.apply("Idempotency-Key"))) {
                return Optional.of("Idempotency-Key must be the signed webhook-id");
            }
            return refusal;
        }
    }
}
