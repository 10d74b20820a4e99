package com.example.receiver.lambda;

import com.example.lambdakit.config.ConfigurationException;
import com.example.lambdakit.config.Environment;
import com.example.lambdakit.telemetry.TelemetryConfig;
import com.example.receiver.MessageParser;
import com.example.receiver.dynamodb.SingleWriteEffect;
import com.example.receiver.dynamodb.TransactionalEffect;
import com.example.receiver.internal.BatchReceiver;
import com.example.receiver.internal.FastPath;
import com.example.receiver.internal.LaneItems;
import com.example.receiver.internal.MessageAge;
import com.example.receiver.internal.MessageAuthenticity;
import com.example.receiver.internal.MonotonicClock;
import com.example.receiver.internal.Seams;
import com.example.receiver.internal.Sleeper;
import com.example.receiver.internal.Store;
import com.example.receiver.internal.authenticity.ProducerSignatures;
import com.example.receiver.internal.config.CommitMode;
import com.example.receiver.internal.config.ReceiverConfig;
import com.example.receiver.internal.config.TypedSettings;
import com.example.receiver.internal.dynamodb.DynamoDbStore;
import com.example.receiver.internal.dynamodb.RecordsTable;
import com.example.receiver.internal.dynamodb.RetryPolicy;
import com.example.receiver.internal.dynamodb.SingleWriteStore;
import com.example.receiver.internal.redis.RedisFastPath;
import com.example.receiver.internal.sqs.SoonRedelivery;
import com.example.receiver.internal.sqs.SqsDeadLetters;
import com.example.receiver.internal.telemetry.JsonLinesTelemetry;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * What {@link ReceiverBuilder#build} assembles: the settings read once (the environment and the
 * typed settings), then the parts in the order that keeps a refusal cheap (nothing that holds a
 * connection or a thread before every setting is accepted): the telemetry, the records table's TTL
 * check, the producers' keys, the fast path, the store, the batch rules, soon redelivery and the
 * dead letters. The builder is the public edge; this is the wiring behind it.
 */
final class ReceiverAssembly {

    /**
     * What the builder was given, complete (the required parts present).
     *
     * @param <P> the domain's payload type
     */
    record Given<P>(MessageParser<P> parser, TransactionalEffect<P> effect, Optional<SingleWriteEffect<P>> singleWrite,
                    String service, String keyPrefix,
                    String keyField, Optional<String> metricsNamespace, Map<String, String> environment,
                    TypedSettings typed, DynamoDbClient dynamoDb, Optional<SecretReader> secrets,
                    Optional<Supplier<SqsClient>> sqs, PrintStream out, ReceiverRuntime runtime, Duration callTimeout,
                    Duration soonMin, Duration soonMax, Seams<P> seams) {
    }

    private ReceiverAssembly() {
    }

    /** The receiver {@code given} describes; refuses, with the Lambda kit's exception, any setting it cannot run on. */
    static <P> IdempotentReceiver<P> assemble(Given<P> given) {
        ReceiverConfig config = ReceiverConfig.from(new Environment(given.environment()), given.typed());
        CommitMode mode = CommitMode.from(new Environment(given.environment()));
        if (mode instanceof CommitMode.SingleWrite && given.singleWrite().isEmpty()) {
            throw new ConfigurationException(ReceiverVariables.COMMIT_MODE,
                    "is single-write, which needs the domain's single-write effect (ReceiverBuilder.singleWrite)");
        }
        // Refused before anything that holds a connection or a thread is built.
        if (given.sqs().isEmpty() && (config.soonRedelivery() || config.deadLetters().queueUrl().isPresent())) {
            throw new ConfigurationException(config.soonRedelivery() ? ReceiverVariables.SOON_REDELIVERY
                    : ReceiverVariables.DEAD_LETTER_QUEUE_URL, "needs an SQS client (ReceiverBuilder.sqs)");
        }
        ReceiverRuntime runtime = given.runtime();
        JsonLinesTelemetry telemetry = new JsonLinesTelemetry(given.out(), runtime.clock(),
                TelemetryConfig.from(given.environment(), given.service(), given.metricsNamespace().orElse(given.service())),
                given.keyField());
        if (mode instanceof CommitMode.Transaction) {
            // A single-write stack's tables have no TTL: its sweeper deletes expired records.
            RecordsTable.requireTtl(given.dynamoDb(), config.idempotencyTable(), telemetry.log());
        }
        // Keys that were read but are unusable stop the init here, before the cache is connected.
        Optional<ProducerSignatures> signatures = config.producerSignatures().map(required -> ProducerSignatures.reading(
                required, secrets(given, ReceiverVariables.PRODUCER_SIGNING_SECRETS), runtime.clock(), telemetry.log()));
        Optional<RedisFastPath> redis = config.fastPath().map(cache -> RedisFastPath.connect(cache, given.keyPrefix(),
                given.seams().cache(), secrets(given, ReceiverVariables.FAST_PATH_SIGNING_SECRET), runtime.clock(),
                telemetry.log()));
        Sleeper pauses = runtime.sleeper()::sleep;
        MonotonicClock monotonic = runtime.monotonic()::getAsLong;
        RetryPolicy retries = RetryPolicy.standard(config.settings().minRemainingTime(), runtime.random());
        Store<P> store = given.seams().store().apply(switch (mode) {
            case CommitMode.Transaction transaction -> new DynamoDbStore<>(given.dynamoDb(), config.idempotencyTable(),
                    given.keyPrefix(), config.recordTtl(), given.effect(), retries, runtime.clock(), pauses);
            case CommitMode.SingleWrite single -> new SingleWriteStore<>(given.dynamoDb(), config.idempotencyTable(),
                    given.keyPrefix(), config.recordTtl(), single.region(), given.singleWrite().orElseThrow(), retries,
                    runtime.clock(), pauses);
        });
        LaneItems<P> items = mode instanceof CommitMode.SingleWrite
                ? given.singleWrite().orElseThrow()::items : given.effect()::items;
        FastPath cache = given.seams().fastPath().apply(redis.<FastPath>map(r -> r).orElse(FastPath.DISABLED));
        BatchReceiver<P> batches = new BatchReceiver<>(
                signatures.<MessageAuthenticity>map(s -> s).orElse(MessageAuthenticity.NOT_CHECKED),
                given.parser(), MessageAge.of(config.maxMessageAge(), runtime.clock()), cache, store, items,
                given.seams().telemetry().apply(telemetry), config.settings(), monotonic,
                runtime.lanes().apply(config.settings().maxConcurrency()));
        // One client for soon redelivery and the dead letters, built at the first call of either.
        Optional<Supplier<SqsClient>> oneSqsClient = given.sqs().map(ReceiverAssembly::once);
        Optional<SoonRedelivery> soon = oneSqsClient.filter(client -> config.soonRedelivery())
                .map(client -> new SoonRedelivery(client, given.soonMin(), given.soonMax(), runtime.random(), telemetry.log()));
        Optional<SqsDeadLetters> deadLetters = oneSqsClient.flatMap(client ->
                SqsDeadLetters.from(config, client, given.keyField(), given.callTimeout(), telemetry.log()));
        return new IdempotentReceiver<>(batches, soon, deadLetters, redis, signatures);
    }

    private static SecretReader secrets(Given<?> given, String setting) {
        return given.secrets().orElseThrow(() -> new ConfigurationException(setting,
                "needs a reader of secrets (ReceiverBuilder.secrets)"));
    }

    /** {@code supplier}'s value, made on the first call and kept: one client for all who need it, none if nobody does. */
    private static <T> Supplier<T> once(Supplier<T> supplier) {
        return new Supplier<>() {
            private T value;

            @Override
            public synchronized T get() {
                if (value == null) {
                    value = supplier.get();
                }
                return value;
            }
        };
    }
}
