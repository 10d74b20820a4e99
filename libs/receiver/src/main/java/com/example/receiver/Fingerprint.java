package com.example.receiver;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A SHA-256 digest of the canonical form of the fields that define an operation. Two messages
 * with one {@link IdempotencyKey} and equal fingerprints are the same operation (a duplicate);
 * with different fingerprints they are a conflict, which is never silently acknowledged.
 *
 * @param hex 64 lower-case hexadecimal characters
 */
public record Fingerprint(String hex) {

    private static final Pattern HEX_SHA256 = Pattern.compile("[0-9a-f]{64}");

    /** Checks the components as the record is made: none missing, and each rule above. */
    public Fingerprint {
        Objects.requireNonNull(hex, "hex");
        if (!HEX_SHA256.matcher(hex).matches()) {
            throw new IllegalArgumentException("fingerprint must be 64 lower-case hex characters");
        }
    }

    /**
     * Digests the given fields in their iteration order. The canonical form length-prefixes
     * every name and value, so no choice of values can make two different field lists encode
     * alike ({@code a="b|c"} versus {@code a="b", c=...}).
     *
     * @param fields the defining fields, in a fixed order chosen by the domain; values already
     *               normalised (an amount in minor units, not as the producer spelled it)
     *
     * @return the SHA-256 of the canonical form
     */
    public static Fingerprint of(Map<String, String> fields) {
        MessageDigest sha256 = sha256();
        fields.forEach((name, value) -> {
            update(sha256, name);
            update(sha256, Objects.requireNonNull(value, name));
        });
        return new Fingerprint(HexFormat.of().formatHex(sha256.digest()));
    }

    private static void update(MessageDigest digest, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        digest.update((bytes.length + ":").getBytes(StandardCharsets.US_ASCII));
        digest.update(bytes);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    @Override
    public String toString() {
        return hex;
    }
}
