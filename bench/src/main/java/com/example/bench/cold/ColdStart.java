package com.example.bench.cold;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One cold start: a fresh runtime JVM, then a first batch of 10 new payments.
 *
 * @param variant       the {@link Variant#name()}
 * @param initMs        the emulator's init phase: from the runtime's start until it asks for its
 *                      first event, which the runtime client does once the handler is constructed
 *                      ({@code INIT REPORT(durationMs)} in the emulator's log)
 * @param firstInvokeMs the first invocation as the emulator timed it ({@code INVOKE RTDONE ... duration})
 * @param warmInvokeMs  a second batch of 10 new payments in the same runtime, for reference: what
 *                      the first invoke would cost without its first-time work
 * @param wallMs        the benchmark's own clock, from sending the invocation (the emulator then
 *                      starts the runtime) to its answer: what the caller waited
 * @param peakRssKib    the runtime's {@code VmHWM} after the batch
 * @param heapAfterGcKib the heap in use after a full GC, or -1 when not measured in this run
 * @param firstParts    the first batch's parts ({@link FirstTimeWork}), for a traced variant; else empty
 * @param warmParts     the warm batch's, likewise
 */
record ColdStart(String variant, double initMs, double firstInvokeMs, double warmInvokeMs, double wallMs, long peakRssKib,
                 long heapAfterGcKib, Map<String, Double> firstParts, Map<String, Double> warmParts) {

    ColdStart {
        firstParts = Collections.unmodifiableMap(new LinkedHashMap<>(firstParts));
        warmParts = Collections.unmodifiableMap(new LinkedHashMap<>(warmParts));
    }
}
