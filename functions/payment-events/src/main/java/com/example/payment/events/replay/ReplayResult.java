package com.example.payment.events.replay;

import java.util.ArrayList;
import java.util.List;

/**
 * What a replay did.
 *
 * @param found         decision records in the window
 * @param published     of those, published (again) to the topic
 * @param failed        transaction ids (or keys) that could not be published, with why; run the
 *                      replay again for them
 */
public record ReplayResult(int found, int published, List<String> failed) {

    public ReplayResult {
        failed = List.copyOf(failed);
        if (found < 0 || published < 0 || published > found) {
            throw new IllegalArgumentException("published must be 0..found");
        }
    }

    /** Nothing found and nothing done. */
    static final ReplayResult NONE = new ReplayResult(0, 0, List.of());

    /** Whether every decision found was published. */
    public boolean complete() {
        return failed.isEmpty();
    }

    ReplayResult plus(ReplayResult other) {
        List<String> all = new ArrayList<>(failed);
        all.addAll(other.failed);
        return new ReplayResult(found + other.found, published + other.published, all);
    }
}
