package com.example.receiver.internal;

import com.example.receiver.Decision;
import com.example.receiver.Fingerprint;
import java.time.Duration;
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

    /**
     * How long a cache may keep this decision at {@code now}: {@code min(ttlSeconds, keepUntil - now)}
     * in whole seconds, rounded down; zero or less means it must not be written.
     *
     * @param ttlSeconds the cache's own TTL, in seconds
     * @param now        the time of the write
     * @return the seconds to keep it
     */
    public long secondsToKeep(long ttlSeconds, Instant now) {
        return keepUntil.map(until -> Math.min(ttlSeconds, Duration.between(now, until).toSeconds())).orElse(ttlSeconds);
    }
}
