package com.example.payment.events.replay;

import java.time.Instant;
import java.util.Objects;

/**
 * A window of decision times ({@code processedAt}), {@code from} inclusive, {@code to} exclusive.
 *
 * @param from the first instant in the window
 * @param to   the first instant after it
 */
public record ReplayWindow(Instant from, Instant to) {

    public ReplayWindow {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        if (!from.isBefore(to)) {
            throw new IllegalArgumentException("FROM must be before TO, was " + from + " .. " + to);
        }
    }

    /** Whether {@code instant} lies in the window. */
    public boolean contains(Instant instant) {
        return !instant.isBefore(from) && instant.isBefore(to);
    }
}
