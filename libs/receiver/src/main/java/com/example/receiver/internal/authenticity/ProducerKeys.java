package com.example.receiver.internal.authenticity;

import com.example.lambdakit.config.ConfigurationException;
import com.example.lambdakit.telemetry.FunctionLog;
import com.example.receiver.internal.config.ReceiverConfig;
import com.example.receiver.lambda.SecretReader;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import software.amazon.awssdk.awscore.exception.AwsServiceException;

/**
 * The producers' keys ({@link KeyRing}), read from their secrets: once when the function starts
 * and, while they cannot be read, again at most once per {@code retryEvery} when a message needs
 * them. Once read they are kept for the life of the environment (a rotated key reaches the
 * function with a new version, as the fast path's key does).
 *
 * <p>All or nothing: the ring is known only once every secret was read, since a message signed
 * with the key of a producer whose secret could not be read would otherwise be refused as signed
 * with an unknown key. A read that fails (Secrets Manager unreachable or slow, access denied, a
 * secret missing) writes one ERROR line naming the secret and the error's class and code, never
 * a value, and the reads stop at that secret; until a later read succeeds, no message can be
 * checked. Secrets that were read but hold no usable keys, or key ids held twice, stop the
 * function at start ({@link ConfigurationException} naming {@code PRODUCER_SIGNING_SECRETS},
 * the secrets and the key ids): that is the deployer's to fix, not something to wait out. Read
 * later, they are one more failed read. Thread-safe.
 */
final class ProducerKeys {

    /** The {@code error} of a secret that was read but holds no usable keys. */
    static final String INVALID_KEYS = "InvalidProducerKeys";

    private final SecretReader secrets;
    private final List<String> secretIds;
    private final Clock clock;
    private final Duration retryEvery;
    private final FunctionLog log;
    private volatile KeyRing ring;
    /** When the next read may be tried; guarded by this. */
    private Instant nextRead;

    /**
     * Reads the keys now; when a secret cannot be read, starts without them.
     *
     * @throws ConfigurationException when every secret was read but their keys are unusable
     */
    ProducerKeys(SecretReader secrets, List<String> secretIds, Clock clock, Duration retryEvery, FunctionLog log) {
        this.secrets = Objects.requireNonNull(secrets, "secrets");
        this.secretIds = List.copyOf(secretIds);
        this.clock = Objects.requireNonNull(clock, "clock");
        this.retryEvery = Objects.requireNonNull(retryEvery, "retryEvery");
        this.log = Objects.requireNonNull(log, "log");
        synchronized (this) {
            nextRead = clock.instant().plus(retryEvery);
            ring = read(true);
        }
    }

    /** The keys, when they are known; when they are not and a read is due, reads them first. */
    Optional<KeyRing> ring() {
        KeyRing known = ring;
        if (known != null) {
            return Optional.of(known);
        }
        synchronized (this) {
            if (ring == null && !clock.instant().isBefore(nextRead)) {
                nextRead = clock.instant().plus(retryEvery);
                ring = read(false);
            }
            return Optional.ofNullable(ring);
        }
    }

    /**
     * Makes missing keys due to be read at the next use, whatever the interval: after a SnapStart
     * restore the failure happened in another environment, at the version's publication.
     */
    synchronized void readAtNextUse() {
        nextRead = Instant.MIN;
    }

    private KeyRing read(boolean atStart) {
        Map<String, String> documents = new LinkedHashMap<>();
        for (String secretId : secretIds) {
            try {
                documents.put(secretId, secrets.secretString(secretId));
            } catch (AwsServiceException refused) {
                unreadable(secretId, refused.getClass().getSimpleName(),
                        refused.awsErrorDetails() == null ? "" : refused.awsErrorDetails().errorCode(), "");
                return null;
            } catch (RuntimeException failed) {
                unreadable(secretId, failed.getClass().getSimpleName(), "",
                        failed.getCause() == null ? "" : "caused by " + failed.getCause().getClass().getSimpleName());
                return null;
            }
        }
        KeyRing read;
        try {
            read = KeyRing.of(documents);
        } catch (UnusableKeysException unusable) {
            if (atStart) {
                throw new ConfigurationException(ReceiverConfig.PRODUCER_SIGNING_SECRETS, unusable.getMessage());
            }
            unreadable(String.join(",", secretIds), INVALID_KEYS, "", unusable.getMessage());
            return null;
        }
        log.write(FunctionLog.Level.INFO, "Producer signing keys read", line -> line
                .text("key_ids", String.join(",", read.keyIds()))
                .number("secrets", secretIds.size()));
        return read;
    }

    /**
     * The one line of a failed read: the secret's id, the error (the exception's class, or
     * {@value #INVALID_KEYS}), the AWS error code and a detail that quotes no value; never the
     * exception's message, which is not ours to vouch for.
     */
    private void unreadable(String secretId, String error, String errorCode, String detail) {
        log.write(FunctionLog.Level.ERROR, "Producer signing keys unreadable: every message is returned for retry until they are read",
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
