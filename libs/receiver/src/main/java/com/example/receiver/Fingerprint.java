package com.example.receiver;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Objects;
import java.util.SequencedMap;
import java.util.TreeMap;
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
     * Digests the given fields in the order of their names ({@link String#compareTo}), whatever
     * the map's own order: {@code Fingerprint.of(Map.of(...))} gives one fingerprint in every JVM,
     * although {@code Map.of} iterates in an order each JVM salts. The canonical form
     * length-prefixes every name and value, so no choice of values can make two different field
     * lists encode alike ({@code a="b|c"} versus {@code a="b", c=...}).
     *
     * @param fields the defining fields; values already normalised (an amount in minor units, not
     *               as the producer spelled it)
     * @return the SHA-256 of the canonical form
     */
    public static Fingerprint of(Map<String, String> fields) {
        return digest(new TreeMap<>(fields));
    }

    /**
     * Digests the given fields in the map's encounter order: for a domain whose stored records were
     * fingerprinted in an order of its own before {@link #of} sorted the names, so that their
     * fingerprints stay what was stored (a changed digest turns every redelivery of a stored
     * operation into a conflict). A new domain uses {@link #of}.
     *
     * @param fields the defining fields, in the order the domain has always digested them
     * @return the SHA-256 of the canonical form
     */
    public static Fingerprint inOrder(SequencedMap<String, String> fields) {
        return digest(fields);
    }

    private static Fingerprint digest(Map<String, String> fields) {
        MessageDigest sha256 = sha256();
        fields.forEach((name, value) -> {
            update(sha256, Objects.requireNonNull(name, "a field's name"));
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
