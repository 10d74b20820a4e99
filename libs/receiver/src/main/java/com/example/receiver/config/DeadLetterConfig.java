package com.example.receiver.config;

import com.example.lambdakit.config.ConfigurationException;
import com.example.lambdakit.config.Environment;
import java.util.Objects;
import java.util.Optional;

/**
 * Whether the function puts the messages no delivery can decide (rejected, conflicting) in the
 * source queue's dead-letter queue itself, at once, and which queue that is.
 *
 * <p>{@code DEAD_LETTER_QUEUE_URL} names the queue; {@code DEAD_LETTER_AT_ONCE} ({@code true} or
 * {@code false}, by default {@code true} when a queue is named) switches it: off where the
 * function has no route to SQS, whose calls would only wait out their timeouts. Off, such a
 * message stays a batch item failure until the source queue's redrive policy moves it, after
 * {@code maxReceiveCount} receives and without its reason.
 *
 * @param queueUrl the dead-letter queue's URL when the function dead-letters at once; empty when it does not
 */
public record DeadLetterConfig(Optional<String> queueUrl) {

    public static final String DEAD_LETTER_QUEUE_URL = "DEAD_LETTER_QUEUE_URL";
    public static final String DEAD_LETTER_AT_ONCE = "DEAD_LETTER_AT_ONCE";

    /** Refuses a missing component. */
    public DeadLetterConfig {
        Objects.requireNonNull(queueUrl, "queueUrl");
    }

    /**
     * Reads and validates the two settings.
     *
     * @param env the function's environment
     * @return the settings
     */
    public static DeadLetterConfig from(Environment env) {
        Optional<String> url = env.optional(DEAD_LETTER_QUEUE_URL);
        boolean atOnce = env.bool(DEAD_LETTER_AT_ONCE, url.isPresent());
        if (atOnce && url.isEmpty()) {
            throw new ConfigurationException(DEAD_LETTER_QUEUE_URL, "is required with " + DEAD_LETTER_AT_ONCE + "=true");
        }
        return new DeadLetterConfig(atOnce ? url : Optional.empty());
    }
}
