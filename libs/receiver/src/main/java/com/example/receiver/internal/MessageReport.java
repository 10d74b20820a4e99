package com.example.receiver.internal;

import com.example.receiver.IdempotencyKey;
import com.example.receiver.Outcome;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * What is reported of one message once it has its outcome.
 *
 * @param messageId    the transport's id of this delivery
 * @param key          the idempotency key, when the message was valid enough to have one
 * @param outcome      how it ended
 * @param latency      from the start of its batch to its outcome
 * @param storeLatency the time the store call took, when one was made
 * @param deadLettered whether it is now held by the dead-letter channel, and so acknowledged
 */
public record MessageReport(String messageId, Optional<IdempotencyKey> key, Outcome outcome,
                            Duration latency, Optional<Duration> storeLatency, boolean deadLettered) {

    /** Refuses a missing component. */
    public MessageReport {
        Objects.requireNonNull(messageId, "messageId");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(latency, "latency");
        Objects.requireNonNull(storeLatency, "storeLatency");
    }
}
