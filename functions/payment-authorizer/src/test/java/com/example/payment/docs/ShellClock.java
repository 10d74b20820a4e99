package com.example.payment.docs;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * The one command substitution the docs' messages are stamped with, {@code $(date -u
 * +%Y-%m-%dT%H:%M:%SZ)} (the time of issue, now: a receiver bounding a payment's age refuses an
 * old one), expanded as the shell would when the message is sent. Nothing else is expanded.
 */
final class ShellClock {

    /** The substitution as the docs write it. */
    static final String NOW = "$(date -u +%Y-%m-%dT%H:%M:%SZ)";

    private ShellClock() {
    }

    /** {@code text} with every {@link #NOW} replaced by the current UTC second, as the shell gives it. */
    static String expand(String text) {
        return text.replace(NOW, Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
    }
}
