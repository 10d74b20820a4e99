package com.example.receiver.internal;

import com.example.receiver.IdempotencyKey;
import java.util.Collection;
import java.util.Map;

/**
 * A cache of recent decisions that lets known duplicates be acknowledged without a store call.
 *
 * <p>Contract: it is a cache, never the source of truth. A miss means "ask the store", never
 * "new". Neither method throws: when the cache is down, slow or wrong, {@link #lookup} answers
 * with what it has (possibly nothing) and reports {@link Lookup#available() unavailable}, and
 * {@link #remember} forgets silently. Correctness never depends on it; only speed does.
 */
public interface FastPath {

    /**
     * The answer of one lookup: the hits, whether every part of the cache could be asked, how
     * many values were found that are no decision signed with the function's key (missing or
     * wrong signature, or no decision at all): misses, to be counted; and whether the cache was
     * left unasked because the function holds no key to verify its values with ({@link #withoutKey()}).
     *
     * @param hits              the keys found, with what the cache holds of them
     * @param available         whether every part of the cache answered
     * @param invalidSignatures how many values were found that are no signed decision (misses)
     * @param keyUnavailable    whether the cache was left unasked for want of its signing key
     */
    record Lookup(Map<IdempotencyKey, CachedDecision> hits, boolean available, int invalidSignatures,
                  boolean keyUnavailable) {
        /** Checks the components as the record is made: none missing, and each rule above. */
        public Lookup {
            hits = Map.copyOf(hits);
            if (invalidSignatures < 0) {
                throw new IllegalArgumentException("invalidSignatures must not be negative");
            }
            if (keyUnavailable && (!hits.isEmpty() || invalidSignatures > 0)) {
                throw new IllegalArgumentException("a cache left unasked has no hits and no invalid values");
            }
        }

        /**
         * A lookup that asked the cache.
         *
         * @param hits the keys found
         * @param available whether every part of the cache answered
         * @param invalidSignatures values found that are no signed decision
         */
        public Lookup(Map<IdempotencyKey, CachedDecision> hits, boolean available, int invalidSignatures) {
            this(hits, available, invalidSignatures, false);
        }

        /**
         * A lookup that asked the cache and found no invalid value.
         *
         * @param hits the keys found
         * @param available whether every part of the cache answered
         */
        public Lookup(Map<IdempotencyKey, CachedDecision> hits, boolean available) {
            this(hits, available, 0);
        }

        /**
         * The cache was not asked, for the function cannot verify (nor sign) its values: every
         * key is a miss, as with no cache at all. Not an outage of the cache, so it is available.
         *
         * @return a lookup with no hit, available, and the key unavailable
         */
        public static Lookup withoutKey() {
            return new Lookup(Map.of(), true, 0, true);
        }
    }

    /**
     * Looks up all keys of a batch at once (about one round trip).
     *
     * @param keys the batch's keys
     * @return the hits and how the cache answered; never throws
     */
    Lookup lookup(Collection<IdempotencyKey> keys);

    /**
     * Remembers decisions of a batch at once (about one round trip), best effort.
     *
     * @param decisions the batch's new decisions, by key
     */
    void remember(Map<IdempotencyKey, CachedDecision> decisions);

    /** A fast path that knows nothing: every lookup is an (available) miss. */
    FastPath DISABLED = new FastPath() {
        @Override
        public Lookup lookup(Collection<IdempotencyKey> keys) {
            return new Lookup(Map.of(), true);
        }

        @Override
        public void remember(Map<IdempotencyKey, CachedDecision> decisions) {
            // nothing to remember: there is no cache
        }
    };
}
