package com.example.receiver.testing;

import com.example.receiver.Decision;
import com.example.receiver.Fingerprint;
import java.util.Objects;

/**
 * What the fast path answered for a key: the decision it holds and the fingerprint of the operation
 * it was made for, decoded and verified as the receiver uses them.
 *
 * @param decision    the decision the cache holds
 * @param fingerprint of the operation it was made for
 */
public record CachedAnswer(Decision decision, Fingerprint fingerprint) {

    /** Refuses a missing component. */
    public CachedAnswer {
        Objects.requireNonNull(decision, "decision");
        Objects.requireNonNull(fingerprint, "fingerprint");
    }
}
