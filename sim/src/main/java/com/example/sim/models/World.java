package com.example.sim.models;

import java.time.Instant;
import java.util.SplittableRandom;

/**
 * What a model needs of the world around it: the time, the run's randomness, and what happens on
 * the way to and from the service (latency, a crash of the caller, a fault of the service). The
 * simulation's world runs on the scheduler's virtual clock; the conformance check's has no latency
 * and no faults, so that a trace means the same on the model and on the local AWS.
 */
public interface World {

    /** What the service does with one call, decided as it arrives. */
    enum Fault {
        /** The call is served. */
        NONE,
        /** Refused for capacity: request-level throttling, or a transaction's ThrottlingError at every action. */
        THROTTLE,
        /**
         * Refused for capacity at one table only: a transaction's ThrottlingError at its actions on
         * the last table it writes (a hot partition of the ledger, say), the other actions'
         * conditions read and answered beside it; a single write as {@link #THROTTLE}.
         */
        THROTTLE_LAST_TABLE,
        /** A 500 after the call was applied, or before: the caller cannot tell. */
        SERVER_ERROR_APPLIED,
        /** A 500, nothing applied. */
        SERVER_ERROR_NOT_APPLIED,
        /** Refused for capacity at the request's level ({@code ThrottlingException}, an on-demand table's answer), which the SDK retries. */
        REQUEST_THROTTLED
    }

    Instant instant();

    SplittableRandom random();

    /** The way from the caller to {@code service} (a latency, and maybe the caller's crash). */
    void toService(String service, String operation);

    /** The way back: the caller may die before it hears the answer. */
    void fromService(String service, String operation);

    /** The fault the service answers this call with, if any. */
    Fault fault(String service, String operation);
}
