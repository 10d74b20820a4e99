package com.example.receiver.internal.authenticity;

import com.example.lambdakit.telemetry.FunctionLog;
import com.example.receiver.internal.InboundMessage;
import com.example.receiver.internal.MessageAuthenticity;
import com.example.receiver.internal.config.ProducerSignaturesConfig;
import com.example.receiver.lambda.SecretReader;
import com.example.receiver.lambda.SignatureAttributes;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A message is authentic when its producer signed it, with one of the producers' active keys,
 * shortly before sending it: the {@link MessageAuthenticity} of a queue that takes signed
 * messages only.
 *
 * <p>What a producer sends, as three String message attributes:
 * <ul>
 *   <li>{@value #KEY_ID}: the id of the key it signed with (one of its secret's {@code keys});</li>
 *   <li>{@value #TIMESTAMP}: when it signed, whole seconds since 1970-01-01T00:00:00Z, in decimal
 *       digits (at most 12);</li>
 *   <li>{@value #SIGNATURE}: HMAC-SHA256 under that key, as 64 hex digits (either case), of
 *       <b>exactly these bytes</b>: the {@value #TIMESTAMP} attribute's value as sent (ASCII
 *       digits), one full stop ({@code 0x2E}), then the message body as sent, encoded in UTF-8;
 *       nothing before, between or after (no newline). In Java:
 *       {@code mac.doFinal((timestamp + "." + body).getBytes(StandardCharsets.UTF_8))}.</li>
 * </ul>
 *
 * <p>A message is refused ({@link Verdict.Refused}, naming the attribute and the rule, never a
 * value) when it is unsigned or an attribute is missing or malformed, when its key id names no
 * active key, when the signature does not match (compared in constant time), when it was signed
 * more than {@code maxAge} before SQS accepted it ({@code SentTimestamp}), or more than
 * {@link #FUTURE_SKEW} after (the producer's clock ahead). The age is measured to
 * {@code SentTimestamp}, not to now, so that a redelivery days later is still authentic; and
 * {@code maxAge} is the producer's window <em>plus</em> the queues' retentions
 * ({@link ProducerSignaturesConfig#maxAge()}), because an operator's redrive sends a dead-lettered
 * message again with a new {@code SentTimestamp}: a payment redriven at any time within its
 * dead-letter queue's retention is still authentic. A captured message sent again within
 * {@code maxAge} is harmless: it is the producer's own operation, and its decision's record
 * outlives {@code maxAge} (the receiver refuses to start otherwise), so a copy of a decided
 * payment is a duplicate. While the keys cannot be read, every message is
 * {@link Verdict.Unverifiable}: neither decided nor rejected.
 *
 * <p>The attributes are not part of the message's operation: the fingerprint never sees them,
 * so a producer's retry of the same operation, signed anew, is a duplicate.
 */
public final class ProducerSignatures implements MessageAuthenticity {

    /** The message attribute naming the key that signed. */
    public static final String KEY_ID = SignatureAttributes.KEY_ID;
    /** The message attribute of when the producer signed, epoch seconds. */
    public static final String TIMESTAMP = SignatureAttributes.TIMESTAMP;
    /** The message attribute of the signature, 64 hex digits. */
    public static final String SIGNATURE = SignatureAttributes.SIGNATURE;
    /** How far a producer's clock may run ahead of SQS's. */
    public static final Duration FUTURE_SKEW = ProducerSignaturesConfig.FUTURE_SKEW;
    /** How often keys that could not be read are read again: a failing read costs a batch at most this often. */
    static final Duration KEYS_RETRY_EVERY = Duration.ofSeconds(60);
    /** The {@link Verdict.Unverifiable} cause, logged as each returned message's {@code detail} (its {@code cause} is {@code FAILURE}). */
    static final String KEYS_UNAVAILABLE = "producer signing keys unavailable";

    static final String UNSIGNED = "is required: the queue takes messages signed by their producer only";
    static final String UNKNOWN_KEY = "names no active producer key";
    static final String BAD_SIGNATURE = "does not match the message: made with another key, or the body or the timestamp changed since";

    private static final Pattern SECONDS = Pattern.compile("[0-9]{1,12}");
    private static final Pattern HMAC_HEX = Pattern.compile("[0-9A-Fa-f]{64}");
    /** The one byte between the timestamp and the body. */
    private static final byte[] SEPARATOR = {'.'};

    private final ProducerKeys keys;
    private final Duration maxAge;

    ProducerSignatures(ProducerKeys keys, Duration maxAge) {
        this.keys = Objects.requireNonNull(keys, "keys");
        this.maxAge = Objects.requireNonNull(maxAge, "maxAge");
    }

    /**
     * Checks signatures with the keys of {@code config}'s secrets, read now through
     * {@code secrets}; when they cannot be read, starts without them, says so on {@code log}, and
     * reads them again later (at most once a minute, by {@code clock}).
     *
     * @throws com.example.lambdakit.config.ConfigurationException when every secret was read and their
     *                                                     keys are unusable or a key id is held twice
     *
     * @param config the producers' secrets and the signatures' greatest age
     * @param secrets reads each secret, bounded
     * @param clock the time signatures are checked against, and of the reads again
     * @param log where a failed read is reported
     * @return the check, keys read or to be read
     */
    public static ProducerSignatures reading(ProducerSignaturesConfig config, SecretReader secrets, Clock clock,
                                             FunctionLog log) {
        return new ProducerSignatures(new ProducerKeys(secrets, config.signingSecrets(), clock, KEYS_RETRY_EVERY, log),
                config.maxAge());
    }

    /**
     * After a SnapStart restore: keys the init could not read are read at the next message,
     * without waiting for the retry interval. Nothing is read here.
     */
    public void readKeysAtNextUse() {
        keys.readAtNextUse();
    }

    @Override
    public Verdict verify(InboundMessage message) {
        Optional<KeyRing> ring = keys.ring();
        if (ring.isEmpty()) {
            return new Verdict.Unverifiable(KEYS_UNAVAILABLE);
        }
        String keyId = message.attributes().get(KEY_ID);
        String timestamp = message.attributes().get(TIMESTAMP);
        String signature = message.attributes().get(SIGNATURE);
        if (signature == null) {
            return refused(SIGNATURE, UNSIGNED);
        }
        if (keyId == null) {
            return refused(KEY_ID, "is required with a signature: it names the key that made it");
        }
        if (timestamp == null) {
            return refused(TIMESTAMP, "is required with a signature: it says when it was made");
        }
        if (!SECONDS.matcher(timestamp).matches()) {
            return refused(TIMESTAMP, "must be whole seconds since 1970-01-01T00:00:00Z, 1 to 12 digits");
        }
        if (!HMAC_HEX.matcher(signature).matches()) {
            return refused(SIGNATURE, "must be 64 hex digits: an HMAC-SHA256");
        }
        if (message.sentAt().isEmpty()) {
            return new Verdict.Refused("attributes.SentTimestamp", "is required to tell the signature's age");
        }
        Optional<byte[]> expected = ring.get().mac(keyId, timestamp.getBytes(StandardCharsets.US_ASCII), SEPARATOR,
                message.body().getBytes(StandardCharsets.UTF_8));
        if (expected.isEmpty()) {
            return refused(KEY_ID, UNKNOWN_KEY);
        }
        if (!sameSignature(expected.get(), HexFormat.of().parseHex(signature))) {
            return refused(SIGNATURE, BAD_SIGNATURE);
        }
        return age(Instant.ofEpochSecond(Long.parseLong(timestamp)), message.sentAt().get());
    }

    /** An authentic signature made within {@code maxAge} before SQS accepted its message, and not after it but for the skew. */
    private Verdict age(Instant signedAt, Instant sentAt) {
        if (Duration.between(signedAt, sentAt).compareTo(maxAge) > 0) {
            return refused(TIMESTAMP, "is more than " + maxAge.toSeconds() + " s before the message was sent (SentTimestamp): "
                    + "older than the producer's window and the queues' retentions together, so no redrive can have sent it; "
                    + "a message sent again");
        }
        if (Duration.between(sentAt, signedAt).compareTo(FUTURE_SKEW) > 0) {
            return refused(TIMESTAMP, "is more than " + FUTURE_SKEW.toSeconds() + " s after the message was sent "
                    + "(SentTimestamp): the producer's clock is ahead");
        }
        return Verdict.AUTHENTIC;
    }

    /**
     * Whether two signatures are equal, in time that does not depend on where they first differ
     * ({@link MessageDigest#isEqual}): an early exit would tell a forger how many leading bytes
     * of a guess are right.
     */
    static boolean sameSignature(byte[] expected, byte[] received) {
        return MessageDigest.isEqual(expected, received);
    }

    private static Verdict refused(String attribute, String rule) {
        return new Verdict.Refused("messageAttributes." + attribute, rule);
    }
}
