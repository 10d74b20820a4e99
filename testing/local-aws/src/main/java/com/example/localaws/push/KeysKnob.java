package com.example.localaws.push;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Objects;

/**
 * The keys the local push API admits, changed from another process ({@code make push-api-keys}),
 * as a receiver changes its own during a rotation (docs/deploy.md, "The push API contract"):
 * {@code PUT /_keys} with the body {@code <key id>=<key>[,<key id>=<key>]} ({@link SigningKeys#parse}'s
 * form; in the body, never in the URL, which a log may keep) admits requests signed with one of
 * those keys and no other, as {@link LocalPushApi#admit} does in a test, and logs their ids. It answers
 * {@code {"keyIds": [...]}}, the ids now admitted; a body that is no such list 400 naming the rule.
 */
final class KeysKnob implements HttpHandler {

    /** The knob's path, beside the API's own. */
    static final String PATH = "/_keys";

    private final LocalPushApi api;

    KeysKnob(LocalPushApi api) {
        this.api = Objects.requireNonNull(api, "api");
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!"PUT".equals(exchange.getRequestMethod())) {
                FaultKnob.answer(exchange, 405, "{\"error\":\"PUT <key id>=<key>[,<key id>=<key>]\"}");
                return;
            }
            Map<String, String> keys;
            try {
                keys = SigningKeys.parse(body);
            } catch (IllegalArgumentException e) {
                FaultKnob.answer(exchange, 400, "{\"error\":\"the body must be <key id>=<key>[,<key id>=<key>]\"}");
                return;
            }
            api.admitKeys(keys);
            FaultKnob.answer(exchange, 200, "{\"keyIds\":[\"" + String.join("\",\"", keys.keySet()) + "\"]}");
        }
    }
}
