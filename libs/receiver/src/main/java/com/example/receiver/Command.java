package com.example.receiver;

import java.util.Objects;

/**
 * A valid message, as the domain parsed it: what to make idempotent and how to recognise it.
 *
 * @param key         the business key of the operation
 * @param fingerprint the digest of the fields that define the operation
 * @param laneKey     the resource the operation writes to (an account, say): operations on
 *                    one lane are run one after another within a batch, since concurrent
 *                    transactions on one item only conflict
 * @param payload     the domain's parsed operation
 * @param <P>         the domain's payload type
 */
public record Command<P>(IdempotencyKey key, Fingerprint fingerprint, String laneKey, P payload) {

    /** Refuses a missing component. */
    public Command {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(fingerprint, "fingerprint");
        Objects.requireNonNull(laneKey, "laneKey");
        Objects.requireNonNull(payload, "payload");
    }
}
