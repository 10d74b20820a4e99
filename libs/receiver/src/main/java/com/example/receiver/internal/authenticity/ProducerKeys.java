package com.example.receiver.internal.authenticity;

import com.example.lambdakit.config.ConfigurationException;
import com.example.lambdakit.secrets.RefreshingSecret;
import com.example.lambdakit.telemetry.FunctionLog;
import com.example.receiver.internal.config.ReceiverConfig;
import com.example.receiver.lambda.SecretReader;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

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
 * later, they are one more failed read. The reads are the Lambda kit's {@link RefreshingSecret}
 * over all the secrets, as the fast path's signing key is read. Thread-safe.
 */
final class ProducerKeys {

    /** The {@code error} of a secret that was read but holds no usable keys. */
    static final String INVALID_KEYS = "InvalidProducerKeys";
    private static final RefreshingSecret.Lines LINES = new RefreshingSecret.Lines("",
            "Producer signing keys unreadable: every message is returned for retry until they are read", INVALID_KEYS);

    private final RefreshingSecret<KeyRing> ring;

    /**
     * Reads the keys now; when a secret cannot be read, starts without them.
     *
     * @throws ConfigurationException when every secret was read but their keys are unusable
     */
    ProducerKeys(SecretReader secrets, List<String> secretIds, Clock clock, Duration retryEvery, FunctionLog log) {
        this.ring = RefreshingSecret.allOf(secrets, secretIds, documents -> {
            KeyRing read = KeyRing.of(documents);
            // The line names the key ids (never a key): what an operator checks after a rotation.
            log.write(FunctionLog.Level.INFO, "Producer signing keys read", line -> line
                    .text("key_ids", String.join(",", read.keyIds())).number("secrets", secretIds.size()));
            return read;
        }, LINES, clock, retryEvery, log);
        ring.unusable().ifPresent(reason -> {
            throw new ConfigurationException(ReceiverConfig.PRODUCER_SIGNING_SECRETS, reason);
        });
    }

    /** The keys, when they are known; when they are not and a read is due, reads them first. */
    Optional<KeyRing> ring() {
        return ring.current();
    }

    /**
     * Makes missing keys due to be read at the next use, whatever the interval: after a SnapStart
     * restore the failure happened in another environment, at the version's publication.
     */
    void readAtNextUse() {
        ring.readAtNextUse();
    }
}
