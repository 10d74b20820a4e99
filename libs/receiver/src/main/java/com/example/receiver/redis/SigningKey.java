package com.example.receiver.redis;

import com.example.lambdakit.telemetry.FunctionLog;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import software.amazon.awssdk.awscore.exception.AwsServiceException;

/**
 * The key that signs and verifies cached values, read from the secret {@code secretId} names:
 * once when the fast path is built and, while it cannot be read, again at most once per
 * {@code retryEvery} when the fast path is next used. Once read it is kept for the life of the
 * environment.
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

    private final SecretReader secrets;
    private final String secretId;
    private final Clock clock;
    private final Duration retryEvery;
    private final FunctionLog log;
    private volatile ValueSigner signer;
    /** When the next read may be tried; guarded by this. */
    private Instant nextRead = Instant.MIN;

    /** Reads the key now; when that fails, the fast path starts without it. */
    SigningKey(SecretReader secrets, String secretId, Clock clock, Duration retryEvery, FunctionLog log) {
        this.secrets = Objects.requireNonNull(secrets, "secrets");
        this.secretId = Objects.requireNonNull(secretId, "secretId");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.retryEvery = Objects.requireNonNull(retryEvery, "retryEvery");
        this.log = Objects.requireNonNull(log, "log");
        signer();
    }

    /** The signer, when the key is known; when it is not and a read is due, reads it first. */
    Optional<ValueSigner> signer() {
        ValueSigner known = signer;
        if (known != null) {
            return Optional.of(known);
        }
        synchronized (this) {
            if (signer == null && !clock.instant().isBefore(nextRead)) {
                nextRead = clock.instant().plus(retryEvery);
                signer = read();
            }
            return Optional.ofNullable(signer);
        }
    }

    /** The signer, when the key is known; never reads. */
    Optional<ValueSigner> known() {
        return Optional.ofNullable(signer);
    }

    /**
     * Makes a missing key due to be read at the next use, whatever the interval: after a SnapStart
     * restore the failure may be seconds old in the clock's eyes but happened in another
     * environment, at the version's publication.
     */
    synchronized void readAtNextUse() {
        nextRead = Instant.MIN;
    }

    private ValueSigner read() {
        String value;
        try {
            value = secrets.secretString(secretId);
        } catch (AwsServiceException refused) {
            unreadable(refused.getClass().getSimpleName(),
                    refused.awsErrorDetails() == null ? "" : refused.awsErrorDetails().errorCode(), "");
            return null;
        } catch (RuntimeException failed) {
            unreadable(failed.getClass().getSimpleName(), "",
                    failed.getCause() == null ? "" : "caused by " + failed.getCause().getClass().getSimpleName());
            return null;
        }
        if (value == null) {
            unreadable(INVALID_KEY, "", "the secret holds no SecretString");
            return null;
        }
        try {
            return new ValueSigner(value.getBytes(StandardCharsets.UTF_8));
        } catch (IllegalArgumentException notAKey) {
            // ValueSigner's refusal names lengths only, never the value
            unreadable(INVALID_KEY, "", notAKey.getMessage());
            return null;
        }
    }

    /**
     * The one line of a failed read: the secret's id, the error (the exception's class, or
     * {@value #INVALID_KEY}), the AWS error code and a detail that quotes no value; never the
     * exception's message, which is not ours to vouch for.
     */
    private void unreadable(String error, String errorCode, String detail) {
        log.write(FunctionLog.Level.ERROR, "Fast path signing key unreadable: the fast path is off, the store decides every message",
                line -> {
                    line.text("secret_id", secretId).text("error", error);
                    if (!errorCode.isEmpty()) {
                        line.text("error_code", errorCode);
                    }
                    if (!detail.isEmpty()) {
                        line.text("detail", detail);
                    }
                    line.number("retry_in_s", retryEvery.toSeconds());
                });
    }
}
