package com.example.receiver.internal.config;

import com.example.receiver.lambda.ReceiverWindows;
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
 * @param window         how long before the producer sends its message a signature may have
 *                       been made (the producer's own delay)
 * @param redrivable     how long after that a copy of the message may still be sent again by an
 *                       operator's redrive: the source queue's retention plus its dead-letter
 *                       queue's ({@link #maxAge()})
 */
public record ProducerSignaturesConfig(List<String> signingSecrets, Duration window, Duration redrivable) {

    /** How far a producer's clock may run ahead of SQS's, in seconds: a signature may be this much younger than its message. */
    public static final long FUTURE_SKEW_SECONDS = ReceiverWindows.PRODUCER_CLOCK_SKEW_SECONDS;
    /** {@link #FUTURE_SKEW_SECONDS} as a duration. */
    public static final Duration FUTURE_SKEW = Duration.ofSeconds(FUTURE_SKEW_SECONDS);

    /** Checks the components as the record is made: none missing, and each rule above. */
    public ProducerSignaturesConfig {
        signingSecrets = List.copyOf(Objects.requireNonNull(signingSecrets, "signingSecrets"));
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(redrivable, "redrivable");
        if (signingSecrets.isEmpty()) {
            throw new IllegalArgumentException("at least one signing secret");
        }
        if (new HashSet<>(signingSecrets).size() != signingSecrets.size()) {
            throw new IllegalArgumentException("signing secrets must differ");
        }
        if (!window.isPositive()) {
            throw new IllegalArgumentException("window must be positive");
        }
        if (redrivable.isNegative()) {
            throw new IllegalArgumentException("redrivable must not be negative");
        }
    }

    /**
     * How long before SQS accepted a message ({@code SentTimestamp}) its signature may have been
     * made: the producer's window, then the longest a copy may wait in the source queue and its
     * dead-letter queue before an operator's redrive sends it again, with a new
     * {@code SentTimestamp} ("All redriven messages are considered new messages with a new
     * messageID and enqueueTime", "Configure a dead-letter queue redrive", Amazon SQS Developer
     * Guide, https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/sqs-configure-dead-letter-queue-redrive.html).
     * A message sent again later than that is refused; one sent again within it finds its
     * decision's record, which the receiver's configuration keeps longer ({@link ReceiverConfig}).
     *
     * @return the window plus what is redrivable
     */
    public Duration maxAge() {
        return window.plus(redrivable);
    }
}
