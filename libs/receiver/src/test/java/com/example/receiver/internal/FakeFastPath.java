package com.example.receiver.internal;

import com.example.receiver.IdempotencyKey;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/** An in-memory fast path that counts its round trips and can be switched off. */
final class FakeFastPath implements FastPath {

    final Map<IdempotencyKey, CachedDecision> cache = new HashMap<>();
    int lookups;
    int writes;
    boolean down;
    /** Whether lookups answer as a fast path without its signing key does. */
    boolean keyUnavailable;
    /** How many values each lookup reports as not signed with the function's key. */
    int invalidSignatures;

    @Override
    public Lookup lookup(Collection<IdempotencyKey> keys) {
        lookups++;
        if (down) {
            return new Lookup(Map.of(), false);
        }
        if (keyUnavailable) {
            return Lookup.withoutKey();
        }
        Map<IdempotencyKey, CachedDecision> hits = new HashMap<>();
        keys.forEach(key -> {
            if (cache.containsKey(key)) {
                hits.put(key, cache.get(key));
            }
        });
        return new Lookup(hits, true, invalidSignatures);
    }

    @Override
    public void remember(Map<IdempotencyKey, CachedDecision> decisions) {
        writes++;
        if (!down) {
            cache.putAll(decisions);
        }
    }
}
