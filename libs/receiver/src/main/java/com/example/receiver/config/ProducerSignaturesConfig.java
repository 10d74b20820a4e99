package com.example.receiver.config;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;

/**
 * Producers sign every message, and a message that is not signed with one of their keys is
 * refused: where their keys are, and how old a signature may be when the queue accepts its message.
 *
 * @param signingSecrets the Secrets Manager secrets (ARNs or names) holding the producers' keys,
 *                       one per producer, read once, at start; at least one, no two alike
 * @param window         how long before its message was sent (SQS {@code SentTimestamp}) a
 *                       signature may have been made
 */
public record ProducerSignaturesConfig(List<String> signingSecrets, Duration window) {

    /** Checks the components as the record is made: none missing, and each rule above. */
    public ProducerSignaturesConfig {
        signingSecrets = List.copyOf(Objects.requireNonNull(signingSecrets, "signingSecrets"));
        Objects.requireNonNull(window, "window");
        if (signingSecrets.isEmpty()) {
            throw new IllegalArgumentException("at least one signing secret");
        }
        if (new HashSet<>(signingSecrets).size() != signingSecrets.size()) {
            throw new IllegalArgumentException("signing secrets must differ");
        }
        if (!window.isPositive()) {
            throw new IllegalArgumentException("window must be positive");
        }
    }
}
