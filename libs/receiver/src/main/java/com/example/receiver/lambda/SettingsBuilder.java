package com.example.receiver.lambda;

import com.example.receiver.internal.config.TypedSettings;
import java.time.Duration;
import java.util.Map;

/**
 * The settings half of {@link ReceiverBuilder}: the function's environment and the settings given
 * in code, each the same variable as in the environment ({@link ReceiverVariables}), held as values
 * (no variable's text) and checked by the variable's rule when the receiver is built, where the
 * environment is read once. A variable given both ways with two values is refused, naming it:
 * nothing decides silently which one wins.
 *
 * @param <B> the builder these calls return
 */
public abstract sealed class SettingsBuilder<B extends SettingsBuilder<B>> permits ReceiverBuilder {

    private Map<String, String> environment = Map.of();
    private TypedSettings typed = TypedSettings.NONE;

    SettingsBuilder() {
    }

    /**
     * The function's environment variables: every setting is read and validated from them (and the typed settings) at {@link ReceiverBuilder#build}.
     *
     * @param variables the function's environment variables, copied
     * @return this builder
     */
    public final B environment(Map<String, String> variables) {
        this.environment = BuilderArguments.environment(variables);
        return self();
    }

    /**
     * The table of idempotency records ({@code IDEMPOTENCY_TABLE}): a string partition key {@code pk}, TTL on {@code expiresAt}.
     *
     * @param table the table's name
     * @return this builder
     */
    public final B idempotencyTable(String table) {
        typed = typed.withIdempotencyTable(BuilderArguments.given(ReceiverVariables.IDEMPOTENCY_TABLE, "idempotencyTable", table));
        return self();
    }

    /**
     * How long a record counts ({@code IDEMPOTENCY_TTL_SECONDS}, 30 days by default): longer than any copy can live.
     *
     * @param ttl whole seconds
     * @return this builder
     */
    public final B recordTtl(Duration ttl) {
        typed = typed.withRecordTtl(BuilderArguments.given(ReceiverVariables.IDEMPOTENCY_TTL_SECONDS, "recordTtl", ttl));
        return self();
    }

    /**
     * The source queue's message retention ({@code QUEUE_RETENTION_SECONDS}).
     *
     * @param retention whole seconds
     * @return this builder
     */
    public final B queueRetention(Duration retention) {
        typed = typed.withQueueRetention(BuilderArguments.given(ReceiverVariables.QUEUE_RETENTION_SECONDS, "queueRetention", retention));
        return self();
    }

    /**
     * The dead-letter queue's message retention ({@code DEAD_LETTER_RETENTION_SECONDS}, 14 days by default).
     *
     * @param retention whole seconds
     * @return this builder
     */
    public final B deadLetterRetention(Duration retention) {
        typed = typed.withDeadLetterRetention(BuilderArguments.given(ReceiverVariables.DEAD_LETTER_RETENTION_SECONDS, "deadLetterRetention", retention));
        return self();
    }

    /**
     * Sends what no delivery can decide to this queue at once ({@code DEAD_LETTER_QUEUE_URL}); needs {@link ReceiverBuilder#sqs}.
     *
     * @param queueUrl the dead-letter queue's URL
     * @return this builder
     */
    public final B deadLetterQueue(String queueUrl) {
        typed = typed.withDeadLetterQueue(BuilderArguments.given(ReceiverVariables.DEAD_LETTER_QUEUE_URL, "deadLetterQueue", queueUrl));
        return self();
    }

    /**
     * Whether a message that failed for a passing reason comes back in seconds ({@code SOON_REDELIVERY}, on by default; needs {@link ReceiverBuilder#sqs}).
     *
     * @param on true to bring such messages back soon
     * @return this builder
     */
    public final B soonRedelivery(boolean on) {
        typed = typed.withSoonRedelivery(on);
        return self();
    }

    /**
     * Whether a lane's new operations are committed in one transaction ({@code GROUP_COMMIT}, on by default).
     *
     * @param on true to commit a hot key's batch together
     * @return this builder
     */
    public final B groupCommit(boolean on) {
        typed = typed.withGroupCommit(on);
        return self();
    }

    /**
     * The most lanes run at once ({@code MAX_CONCURRENCY}, 8 by default, 1 to 64).
     *
     * @param lanes the most lanes
     * @return this builder
     */
    public final B maxConcurrency(int lanes) {
        typed = typed.withMaxConcurrency(lanes);
        return self();
    }

    /**
     * No message is started with less of the invocation left ({@code MIN_REMAINING_TIME_MS}, 10 s by default).
     *
     * @param reserve whole milliseconds
     * @return this builder
     */
    public final B minRemainingTime(Duration reserve) {
        typed = typed.withMinRemainingTime(BuilderArguments.given(ReceiverVariables.MIN_REMAINING_TIME_MS, "minRemainingTime", reserve));
        return self();
    }

    /**
     * Refuses every message issued more than {@code maxAge} before the receiver's clock, or more
     * than 60 s after it ({@code MAX_MESSAGE_AGE_SECONDS}, 1 to 364 days; no bound by default): the
     * domain's commands must then carry their time of issue ({@link com.example.receiver.Command#issuedAt()}),
     * and the records must outlive the bound ({@code IDEMPOTENCY_TTL_SECONDS} above it plus the 60 s).
     *
     * @param maxAge whole seconds
     * @return this builder
     */
    public final B maxMessageAge(Duration maxAge) {
        typed = typed.withMaxMessageAge(BuilderArguments.given(ReceiverVariables.MAX_MESSAGE_AGE_SECONDS, "maxMessageAge", maxAge));
        return self();
    }

    /** The function's environment, as given. */
    final Map<String, String> environment() {
        return environment;
    }

    /** The settings given in code. */
    final TypedSettings typed() {
        return typed;
    }

    /** This builder, as its own type. */
    abstract B self();
}
