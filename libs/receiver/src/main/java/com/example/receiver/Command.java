package com.example.receiver;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A valid message, as the domain parsed it: what to make idempotent and how to recognise it.
 *
 * <p>Its time of issue, when the domain's messages carry one (a payment's
 * {@code headers.timestamp}), is what the receiver's age bound is measured from
 * ({@code MAX_MESSAGE_AGE_SECONDS}): a copy older than the bound is refused, however many times it
 * was redriven, and every record outlives the bound. It is not part of the operation: the
 * fingerprint never covers it.
 *
 * @param key         the business key of the operation
 * @param fingerprint the digest of the fields that define the operation
 * @param laneKey     the resource the operation writes to (an account, say), the item its
 *                    effect declares unless it declares others
 *                    ({@code TransactionalEffect.items}): operations sharing an item are run
 *                    one after another within a batch, since concurrent transactions on one
 *                    item only conflict
 * @param payload     the domain's parsed operation
 * @param issuedAt    when the producer issued the operation, as its message says; empty for a
 *                    domain whose messages carry no time of issue
 * @param <P>         the domain's payload type
 */
public record Command<P>(IdempotencyKey key, Fingerprint fingerprint, String laneKey, P payload,
                         Optional<Instant> issuedAt) {

    /** Refuses a missing component. */
    public Command {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(fingerprint, "fingerprint");
        Objects.requireNonNull(laneKey, "laneKey");
        Objects.requireNonNull(payload, "payload");
        Objects.requireNonNull(issuedAt, "issuedAt");
    }

    /**
     * A command of a domain whose messages carry no time of issue.
     *
     * @param key         the business key of the operation
     * @param fingerprint the digest of the fields that define the operation
     * @param laneKey     the resource the operation writes to
     * @param payload     the domain's parsed operation
     */
    public Command(IdempotencyKey key, Fingerprint fingerprint, String laneKey, P payload) {
        this(key, fingerprint, laneKey, payload, Optional.empty());
    }

    /**
     * A command issued at {@code issuedAt}.
     *
     * @param key         the business key of the operation
     * @param fingerprint the digest of the fields that define the operation
     * @param laneKey     the resource the operation writes to
     * @param payload     the domain's parsed operation
     * @param issuedAt    when the producer issued it
     * @param <P>         the domain's payload type
     * @return the command
     */
    public static <P> Command<P> issued(IdempotencyKey key, Fingerprint fingerprint, String laneKey, P payload,
                                        Instant issuedAt) {
        return new Command<>(key, fingerprint, laneKey, payload, Optional.of(Objects.requireNonNull(issuedAt, "issuedAt")));
    }
}
