package com.example.payment.notifier;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Base64;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The push API credential's secret, read: {@code {"keys": {"<key id>": "<value>", ...}}}, other
 * fields ignored. With {@code bearer} it holds one key, the token; with {@code hmac} one key, or
 * two during a rotation (the current and the previous: every key signs). A key id is 1-64
 * letters, digits, {@code .}, {@code _} or {@code -}; a value is printable ASCII without spaces,
 * and for {@code hmac} a Standard Webhooks secret: {@value #SECRET_PREFIX} then the base64 of
 * {@value #MIN_SIGNING_KEY_BYTES} to {@value #MAX_SIGNING_KEY_BYTES} random bytes (the prefix may
 * be left out, as the specification's verifiers read it either way), those bytes being the HMAC
 * key. A refusal names the rule, never a value.
 *
 * @param keys the values by key id, in the secret's order
 */
record PushCredential(Map<String, String> keys) {

    /** What a Standard Webhooks secret starts with. */
    static final String SECRET_PREFIX = "whsec_";
    /** The Standard Webhooks specification's bounds of a symmetric signing secret. */
    static final int MIN_SIGNING_KEY_BYTES = 24;
    static final int MAX_SIGNING_KEY_BYTES = 64;
    private static final Pattern BASE64 = Pattern.compile("(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?");
    private static final Pattern KEY_ID = Pattern.compile("[A-Za-z0-9._-]{1,64}");
    private static final Pattern VALUE = Pattern.compile("[\\x21-\\x7E]+");
    private static final ObjectMapper JSON = new ObjectMapper();

    PushCredential {
        keys = Collections.unmodifiableMap(new LinkedHashMap<>(keys));
    }

    /** The bearer token: the secret's one key. */
    static PushCredential bearer(String document) {
        PushCredential credential = parse(document);
        if (credential.keys().size() != 1) {
            throw new IllegalArgumentException("a bearer credential holds one key, the token, not " + credential.keys().size());
        }
        return credential;
    }

    /** The signing keys: one, or two during a rotation. */
    static PushCredential signingKeys(String document) {
        PushCredential credential = parse(document);
        credential.keys().forEach((keyId, value) -> {
            String encoded = encoded(value);
            if (!BASE64.matcher(encoded).matches()) {
                throw new IllegalArgumentException("signing key " + keyId + " is not " + SECRET_PREFIX
                        + " followed by base64 (\"" + SECRET_PREFIX + "$(openssl rand -base64 32)\")");
            }
            int bytes = signingKey(value).length;
            if (bytes < MIN_SIGNING_KEY_BYTES || bytes > MAX_SIGNING_KEY_BYTES) {
                throw new IllegalArgumentException("signing key " + keyId + " decodes to " + bytes + " bytes, not "
                        + MIN_SIGNING_KEY_BYTES + "-" + MAX_SIGNING_KEY_BYTES + " (openssl rand -base64 32)");
            }
        });
        return credential;
    }

    /** A signing key's value without its {@value #SECRET_PREFIX}: the base64 text. */
    static String encoded(String value) {
        return value.startsWith(SECRET_PREFIX) ? value.substring(SECRET_PREFIX.length()) : value;
    }

    /** A signing key's value as the HMAC key: its base64 text decoded. */
    static byte[] signingKey(String value) {
        return Base64.getDecoder().decode(encoded(value));
    }

    private static PushCredential parse(String document) {
        JsonNode root;
        try {
            root = JSON.readTree(document);
        } catch (IOException notJson) {
            // Jackson's message quotes the document, which holds the credential: never passed on.
            throw new IllegalArgumentException("the secret is not valid JSON");
        }
        JsonNode keys = root == null ? null : root.get("keys");
        if (keys == null || !keys.isObject() || keys.isEmpty()) {
            throw new IllegalArgumentException("the secret holds no key: it must be {\"keys\": {\"<key id>\": \"<value>\"}}");
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> fields = keys.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> field = fields.next();
            if (!KEY_ID.matcher(field.getKey()).matches()) {
                throw new IllegalArgumentException("a key id is not 1-64 letters, digits, '.', '_' or '-'");
            }
            if (!field.getValue().isTextual() || !VALUE.matcher(field.getValue().textValue()).matches()) {
                throw new IllegalArgumentException("key " + field.getKey() + " is not a string of printable ASCII without spaces");
            }
            values.put(field.getKey(), field.getValue().textValue());
        }
        return new PushCredential(values);
    }

    /** The first key's value. */
    String first() {
        return keys.values().iterator().next();
    }
}
