package com.example.reliability;

import com.example.receiver.IdempotencyKey;
import com.example.receiver.internal.CachedDecision;
import com.example.receiver.internal.FastPath;
import java.util.Collection;
import java.util.Map;

/** A fast path whose lookup, on schedule, crashes the environment right after it answered. */
final class CrashingFastPath implements FastPath {

    private final FastPath delegate;
    private final CrashSchedule schedule;
    private final Crash crash;

    CrashingFastPath(FastPath delegate, CrashSchedule schedule, Crash crash) {
        this.delegate = delegate;
        this.schedule = schedule;
        this.crash = crash;
    }

    @Override
    public Lookup lookup(Collection<IdempotencyKey> keys) {
        Lookup lookup = delegate.lookup(keys);
        if (schedule.due()) {
            crash.now();
        }
        return lookup;
    }

    @Override
    public void remember(Map<IdempotencyKey, CachedDecision> decisions) {
        delegate.remember(decisions);
    }
}
