package com.example.localaws.push;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The local push API's faults, set from another process ({@code make push-api-fault}), as the
 * launcher's {@code /_fault} sets moto's: {@code POST /_faults?count=N&status=S} answers the next
 * {@code N} notifications {@code S} (a 4xx or 5xx) without delivering them, as
 * {@link LocalPushApi#failNext} does in a test; {@code DELETE /_faults} drops the faults not yet
 * used. Each answers {@code {"pending": <faults left>}}; a bad request 400 naming the parameter
 * and its rule.
 */
final class FaultKnob implements HttpHandler {

    /** The knob's path, beside the API's own. */
    static final String PATH = "/_faults";

    private final LocalPushApi api;

    FaultKnob(LocalPushApi api) {
        this.api = Objects.requireNonNull(api, "api");
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            exchange.getRequestBody().readAllBytes();
            try {
                answer(exchange, 200, "{\"pending\":" + apply(exchange.getRequestMethod(), exchange.getRequestURI().getRawQuery()) + "}");
            } catch (IllegalArgumentException e) {
                answer(exchange, 400, "{\"error\":\"" + e.getMessage() + "\"}");
            } catch (UnsupportedOperationException e) {
                answer(exchange, 405, "{\"error\":\"POST ?count=N&status=S, or DELETE\"}");
            }
        }
    }

    /** Sets or drops the faults; the number still pending. */
    private int apply(String method, String rawQuery) {
        switch (method) {
            case "POST" -> {
                Map<String, String> query = query(rawQuery);
                int count = number(query, "count", 1, 100_000);
                int status = number(query, "status", 400, 599);
                api.failNext(count, status);
            }
            case "DELETE" -> api.clearFaults();
            default -> throw new UnsupportedOperationException(method);
        }
        return api.pendingFaults();
    }

    private static int number(Map<String, String> query, String name, int min, int max) {
        String value = query.getOrDefault(name, "");
        if (!value.matches("[0-9]{1,6}") || Integer.parseInt(value) < min || Integer.parseInt(value) > max) {
            throw new IllegalArgumentException(name + " must be a whole number from " + min + " to " + max);
        }
        return Integer.parseInt(value);
    }

    private static Map<String, String> query(String raw) {
        Map<String, String> query = new HashMap<>();
        if (raw != null) {
            for (String pair : raw.split("&")) {
                int equals = pair.indexOf('=');
                if (equals > 0) {
                    query.put(pair.substring(0, equals), pair.substring(equals + 1));
                }
            }
        }
        return query;
    }

    /** Answers {@code body}, JSON, with {@code status}: each knob's answer. */
    static void answer(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }
}
