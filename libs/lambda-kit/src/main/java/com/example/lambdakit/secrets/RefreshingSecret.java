package com.example.lambdakit.secrets;

import com.example.lambdakit.telemetry.FunctionLog;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import software.amazon.awssdk.awscore.exception.AwsServiceException;

/**
 * A value made from one secret (a token, a key ring): read when built, then kept for the life of
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
    private final String secretId;
    private final Function<String, T> parse;
    private final Lines lines;
    private final Clock clock;
    private final Duration readEvery;
    private final FunctionLog log;
    private volatile T value;
    /** Whether the next use should read, although a value is known; guarded by this. */
    private boolean stale;
    /** When the next read may be tried; guarded by this. */
    private Instant nextRead;

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
        this.source = Objects.requireNonNull(source, "source");
        this.secretId = Objects.requireNonNull(secretId, "secretId");
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
     * The secret this value is read from.
     *
     * @return its name or ARN
     */
    public String secretId() {
        return secretId;
    }

    private void read() {
        nextRead = clock.instant().plus(readEvery);
        String text;
        try {
            text = source.secretString(secretId);
        } catch (AwsServiceException refused) {
            unreadable(refused.getClass().getSimpleName(),
                    refused.awsErrorDetails() == null ? "" : refused.awsErrorDetails().errorCode(), "");
            return;
        } catch (RuntimeException failed) {
            unreadable(failed.getClass().getSimpleName(), "",
                    failed.getCause() == null ? "" : "caused by " + failed.getCause().getClass().getSimpleName());
            return;
        }
        T parsed;
        try {
            if (text == null) {
                throw new IllegalArgumentException("the secret holds no SecretString");
            }
            parsed = parse.apply(text);
        } catch (IllegalArgumentException unusable) {
            unreadable(lines.unusableError(), "", unusable.getMessage());
            return;
        }
        value = parsed;
        stale = false;
        if (!lines.read().isEmpty()) {
            log.write(FunctionLog.Level.INFO, lines.read(), line -> line.text("secret_id", secretId));
        }
    }

    private void unreadable(String error, String errorCode, String detail) {
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
