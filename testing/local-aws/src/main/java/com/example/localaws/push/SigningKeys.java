package com.example.localaws.push;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The keys a local push API admits, as text: {@code <key id>=<key>[,<key id>=<key>]}. So they
 * travel to the API's own process in the environment variable {@value #VARIABLE}, and to a
 * running API through its {@code PUT /_keys}.
 */
public final class SigningKeys {

    /** The environment variable of the keys the API's own process admits. */
    public static final String VARIABLE = "LOCAL_PUSH_API_SIGNING_KEYS";

    private SigningKeys() {
    }

    /** {@code <key id>=<key>[,<key id>=<key>]} as a map, in order. */
    public static Map<String, String> parse(String text) {
        Map<String, String> keys = new LinkedHashMap<>();
        for (String entry : text.split(",")) {
            String[] pair = entry.split("=", 2);
            if (pair.length != 2 || pair[0].isEmpty() || pair[1].isEmpty()) {
                throw new IllegalArgumentException(VARIABLE + " must be <key id>=<key>[,<key id>=<key>]");
            }
            keys.put(pair[0], pair[1]);
        }
        return keys;
    }

    /** {@code keys} as {@link #parse} reads them. */
    public static String text(Map<String, String> keys) {
        StringBuilder text = new StringBuilder();
        keys.forEach((id, key) -> text.append(text.isEmpty() ? "" : ",").append(id).append('=').append(key));
        return text.toString();
    }
}
