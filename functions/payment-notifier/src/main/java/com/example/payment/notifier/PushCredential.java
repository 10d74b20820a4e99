package com.example.payment.notifier;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The push API credential's secret, read: {@code {"keys": {"<key id>": "<value>", ...}}}, other
 * fields ignored. With {@code bearer} it holds one key, the token; with {@code hmac} one key, or
 * two during a rotation (every key signs). A key id is 1-64 letters, digits, {@code .},
 * {@code _} or {@code -}; a value is printable ASCII without spaces, and for {@code hmac} at
 * least {@value #MIN_SIGNING_KEY_CHARS} characters ({@code openssl rand -base64 32}), its bytes as
 * written being the HMAC key. A refusal names the rule, never a value.
 *
 * @param keys the values by key id, in the secret's order
 */
record PushCredential(Map<String, String> keys) {

    /** At least the hash's own size, as RFC 2104 recommends for HMAC keys. */
    static final int MIN_SIGNING_KEY_CHARS = 32;
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
        credential.keys().forEach((keyId, key) -> {
            if (key.length() < MIN_SIGNING_KEY_CHARS) {
                throw new IllegalArgumentException("signing key " + keyId + " is shorter than " + MIN_SIGNING_KEY_CHARS
                        + " characters (openssl rand -base64 32)");
            }
        });
        return credential;
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
