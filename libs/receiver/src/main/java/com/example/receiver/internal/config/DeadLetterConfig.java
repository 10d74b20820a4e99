package com.example.receiver.internal.config;

import com.example.lambdakit.config.ConfigurationException;
import com.example.lambdakit.config.Environment;
import com.example.receiver.lambda.ReceiverVariables;
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
 * <p>{@code DEAD_LETTER_QUEUE_MAX_MESSAGE_BYTES} is the dead-letter queue's
 * {@code MaximumMessageSize} (1 KiB to 1 MiB, SQS's bounds since August 2025: "Amazon SQS
 * message quotas", SQS Developer Guide,
 * https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/quotas-messages.html),
 * 256 KiB when unset: a letter (the body and its attributes) larger than it is not sent, and a
 * {@code SendMessageBatch} carries at most that many bytes.
 *
 * @param queueUrl the dead-letter queue's URL when the function dead-letters at once; empty when it does not
 * @param maxMessageBytes the dead-letter queue's largest message, body and attributes
 */
public record DeadLetterConfig(Optional<String> queueUrl, int maxMessageBytes) {

    public static final String DEAD_LETTER_QUEUE_URL = ReceiverVariables.DEAD_LETTER_QUEUE_URL;
    public static final String DEAD_LETTER_AT_ONCE = ReceiverVariables.DEAD_LETTER_AT_ONCE;
    public static final String DEAD_LETTER_QUEUE_MAX_MESSAGE_BYTES = ReceiverVariables.DEAD_LETTER_QUEUE_MAX_MESSAGE_BYTES;
    /** SQS's bounds on a queue's {@code MaximumMessageSize}. */
    static final int MIN_MESSAGE_BYTES = 1024;
    static final int MAX_MESSAGE_BYTES = 1024 * 1024;
    /** A queue's {@code MaximumMessageSize} before SQS raised its default to 1 MiB. */
    static final int DEFAULT_MESSAGE_BYTES = 256 * 1024;

    /** Refuses a missing component, and a size SQS would not accept. */
    public DeadLetterConfig {
        Objects.requireNonNull(queueUrl, "queueUrl");
        if (maxMessageBytes < MIN_MESSAGE_BYTES || maxMessageBytes > MAX_MESSAGE_BYTES) {
            throw new IllegalArgumentException("maxMessageBytes must be 1024 to 1048576, was " + maxMessageBytes);
        }
    }

    /**
     * Reads and validates the three settings.
     *
     * @param env the function's environment
     * @return the settings
     */
    public static DeadLetterConfig from(Environment env) {
        return from(env, Optional.empty());
    }

    /**
     * Reads and validates the three settings, the queue's URL given in code or by its variable.
     *
     * @param env   the function's environment
     * @param typed the queue's URL given in code; refused when the environment gives another
     * @return the settings
     */
    public static DeadLetterConfig from(Environment env, Optional<String> typed) {
        Optional<String> url = TypedSettings.either(env, DEAD_LETTER_QUEUE_URL, typed.map(Optional::of),
                () -> env.optional(DEAD_LETTER_QUEUE_URL), given -> given.orElse(""));
        boolean atOnce = env.bool(DEAD_LETTER_AT_ONCE, url.isPresent());
        if (atOnce && url.isEmpty()) {
            throw new ConfigurationException(DEAD_LETTER_QUEUE_URL, "is required with " + DEAD_LETTER_AT_ONCE + "=true");
        }
        return new DeadLetterConfig(atOnce ? url : Optional.empty(), env.integer(DEAD_LETTER_QUEUE_MAX_MESSAGE_BYTES,
                DEFAULT_MESSAGE_BYTES, MIN_MESSAGE_BYTES, MAX_MESSAGE_BYTES));
    }
}
