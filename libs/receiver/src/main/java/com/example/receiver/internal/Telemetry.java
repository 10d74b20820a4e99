package com.example.receiver.internal;

import com.example.lambdakit.telemetry.Invocation;
import com.example.receiver.Outcome;


/**
 * Where the receiver reports what it did: one report per message, and each time the fast path
 * could not be used for a batch or messages could not be checked for authenticity, between the start and the end of the invocation the batch came
 * in. Implementations write logs and metrics; they must not throw and must be safe to call from
 * several threads.
 */
public interface Telemetry {

    /**
     * A batch starts, in {@code invocation}: what follows is stamped with it.
     *
     * @param invocation the invocation's stamp
     */
    void invocationStarted(Invocation invocation);

    /**
     * One message has its outcome. Called exactly once per message.
     *
     * @param report what is reported of the message
     */
    void decided(MessageReport report);

    /**
     * The fast path could not be asked for a batch (down, slow, or its breaker open).
     *
     * @param cause why, for the log
     */
    void fastPathUnavailable(String cause);

    /**
     * The fast path held {@code values} values (at least one) under a batch's keys that are no
     * decision signed with the function's key: forged, corrupt or foreign. They were misses.
     *
     * @param values how many, at least one
     */
    void fastPathSignatureInvalid(int values);

    /**
     * The fast path was off for a batch: the function holds no key to verify cached values with
     * (it could not be read). Once per batch with a key to look up, while that lasts.
     */
    void fastPathKeyUnavailable();

    /**
     * {@code messages} messages of a batch (at least one) could not be checked for authenticity,
     * the keys that verify their producers' signatures being unreadable: each ended
     * {@link Outcome.Retry}, neither decided nor rejected. Once per batch, while that lasts.
     *
     * @param messages how many, at least one
     */
    void producerKeysUnavailable(int messages);

    /** The batch is done: what was counted for it is written (once per invocation). */
    void invocationEnded();
}
