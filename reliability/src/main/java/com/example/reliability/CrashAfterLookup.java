package com.example.reliability;

import com.example.receiver.IdempotencyKey;
import com.example.receiver.testing.CachedAnswer;
import java.util.Map;
import java.util.function.Consumer;

/** After a lookup of the fast path answered: on schedule, the environment crashes right there. */
final class CrashAfterLookup implements Consumer<Map<IdempotencyKey, CachedAnswer>> {

    private final CrashSchedule schedule;
    private final Crash crash;

    CrashAfterLookup(CrashSchedule schedule, Crash crash) {
        this.schedule = schedule;
        this.crash = crash;
    }

    @Override
    public void accept(Map<IdempotencyKey, CachedAnswer> hits) {
        if (schedule.due()) {
            crash.now();
        }
    }
}
