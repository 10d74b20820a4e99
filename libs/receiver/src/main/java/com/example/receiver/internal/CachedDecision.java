package com.example.receiver.internal;

import com.example.receiver.Decision;
import com.example.receiver.Fingerprint;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * What the fast path remembers of a decided key: the decision and the fingerprint of the
 * operation it was made for, so that a different operation under the same key is a conflict,
 * not a silent drop; and, when it is to be remembered, the last instant it may be kept.
 *
 * @param decision    the decision made
 * @param fingerprint of the operation it was made for
 * @param keepUntil   the expiry of the stored record that holds the decision, past which the cache
 *                    must not answer for it; empty when the cache's own TTL is the bound (a record
 *                    written now lives longer: the configuration refuses a cache TTL beyond the
 *                    record's), and for what a lookup found
 */
public record CachedDecision(Decision decision, Fingerprint fingerprint, Optional<Instant> keepUntil) {

    /** Refuses a missing component. */
    public CachedDecision {
        Objects.requireNonNull(decision, "decision");
        Objects.requireNonNull(fingerprint, "fingerprint");
        Objects.requireNonNull(keepUntil, "keepUntil");
    }

    /**
     * A decision bounded by the cache's own TTL alone.
     *
     * @param decision    the decision made
     * @param fingerprint of the operation it was made for
     */
    public CachedDecision(Decision decision, Fingerprint fingerprint) {
        this(decision, fingerprint, Optional.empty());
    }
}
