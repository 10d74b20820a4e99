package com.example.lambdakit.secrets;

import com.example.lambdakit.telemetry.FunctionLog;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import software.amazon.awssdk.awscore.exception.AwsServiceException;

/**
 * A value made from one secret (a token, a signing key), or from several read all or nothing (a
 * key ring whose keys several producers hold: {@link #allOf}): read when built, then kept for the life of
 * the execution environment. It is read again, at the next {@link #current()}, only
 * <ul>
 *   <li>while it is unknown (the last read failed), at most once per {@code readEvery};</li>
 *   <li>after {@link #refused()} (whoever it was shown to refused it: it may have been rotated),
 *       at most once per {@code readEvery} counted from the last read, the known value kept
 *       meanwhile and kept when that read fails;</li>
 *   <li>after a SnapStart restore, whatever the interval: {@link #readAtNextUse()} when only a
 *       missing value should be read then, {@link #refreshAtNextUse()} when a known one too (it
 *       was read in another environment, maybe long ago).</li>
 * </ul>
 *
 * <p>A read that fails (Secrets Manager unreachable or slow, access denied, the secret missing, a
 * value {@code parse} refuses) writes one ERROR line naming the secret, the error's class and AWS
 * code and the parser's reason, never the value nor the exception's message, which is not ours to
 * vouch for; a read that succeeds writes one INFO line naming the secret, when {@link Lines} asks
 * for one. Thread-safe: one read at a time. The fast path's signing key and the push API's
 * credential are read so.
 *
 * @param <T> what the value is made into
 */
public final class RefreshingSecret<T> {

    /**
     * What the log lines of the reads say.
     *
     * @param read          the message of the INFO line of a successful read; empty for no line
     * @param unreadable    the message of the ERROR line of a failed read while no value is known
     *                      (what the function does without it)
     * @param unusableError the {@code error} of a value {@code parse} refused, or of no SecretString
     */
    public record Lines(String read, String unreadable, String unusableError) {

        /** Validates that each is given ({@code read} may be empty). */
        public Lines {
            Objects.requireNonNull(read, "read");
            Objects.requireNonNull(unreadable, "unreadable");
            Objects.requireNonNull(unusableError, "unusableError");
        }
    }

    private final SecretSource source;
    private final List<String> secretIds;
    private final Function<Map<String, String>, T> parse;
    private final Lines lines;
    private final Clock clock;
    private final Duration readEvery;
    private final FunctionLog log;
    private volatile T value;
    /** Whether the next use should read, although a value is known; guarded by this. */
    private boolean stale;
    /** When the next read may be tried; guarded by this. */
    private Instant nextRead;
    /** Why the last read's secrets were unusable, or null; guarded by this. */
    private String unusable;

    /**
     * Reads the value now; when that fails, starts without it.
     *
     * @param source    reads the secret, bounded
     * @param secretId  its name or ARN
     * @param parse     the value from the secret's text; throws {@link IllegalArgumentException}
     *                  with a reason that quotes nothing of the text when it is no usable value
     * @param lines     what the log lines of the reads say
     * @param clock     when reads are due
     * @param readEvery the least time between two reads but after a restore
     * @param log       where each read is reported
     */
    public RefreshingSecret(SecretSource source, String secretId, Function<String, T> parse, Lines lines, Clock clock,
                            Duration readEvery, FunctionLog log) {
        this(source, List.of(Objects.requireNonNull(secretId, "secretId")),
                texts -> Objects.requireNonNull(parse, "parse").apply(texts.get(secretId)), lines, clock, readEvery, log);
    }

    /**
     * A value made from several secrets, known only once every one of them was read (a key ring:
     * a message signed with the key of a producer whose secret could not be read would otherwise be
     * refused as signed with an unknown key). The reads stop at the first secret that fails, which
     * the ERROR line names.
     *
     * @param source    reads each secret, bounded
     * @param secretIds their names or ARNs, read in this order
     * @param parse     the value from the secrets' texts, by id in that order; throws
     *                  {@link IllegalArgumentException} with a reason that quotes nothing of them
     *                  when they hold no usable value
     * @param lines     what the log lines of the reads say
     * @param clock     when reads are due
     * @param readEvery the least time between two reads but after a restore
     * @param log       where each read is reported
     * @param <T>       what the value is made into
     * @return the value, read once now
     */
    public static <T> RefreshingSecret<T> allOf(SecretSource source, List<String> secretIds,
                                                Function<Map<String, String>, T> parse, Lines lines, Clock clock,
                                                Duration readEvery, FunctionLog log) {
        return new RefreshingSecret<>(source, secretIds, parse, lines, clock, readEvery, log);
    }

    private RefreshingSecret(SecretSource source, List<String> secretIds, Function<Map<String, String>, T> parse,
                             Lines lines, Clock clock, Duration readEvery, FunctionLog log) {
        this.source = Objects.requireNonNull(source, "source");
        this.secretIds = List.copyOf(secretIds);
        if (this.secretIds.isEmpty()) {
            throw new IllegalArgumentException("at least one secret to read");
        }
        this.parse = Objects.requireNonNull(parse, "parse");
        this.lines = Objects.requireNonNull(lines, "lines");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.readEvery = Objects.requireNonNull(readEvery, "readEvery");
        this.log = Objects.requireNonNull(log, "log");
        synchronized (this) {
            read();
        }
    }

    /**
     * The value, when known; when it is missing or refused and a read is due, reads it first.
     *
     * @return the value, or empty while no read succeeded
     */
    public Optional<T> current() {
        synchronized (this) {
            if ((value == null || stale) && !clock.instant().isBefore(nextRead)) {
                read();
            }
            return Optional.ofNullable(value);
        }
    }

    /**
     * The value, when known; never reads.
     *
     * @return the value, or empty while no read succeeded
     */
    public Optional<T> known() {
        return Optional.ofNullable(value);
    }

    /**
     * The value was refused by whoever it was shown to: read it again at the next use once the
     * interval since the last read has passed (a rotated secret then reaches this environment
     * without a deploy). The known value stays in use until a read succeeds.
     */
    public synchronized void refused() {
        stale = true;
    }

    /** A missing value is read at the next use, whatever the interval (after a SnapStart restore). */
    public synchronized void readAtNextUse() {
        nextRead = Instant.MIN;
    }

    /** The value is read at the next use, whatever the interval, even when one is known (after a SnapStart restore). */
    public synchronized void refreshAtNextUse() {
        stale = true;
        nextRead = Instant.MIN;
    }

    /**
     * The secret this value is read from; the secrets, comma-separated, for {@link #allOf}.
     *
     * @return its name or ARN
     */
    public String secretId() {
        return String.join(",", secretIds);
    }

    /**
     * Why the last read's secrets held no usable value, when that is what the last read found: the
     * parser's reason, quoting nothing of them. A caller that must not start on unusable secrets
     * (the deployer's to fix, not something to wait out) refuses on it.
     *
     * @return the reason, or empty when the last read succeeded or could not read a secret
     */
    public synchronized Optional<String> unusable() {
        return Optional.ofNullable(unusable);
    }

    private void read() {
        nextRead = clock.instant().plus(readEvery);
        unusable = null;
        Map<String, String> texts = new LinkedHashMap<>();
        for (String secretId : secretIds) {
            try {
                String text = source.secretString(secretId);
                if (text == null) {
                    unusable(secretId, "the secret holds no SecretString");
                    return;
                }
                texts.put(secretId, text);
            } catch (AwsServiceException refused) {
                unreadable(secretId, refused.getClass().getSimpleName(),
                        refused.awsErrorDetails() == null ? "" : refused.awsErrorDetails().errorCode(), "");
                return;
            } catch (RuntimeException failed) {
                unreadable(secretId, failed.getClass().getSimpleName(), "",
                        failed.getCause() == null ? "" : "caused by " + failed.getCause().getClass().getSimpleName());
                return;
            }
        }
        T parsed;
        try {
            parsed = parse.apply(texts);
        } catch (IllegalArgumentException refusal) {
            unusable(secretId(), refusal.getMessage());
            return;
        }
        value = parsed;
        stale = false;
        if (!lines.read().isEmpty()) {
            log.write(FunctionLog.Level.INFO, lines.read(), line -> line.text("secret_id", secretId()));
        }
    }

    private void unusable(String secretId, String reason) {
        unusable = reason;
        unreadable(secretId, lines.unusableError(), "", reason);
    }

    private void unreadable(String secretId, String error, String errorCode, String detail) {
        log.write(FunctionLog.Level.ERROR, value == null ? lines.unreadable() : lines.unreadable() + " (the value read before stays in use)",
                line -> {
                    line.text("secret_id", secretId).text("error", error);
                    if (!errorCode.isEmpty()) {
                        line.text("error_code", errorCode);
                    }
                    if (!detail.isEmpty()) {
                        line.text("detail", detail);
                    }
                    line.number("retry_in_s", readEvery.toSeconds());
                });
    }
}
