package com.example.payment;

import com.example.receiver.IdempotencyKey;
import com.example.receiver.internal.CachedDecision;
import com.example.receiver.internal.FastPath;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** A fast path in memory that remembers every decision it is given. */
final class InMemoryFastPath implements FastPath {

    private final Map<IdempotencyKey, CachedDecision> cache = new ConcurrentHashMap<>();

    @Override
    public Lookup lookup(Collection<IdempotencyKey> keys) {
        Map<IdempotencyKey, CachedDecision> hits = new HashMap<>();
        keys.forEach(key -> {
            CachedDecision hit = cache.get(key);
            if (hit != null) {
                hits.put(key, hit);
            }
        });
        return new Lookup(hits, true);
    }

    @Override
    public void remember(Map<IdempotencyKey, CachedDecision> decisions) {
        cache.putAll(decisions);
    }
}
