package com.example.receiver.internal;

import com.example.receiver.Decision;
import com.example.receiver.Fingerprint;
import java.util.Objects;

/**
 * What the fast path remembers of a decided key: the decision and the fingerprint of the
 * operation it was made for, so that a different operation under the same key is a conflict,
 * not a silent drop.
 *
 * @param decision    the decision made
 * @param fingerprint of the operation it was made for
 */
public record CachedDecision(Decision decision, Fingerprint fingerprint) {

    /** Refuses a missing component. */
    public CachedDecision {
        Objects.requireNonNull(decision, "decision");
        Objects.requireNonNull(fingerprint, "fingerprint");
    }
}
