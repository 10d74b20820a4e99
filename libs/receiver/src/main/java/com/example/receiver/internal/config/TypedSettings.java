package com.example.receiver.internal.config;

import com.example.lambdakit.config.ConfigurationException;
import com.example.lambdakit.config.Environment;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The settings a builder was given in code, as values (no variable's text): each is one of the
 * environment's variables ({@link ReceiverConfig}'s names), read by {@link ReceiverConfig#from}
 * instead of the variable and checked by the variable's rule. A setting given both ways must
 * have one value: two are refused, naming the variable, so nothing decides silently which wins.
 *
 * @param idempotencyTable    {@code IDEMPOTENCY_TABLE}
 * @param recordTtl           {@code IDEMPOTENCY_TTL_SECONDS}, whole seconds
 * @param queueRetention      {@code QUEUE_RETENTION_SECONDS}, whole seconds
 * @param deadLetterRetention {@code DEAD_LETTER_RETENTION_SECONDS}, whole seconds
 * @param deadLetterQueue     {@code DEAD_LETTER_QUEUE_URL}
 * @param soonRedelivery      {@code SOON_REDELIVERY}
 * @param groupCommit         {@code GROUP_COMMIT}
 * @param maxConcurrency      {@code MAX_CONCURRENCY}
 * @param minRemainingTime    {@code MIN_REMAINING_TIME_MS}, whole milliseconds
 * @param maxMessageAge       {@code MAX_MESSAGE_AGE_SECONDS}, whole seconds
 */
public record TypedSettings(Optional<String> idempotencyTable, Optional<Duration> recordTtl,
                            Optional<Duration> queueRetention, Optional<Duration> deadLetterRetention,
                            Optional<String> deadLetterQueue, Optional<Boolean> soonRedelivery,
                            Optional<Boolean> groupCommit, Optional<Integer> maxConcurrency,
                            Optional<Duration> minRemainingTime, Optional<Duration> maxMessageAge) {

    /** Nothing given in code: every setting from the environment. */
    public static final TypedSettings NONE = new TypedSettings(Optional.empty(), Optional.empty(), Optional.empty(),
            Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
            Optional.empty());

    /** Refuses a missing component; values are checked when read ({@link ReceiverConfig#from}). */
    public TypedSettings {
        Objects.requireNonNull(idempotencyTable, "idempotencyTable");
        Objects.requireNonNull(recordTtl, "recordTtl");
        Objects.requireNonNull(queueRetention, "queueRetention");
        Objects.requireNonNull(deadLetterRetention, "deadLetterRetention");
        Objects.requireNonNull(deadLetterQueue, "deadLetterQueue");
        Objects.requireNonNull(soonRedelivery, "soonRedelivery");
        Objects.requireNonNull(groupCommit, "groupCommit");
        Objects.requireNonNull(maxConcurrency, "maxConcurrency");
        Objects.requireNonNull(minRemainingTime, "minRemainingTime");
        Objects.requireNonNull(maxMessageAge, "maxMessageAge");
    }

    /**
     * These settings, the table given.
     *
     * @param table the records table
     * @return the new settings
     */
    public TypedSettings withIdempotencyTable(String table) {
        return new TypedSettings(Optional.of(table.strip()), recordTtl, queueRetention, deadLetterRetention,
                deadLetterQueue, soonRedelivery, groupCommit, maxConcurrency, minRemainingTime, maxMessageAge);
    }

    /**
     * These settings, the TTL given.
     *
     * @param ttl a record's life, cut to whole seconds
     * @return the new settings
     */
    public TypedSettings withRecordTtl(Duration ttl) {
        return new TypedSettings(idempotencyTable, Optional.of(wholeSeconds(ttl)), queueRetention, deadLetterRetention,
                deadLetterQueue, soonRedelivery, groupCommit, maxConcurrency, minRemainingTime, maxMessageAge);
    }

    /**
     * These settings, the retention given.
     *
     * @param retention the source queue's, cut to whole seconds
     * @return the new settings
     */
    public TypedSettings withQueueRetention(Duration retention) {
        return new TypedSettings(idempotencyTable, recordTtl, Optional.of(wholeSeconds(retention)), deadLetterRetention,
                deadLetterQueue, soonRedelivery, groupCommit, maxConcurrency, minRemainingTime, maxMessageAge);
    }

    /**
     * These settings, the retention given.
     *
     * @param retention the dead-letter queue's, cut to whole seconds
     * @return the new settings
     */
    public TypedSettings withDeadLetterRetention(Duration retention) {
        return new TypedSettings(idempotencyTable, recordTtl, queueRetention, Optional.of(wholeSeconds(retention)),
                deadLetterQueue, soonRedelivery, groupCommit, maxConcurrency, minRemainingTime, maxMessageAge);
    }

    /**
     * These settings, the queue given.
     *
     * @param queueUrl the dead-letter queue's URL
     * @return the new settings
     */
    public TypedSettings withDeadLetterQueue(String queueUrl) {
        return new TypedSettings(idempotencyTable, recordTtl, queueRetention, deadLetterRetention,
                Optional.of(queueUrl.strip()).filter(url -> !url.isEmpty()), soonRedelivery, groupCommit, maxConcurrency,
                minRemainingTime, maxMessageAge);
    }

    /**
     * These settings, soon redelivery given.
     *
     * @param on soon redelivery
     * @return the new settings
     */
    public TypedSettings withSoonRedelivery(boolean on) {
        return new TypedSettings(idempotencyTable, recordTtl, queueRetention, deadLetterRetention, deadLetterQueue,
                Optional.of(on), groupCommit, maxConcurrency, minRemainingTime, maxMessageAge);
    }

    /**
     * These settings, group commit given.
     *
     * @param on group commit
     * @return the new settings
     */
    public TypedSettings withGroupCommit(boolean on) {
        return new TypedSettings(idempotencyTable, recordTtl, queueRetention, deadLetterRetention, deadLetterQueue,
                soonRedelivery, Optional.of(on), maxConcurrency, minRemainingTime, maxMessageAge);
    }

    /**
     * These settings, the lanes given.
     *
     * @param lanes the most lanes at once
     * @return the new settings
     */
    public TypedSettings withMaxConcurrency(int lanes) {
        return new TypedSettings(idempotencyTable, recordTtl, queueRetention, deadLetterRetention, deadLetterQueue,
                soonRedelivery, groupCommit, Optional.of(lanes), minRemainingTime, maxMessageAge);
    }

    /**
     * These settings, the reserve given.
     *
     * @param reserve the time no message is started without, cut to whole milliseconds
     * @return the new settings
     */
    public TypedSettings withMinRemainingTime(Duration reserve) {
        return new TypedSettings(idempotencyTable, recordTtl, queueRetention, deadLetterRetention, deadLetterQueue,
                soonRedelivery, groupCommit, maxConcurrency, Optional.of(Duration.ofMillis(reserve.toMillis())), maxMessageAge);
    }

    /**
     * These settings, the age bound given.
     *
     * @param maxAge the greatest age of a message decided, cut to whole seconds
     * @return the new settings
     */
    public TypedSettings withMaxMessageAge(Duration maxAge) {
        return new TypedSettings(idempotencyTable, recordTtl, queueRetention, deadLetterRetention, deadLetterQueue,
                soonRedelivery, groupCommit, maxConcurrency, minRemainingTime, Optional.of(wholeSeconds(maxAge)));
    }

    /**
     * The value of {@code variable}: the one given in code when there is one, else the
     * environment's ({@code read}); refused when both are given and differ.
     *
     * @param env      the environment
     * @param variable the variable's name
     * @param given    the value given in code, checked by the variable's rule
     * @param read     reads the variable from {@code env} by its rule
     * @param shown    how a value reads in a refusal (as the variable would be written)
     * @param <T>      the setting's type
     * @return the setting
     */
    static <T> T either(Environment env, String variable, Optional<T> given, Supplier<T> read, Function<T, String> shown) {
        if (given.isEmpty()) {
            return read.get();
        }
        if (env.optional(variable).isPresent()) {
            T fromEnvironment = read.get();
            if (!fromEnvironment.equals(given.get())) {
                throw new ConfigurationException(variable, "is set both in the environment (" + shown.apply(fromEnvironment)
                        + ") and by the builder (" + shown.apply(given.get()) + "): give it one way");
            }
        }
        return given.get();
    }

    /** {@code seconds}, by the rule of a variable of whole seconds: greater than zero. */
    static Optional<Duration> positive(String variable, Optional<Duration> seconds) {
        seconds.filter(value -> value.isNegative()).ifPresent(value -> {
            throw new ConfigurationException(variable, "must not be negative");
        });
        seconds.filter(Duration::isZero).ifPresent(value -> {
            throw new ConfigurationException(variable, "must be greater than zero");
        });
        return seconds;
    }

    /** {@code millis}, by the rule of a variable of whole milliseconds: zero or more. */
    static Optional<Duration> notNegative(String variable, Optional<Duration> millis) {
        millis.filter(Duration::isNegative).ifPresent(value -> {
            throw new ConfigurationException(variable, "must not be negative");
        });
        return millis;
    }

    /** {@code number}, by the rule of a variable within {@code [min, max]}. */
    static Optional<Integer> within(String variable, Optional<Integer> number, int min, int max) {
        number.filter(value -> value < min || value > max).ifPresent(value -> {
            throw new ConfigurationException(variable, value < 0 ? "must not be negative"
                    : "must be between " + min + " and " + max + ", was " + value);
        });
        return number;
    }

    /** {@code text}, by the rule of a required variable: not blank. */
    static Optional<String> present(String variable, Optional<String> text) {
        text.filter(String::isEmpty).ifPresent(value -> {
            throw new ConfigurationException(variable, "is required");
        });
        return text;
    }

    private static Duration wholeSeconds(Duration duration) {
        return Duration.ofSeconds(Objects.requireNonNull(duration, "duration").toSeconds());
    }
}
