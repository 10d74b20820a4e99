package com.example.receiver;

/**
 * Where the receiver reports what it did: one report per message, and each time the fast path
 * could not be used for a batch. Implementations write logs and metrics; they must not throw
 * and must be safe to call from several threads.
 */
public interface Telemetry {

    /** One message has its outcome. Called exactly once per message. */
    void decided(MessageReport report);

    /** The fast path could not be asked for a batch (down, slow, or its breaker open). */
    void fastPathUnavailable(String cause);

    /**
     * The fast path held {@code values} values (at least one) under a batch's keys that are no
     * decision signed with the function's key: forged, corrupt or foreign. They were misses.
     */
    void fastPathSignatureInvalid(int values);
}
