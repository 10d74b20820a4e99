package com.example.localaws.invoke;

import java.util.List;

/**
 * The function could not be invoked at all: its initialisation failed (e.g. a missing setting,
 * which Lambda reports as a 502 with the init error), the runtime died, or the invoke timed out.
 * A handler that throws during an invocation is not this: Lambda answers that with an error
 * document, returned as the {@link Invocation#payload()}.
 */
public final class InvocationFailedException extends RuntimeException {

    private final String body;
    private final List<String> logs;

    InvocationFailedException(String message, String body, List<String> logs) {
        super(message + (body.isEmpty() ? "" : ": " + body));
        this.body = body;
        this.logs = List.copyOf(logs);
    }

    /** What the runtime answered, e.g. {@code {"errorMessage":"IDEMPOTENCY_TABLE is required",...}}. */
    public String body() {
        return body;
    }

    /** What the function wrote while it tried. */
    public List<String> logs() {
        return logs;
    }
}
