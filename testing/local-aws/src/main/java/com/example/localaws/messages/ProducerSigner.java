package com.example.localaws.messages;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import software.amazon.awssdk.services.sqs.model.MessageAttributeValue;

/**
 * A producer signing its messages, exactly as docs/deploy.md ("Onboarding a producer") tells one
 * to, written here apart from the function's own check so that each holds the other to the
 * documented bytes: HMAC-SHA256 ({@code javax.crypto.Mac}) under the key's text, of
 * {@code <timestamp>.<body>} in UTF-8, sent as three String message attributes.
 *
 * @param keyId the id of the key in the producer's secret
 * @param key   the key, the base64 text the secret holds (never logged)
 */
public record ProducerSigner(String keyId, String key) {

    public static final String KEY_ID = "signature-key-id";
    public static final String TIMESTAMP = "signature-timestamp";
    public static final String SIGNATURE = "signature";
    private static final ObjectMapper JSON = new ObjectMapper();

    public ProducerSigner {
        Objects.requireNonNull(keyId, "keyId");
        Objects.requireNonNull(key, "key");
    }

    /** The signer of key {@code keyId} of a producer secret's document ({@code {"keys": {...}}}). */
    public static ProducerSigner fromSecret(String document, String keyId) {
        JsonNode key;
        try {
            key = JSON.readTree(document).path("keys").path(keyId);
        } catch (IOException e) {
            throw new UncheckedIOException("the producer secret is not JSON", e);
        }
        if (!key.isTextual()) {
            throw new IllegalArgumentException("the producer secret holds no key " + keyId);
        }
        return new ProducerSigner(keyId, key.asText());
    }

    /** Every key of a secret's document ({@code {"keys": {...}}}), by key id, in its order. */
    public static Map<String, String> keys(String document) {
        Map<String, String> keys = new LinkedHashMap<>();
        try {
            JSON.readTree(document).path("keys").fields().forEachRemaining(key -> keys.put(key.getKey(), key.getValue().asText()));
        } catch (IOException e) {
            throw new UncheckedIOException("the secret is not JSON", e);
        }
        return keys;
    }

    /** A new key, as {@code openssl rand -base64 32} makes one. */
    public static String newKey() {
        byte[] random = new byte[32];
        new SecureRandom().nextBytes(random);
        return Base64.getEncoder().encodeToString(random);
    }

    /** A producer secret's document: its active keys by key id. */
    public static String secretDocument(Map<String, String> keys) {
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("keys", keys);
        try {
            return JSON.writeValueAsString(document);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The three message attributes of {@code body} signed at {@code signedAt}. */
    public Map<String, MessageAttributeValue> attributes(String body, Instant signedAt) {
        String timestamp = Long.toString(signedAt.getEpochSecond());
        return attributes(timestamp, signature(timestamp, body));
    }

    /** The three message attributes with the given timestamp and signature, as they are. */
    public Map<String, MessageAttributeValue> attributes(String timestamp, String signature) {
        Map<String, MessageAttributeValue> attributes = new LinkedHashMap<>();
        attributes.put(KEY_ID, text(keyId));
        attributes.put(TIMESTAMP, text(timestamp));
        attributes.put(SIGNATURE, text(signature));
        return attributes;
    }

    /** HMAC-SHA256 of {@code <timestamp>.<body>} (UTF-8) under the key's text, as 64 lower-case hex digits. */
    public String signature(String timestamp, String body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal((timestamp + "." + body).getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is missing from this JVM", e);
        }
    }

    private static MessageAttributeValue text(String value) {
        return MessageAttributeValue.builder().dataType("String").stringValue(value).build();
    }

    @Override
    public String toString() {
        return "ProducerSigner[keyId=" + keyId + "]";
    }
}
