package com.example.receiver.internal.redis;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * HMAC-SHA256 over a cached value and the key it is stored under, with the function's signing
 * key. Someone who can write to the cache but does not hold the key cannot make a value the
 * function accepts, nor move a genuine value to another key. Thread-safe.
 */
final class ValueSigner {

    /** At least the hash's own size, as RFC 2104 recommends for HMAC keys. */
    static final int MIN_KEY_BYTES = 32;
    private static final String ALGORITHM = "HmacSHA256";

    private final Mac prototype;

    ValueSigner(byte[] key) {
        if (key.length < MIN_KEY_BYTES) {
            throw new IllegalArgumentException("the signing key must have at least " + MIN_KEY_BYTES + " bytes, has " + key.length);
        }
        try {
            prototype = Mac.getInstance(ALGORITHM);
            prototype.init(new SecretKeySpec(key, ALGORITHM));
        } catch (InvalidKeyException e) {
            throw new IllegalArgumentException("unusable signing key", e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(ALGORITHM + " is missing from this JVM", e);
        }
    }

    /** The signature of {@code payload} stored under {@code redisKey}, base64url without padding. */
    String sign(String redisKey, String payload) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(mac(redisKey, payload));
    }

    /** Whether {@code signature} is {@link #sign}'s for these; compared in constant time. */
    boolean verifies(String redisKey, String payload, String signature) {
        byte[] claimed;
        try {
            claimed = Base64.getUrlDecoder().decode(signature);
        } catch (IllegalArgumentException notBase64) {
            return false;
        }
        return MessageDigest.isEqual(mac(redisKey, payload), claimed);
    }

    /** The key's length first, so that no (key, payload) pair can pass for another. */
    private byte[] mac(String redisKey, String payload) {
        Mac mac;
        try {
            mac = (Mac) prototype.clone();
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException(ALGORITHM + " cannot be cloned", e);
        }
        byte[] key = redisKey.getBytes(StandardCharsets.UTF_8);
        mac.update((key.length + ":").getBytes(StandardCharsets.US_ASCII));
        mac.update(key);
        return mac.doFinal(payload.getBytes(StandardCharsets.UTF_8));
    }
}
