package com.example.receiver.internal.redis;

import com.example.lambdakit.secrets.RefreshingSecret;
import com.example.lambdakit.telemetry.FunctionLog;
import com.example.receiver.lambda.SecretReader;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

/**
 * The key that signs and verifies cached values, read from the secret {@code secretId} names:
 * once when the fast path is built and, while it cannot be read, again at most once per
 * {@code retryEvery} when the fast path is next used. Once read it is kept for the life of the
 * environment ({@link RefreshingSecret}, never told the key was refused: a value it cannot verify
 * is a miss).
 *
 * <p>The fast path is a cache, so a key that cannot be read (Secrets Manager unreachable or slow,
 * access denied, the secret missing, a value that is no usable key) turns the fast path off
 * instead of stopping the function: without a key no cached value can be trusted nor written, and
 * every message goes to the store, as without a cache. Each failed read writes one ERROR line
 * naming the secret and the error's class and code, never the value. The interval bounds what a
 * lasting failure costs: one read (bounded by the {@link SecretReader}'s own timeout) per
 * interval, not one per batch. Thread-safe.
 */
final class SigningKey {

    /** The {@code error} of a value that is no usable key: not a string, or too short. */
    static final String INVALID_KEY = "InvalidSigningKey";
    private static final RefreshingSecret.Lines LINES = new RefreshingSecret.Lines("",
            "Fast path signing key unreadable: the fast path is off, the store decides every message", INVALID_KEY);

    private final RefreshingSecret<ValueSigner> key;

    /** Reads the key now; when that fails, the fast path starts without it. */
    SigningKey(SecretReader secrets, String secretId, Clock clock, Duration retryEvery, FunctionLog log) {
        // ValueSigner's refusal names lengths only, never the value
        this.key = new RefreshingSecret<>(secrets, secretId, value -> new ValueSigner(value.getBytes(StandardCharsets.UTF_8)),
                LINES, clock, retryEvery, log);
    }

    /** The signer, when the key is known; when it is not and a read is due, reads it first. */
    Optional<ValueSigner> signer() {
        return key.current();
    }

    /** The signer, when the key is known; never reads. */
    Optional<ValueSigner> known() {
        return key.known();
    }

    /**
     * Makes a missing key due to be read at the next use, whatever the interval: after a SnapStart
     * restore the failure may be seconds old in the clock's eyes but happened in another
     * environment, at the version's publication.
     */
    void readAtNextUse() {
        key.readAtNextUse();
    }
}
