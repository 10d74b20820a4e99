package com.example.receiver.internal.authenticity;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The producers' active keys, by key id, each ready to compute HMAC-SHA256 over what a producer
 * signs. Thread-safe.
 *
 * <p>A producer's secret is a JSON document holding its active keys (two during a rotation):
 * {@code {"keys": {"gw-2026-11": "<key>", "gw-2026-12": "<key>"}}}, other fields ignored. A key
 * id is 1-64 letters, digits, {@code .}, {@code _} or {@code -}, unique across every producer;
 * a key is the base64 text of at least {@value #MIN_KEY_BYTES} random bytes ({@code openssl rand
 * -base64 32}), and the HMAC key is that text itself, its bytes as written (as
 * {@code openssl dgst -hmac} takes a key), not what it decodes to.
 *
 * <p>A secret may instead hold one key in the shape Secrets Manager generates (a
 * {@code SecretStringTemplate} naming the key id, and {@code GenerateStringKey} adding the key at
 * the top level): {@code {"keyId": "pre-traffic-hook", "key": "<44 letters and digits>"}}. The
 * same rules hold; 44 letters and digits are base64 text of 33 bytes. A secret holds one shape or
 * the other, never both.
 */
final class KeyRing {

    /** At least the hash's own size, as RFC 2104 recommends for HMAC keys. */
    static final int MIN_KEY_BYTES = 32;
    private static final String ALGORITHM = "HmacSHA256";
    private static final Pattern KEY_ID = Pattern.compile("[A-Za-z0-9._-]{1,64}");
    private static final JsonFactory JSON = new JsonFactory();
    /** The top-level fields of a generated secret: its one key's id, and the key. */
    private static final Set<String> GENERATED_FIELDS = Set.of("keyId", "key");

    private final Map<String, Mac> prototypes;

    private KeyRing(Map<String, Mac> prototypes) {
        this.prototypes = Map.copyOf(prototypes);
    }

    /**
     * The ring of every producer's keys, from each secret's document by secret id; refuses a
     * document that is no key list, and key ids held by two secrets, naming them.
     */
    static KeyRing of(Map<String, String> documents) {
        Map<String, String> secretOfKeyId = new LinkedHashMap<>();
        Map<String, Mac> prototypes = new LinkedHashMap<>();
        List<String> twice = new ArrayList<>();
        documents.forEach((secretId, document) -> keys(secretId, document).forEach((keyId, key) -> {
            String other = secretOfKeyId.putIfAbsent(keyId, secretId);
            if (other != null) {
                twice.add(keyId + " (in " + other + " and " + secretId + ")");
            }
            prototypes.put(keyId, prototype(key));
        }));
        if (!twice.isEmpty()) {
            throw new UnusableKeysException("hold key " + (twice.size() == 1 ? "id " : "ids ") + String.join(", ", twice)
                    + " twice: a key id must name one producer's key, unique across producers");
        }
        return new KeyRing(prototypes);
    }

    /** The active key ids, for the log: never the keys. */
    Set<String> keyIds() {
        return prototypes.keySet();
    }

    /** HMAC-SHA256 of {@code signed} under the key {@code keyId} names; empty when it names none. */
    Optional<byte[]> mac(String keyId, byte[]... signed) {
        Mac prototype = prototypes.get(keyId);
        if (prototype == null) {
            return Optional.empty();
        }
        Mac mac;
        try {
            mac = (Mac) prototype.clone();
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException(ALGORITHM + " cannot be cloned", e);
        }
        for (byte[] part : signed) {
            mac.update(part);
        }
        return Optional.of(mac.doFinal());
    }

    /** The keys of one secret's document, by key id; its refusals name the secret, never a value. */
    private static Map<String, byte[]> keys(String secretId, String document) {
        if (document == null) {
            throw new UnusableKeysException("secret " + secretId + " holds no SecretString");
        }
        Map<String, byte[]> keys = null;
        Map<String, String> generated = new LinkedHashMap<>();
        try (JsonParser parser = JSON.createParser(document)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw unusable(secretId, "is not a JSON object");
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                if (GENERATED_FIELDS.contains(field) && value == JsonToken.VALUE_STRING) {
                    generated.put(field, parser.getText());
                } else if (!"keys".equals(field)) {
                    parser.skipChildren();
                } else if (value != JsonToken.START_OBJECT || keys != null) {
                    throw unusable(secretId, "must have one \"keys\" object, of key id to key");
                } else {
                    keys = keysObject(secretId, parser);
                }
            }
            if (parser.nextToken() != null) {
                throw unusable(secretId, "has text after its JSON object");
            }
        } catch (IOException notJson) {
            // Jackson's message quotes the document, which holds keys: never passed on.
            throw unusable(secretId, "is not valid JSON");
        }
        if (generated.size() == GENERATED_FIELDS.size()) {
            if (keys != null) {
                throw unusable(secretId, "holds both \"keys\" and a generated \"keyId\" and \"key\": one shape or the other");
            }
            keys = Map.of(checkedKeyId(secretId, generated.get("keyId")),
                    checkedKey(secretId, generated.get("keyId"), generated.get("key")));
        }
        if (keys == null || keys.isEmpty()) {
            throw unusable(secretId, "holds no key: it must be {\"keys\": {\"<key id>\": \"<key>\"}}"
                    + " or {\"keyId\": \"<key id>\", \"key\": \"<key>\"}");
        }
        return keys;
    }

    private static Map<String, byte[]> keysObject(String secretId, JsonParser parser) throws IOException {
        Map<String, byte[]> keys = new LinkedHashMap<>();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String keyId = checkedKeyId(secretId, parser.currentName());
            if (parser.nextToken() != JsonToken.VALUE_STRING) {
                throw unusable(secretId, "key " + keyId + " is not a string");
            }
            if (keys.put(keyId, checkedKey(secretId, keyId, parser.getText())) != null) {
                throw unusable(secretId, "holds key id " + keyId + " twice");
            }
        }
        return keys;
    }

    private static String checkedKeyId(String secretId, String keyId) {
        if (!KEY_ID.matcher(keyId).matches()) {
            throw unusable(secretId, "has a key id that is not 1-64 letters, digits, '.', '_' or '-'");
        }
        return keyId;
    }

    /** The HMAC key of {@code key}'s text; refuses one that is no base64 text of enough bytes. */
    private static byte[] checkedKey(String secretId, String keyId, String key) {
        if (decodedLength(key) < MIN_KEY_BYTES) {
            throw unusable(secretId, "key " + keyId + " is not the base64 text of at least " + MIN_KEY_BYTES
                    + " bytes (openssl rand -base64 32)");
        }
        return key.getBytes(StandardCharsets.US_ASCII);
    }

    /** How many bytes the base64 text decodes to; -1 when it is no base64. */
    private static int decodedLength(String text) {
        try {
            return Base64.getDecoder().decode(text).length;
        } catch (IllegalArgumentException notBase64) {
            return -1;
        }
    }

    private static UnusableKeysException unusable(String secretId, String reason) {
        return new UnusableKeysException("secret " + secretId + " " + reason);
    }

    private static Mac prototype(byte[] key) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(key, ALGORITHM));
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(ALGORITHM + " is missing from this JVM", e);
        }
    }
}
