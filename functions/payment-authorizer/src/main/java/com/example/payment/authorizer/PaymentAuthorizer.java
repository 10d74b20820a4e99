package com.example.payment.authorizer;

import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.payment.Payment;
import com.example.payment.PaymentParser;
import com.example.payment.PaymentPosting;
import com.example.payment.PaymentTables;
import com.example.receiver.BatchReceiver;
import com.example.receiver.DeadLetterChannel;
import com.example.receiver.FastPath;
import com.example.receiver.MessageAuthenticity;
import com.example.receiver.authenticity.ProducerSignatures;
import com.example.receiver.config.DeadLetterConfig;
import com.example.receiver.config.Environment;
import com.example.receiver.config.ReceiverConfig;
import com.example.receiver.dynamodb.DynamoDbStore;
import com.example.receiver.dynamodb.RetryPolicy;
import com.example.receiver.redis.RedisFastPath;
import com.example.receiver.redis.SecretReader;
import com.example.receiver.sqs.SoonRedelivery;
import com.example.receiver.sqs.SqsDeadLetters;
import com.example.receiver.telemetry.FunctionLog;
import com.example.receiver.telemetry.JsonLinesTelemetry;
import com.example.receiver.telemetry.TelemetryConfig;
import java.io.PrintStream;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * Builds the payment authorizer's receiver from its configuration: the composition root, run
 * once per process (in Lambda's init phase), never per message.
 */
public final class PaymentAuthorizer {

    /** The {@code Service} dimension and log field. */
    public static final String SERVICE = "payment-authorizer";
    /** The prefix of idempotency record keys: {@code PAYMENT#<transaction_id>}. */
    public static final String KEY_PREFIX = "PAYMENT";
    /** The log field, and the dead letters' message attribute, that names the transaction id. */
    public static final String KEY_FIELD = "txn_id";
    /** Lambda's variable naming the function's version, which the dead letters carry. */
    static final String FUNCTION_VERSION = "AWS_LAMBDA_FUNCTION_VERSION";
    /** The longest one call of the function's AWS clients may take, the SDK's retries included. */
    static final Duration CALL_TIMEOUT = Duration.ofSeconds(5);
    /**
     * The longest one read of the fast path's signing key may take, retries included: small
     * beside {@code MIN_REMAINING_TIME_MS}, since a read retried during a batch spends its time.
     */
    static final Duration SECRET_READ_TIMEOUT = Duration.ofSeconds(2);

    private PaymentAuthorizer() {
    }

    /**
     * The receiver for {@code environment}; refuses, with a
     * {@link com.example.receiver.ConfigurationException} naming the setting, when a setting is
     * missing or unsafe.
     *
     * @param dynamoDb the client, built once per process
     * @param out      where logs and EMF metrics go (stdout in Lambda)
     */
    public static BatchReceiver<Payment> create(Map<String, String> environment, DynamoDbClient dynamoDb,
                                                Clock clock, PrintStream out) {
        return create(environment, dynamoDb, secretsManager(), clock, out, new SecureRandom());
    }

    /**
     * As {@link #create(Map, DynamoDbClient, Clock, PrintStream)}, reading the fast path's signing
     * key and the producers' keys through {@code secrets} (the local Secrets Manager, in local runs).
     */
    public static BatchReceiver<Payment> create(Map<String, String> environment, DynamoDbClient dynamoDb,
                                                SecretReader secrets, Clock clock, PrintStream out) {
        return create(environment, dynamoDb, secrets, clock, out, new SecureRandom());
    }

    /**
     * As {@link #create(Map, DynamoDbClient, SecretReader, Clock, PrintStream)}, drawing the
     * jitter of the contention and throttling retries from {@code random} (which the SnapStart
     * priming re-seeds after a restore).
     */
    static BatchReceiver<Payment> create(Map<String, String> environment, DynamoDbClient dynamoDb, SecretReader secrets,
                                         Clock clock, PrintStream out, SecureRandom random) {
        return executionEnvironment(environment, dynamoDb, secrets, PaymentAuthorizer::sqsClient, clock, out, random)
                .receiver();
    }

    /**
     * What one execution environment runs: the receiver, its fast path, its soon redelivery and
     * its dead-letter queue and its check of the producers' signatures when they are configured.
     *
     * @param fastPath       the cache, which a SnapStart restore asks to read a signing key the
     *                       init could not read
     * @param soonRedelivery brings back in 1-5 s the messages that met contention or ran out of
     *                       time, and throttled ones in 1-5 s doubled at each receive
     *                       ({@link SoonRedelivery}); empty with {@code SOON_REDELIVERY=false}
     * @param deadLetters    where rejected and conflicting payments go at once, with their reason
     *                       ({@link SqsDeadLetters}); empty without {@code DEAD_LETTER_QUEUE_URL} or
     *                       with {@code DEAD_LETTER_AT_ONCE=false}
     * @param producerSignatures the check of every message's signature
     *                       ({@code REQUIRE_PRODUCER_SIGNATURES=true}), which a SnapStart restore
     *                       asks to read producers' keys the init could not read
     */
    record ExecutionEnvironment(BatchReceiver<Payment> receiver, Optional<RedisFastPath> fastPath,
                                Optional<SoonRedelivery> soonRedelivery, Optional<SqsDeadLetters> deadLetters,
                                Optional<ProducerSignatures> producerSignatures) {

        ExecutionEnvironment {
            Objects.requireNonNull(receiver, "receiver");
            Objects.requireNonNull(fastPath, "fastPath");
            Objects.requireNonNull(soonRedelivery, "soonRedelivery");
            Objects.requireNonNull(deadLetters, "deadLetters");
            Objects.requireNonNull(producerSignatures, "producerSignatures");
        }

        /** The dead-letter channel of the batch {@code event} carries: none without a dead-letter queue. */
        DeadLetterChannel deadLetterChannel(SQSEvent event) {
            return deadLetters.map(queue -> queue.channel(event)).orElse(DeadLetterChannel.NONE);
        }

        /** After a SnapStart restore: keys the init could not read (the cache's, the producers') are read at the next batch. */
        void restored() {
            fastPath.ifPresent(RedisFastPath::readSigningKeyAtNextUse);
            producerSignatures.ifPresent(ProducerSignatures::readKeysAtNextUse);
        }
    }

    /**
     * As {@link #create(Map, DynamoDbClient, SecretReader, Clock, PrintStream, SecureRandom)}, with
     * the fast path, the soon redelivery and the dead-letter queue.
     *
     * @param sqs builds the SQS client the soon redelivery and the dead-letter queue share, on the
     *            first use of either; never called with {@code SOON_REDELIVERY=false} and
     *            {@code DEAD_LETTER_AT_ONCE=false}
     */
    static ExecutionEnvironment executionEnvironment(Map<String, String> environment, DynamoDbClient dynamoDb,
                                                     SecretReader secrets, Supplier<SqsClient> sqs, Clock clock,
                                                     PrintStream out, SecureRandom random) {
        Environment env = new Environment(environment);
        ReceiverConfig config = ReceiverConfig.from(env);
        PaymentTables tables = PaymentTables.from(env);
        JsonLinesTelemetry telemetry = new JsonLinesTelemetry(out, clock,
                TelemetryConfig.from(environment, SERVICE, config.metricsNamespace()), KEY_FIELD);
        // Before anything else is built: keys that were read but are unusable stop the init here.
        Optional<ProducerSignatures> producerSignatures = config.producerSignatures()
                .map(required -> ProducerSignatures.reading(required, secrets, clock, telemetry.log()));
        Optional<RedisFastPath> fastPath = config.fastPath()
                .map(cache -> RedisFastPath.connect(cache, secrets, clock, telemetry.log()));
        // SecureRandom, not a seeded generator: under SnapStart every restored environment would
        // otherwise replay the same "random" jitter from the snapshot.
        DynamoDbStore<Payment> store = new DynamoDbStore<>(dynamoDb, config.idempotencyTable(), KEY_PREFIX,
                config.recordTtl(), new PaymentPosting(tables, clock),
                RetryPolicy.standard(config.settings().minRemainingTime(), random), clock);
        BatchReceiver<Payment> receiver = new BatchReceiver<>(
                producerSignatures.<MessageAuthenticity>map(signatures -> signatures).orElse(MessageAuthenticity.NOT_CHECKED),
                new PaymentParser(), fastPath.<FastPath>map(redis -> redis).orElse(FastPath.DISABLED), store, telemetry,
                config.settings());
        Supplier<SqsClient> oneSqsClient = once(sqs);
        Optional<SoonRedelivery> soonRedelivery = config.soonRedelivery()
                ? Optional.of(new SoonRedelivery(oneSqsClient, Duration.ofSeconds(1), Duration.ofSeconds(5), random, telemetry.log()))
                : Optional.empty();
        return new ExecutionEnvironment(receiver, fastPath, soonRedelivery, deadLetters(environment, oneSqsClient, telemetry.log()),
                producerSignatures);
    }

    /**
     * Where the function sends rejected and conflicting payments at once, with their reason
     * ({@code DEAD_LETTER_QUEUE_URL}, {@code DEAD_LETTER_AT_ONCE}); empty when it leaves them to
     * the queue's redrive policy. Each carries the transaction id as {@value #KEY_FIELD} and the
     * function's version; no call is started with less than {@link #CALL_TIMEOUT} left.
     *
     * @param sqs builds the SQS client, on first use
     * @param log where a dead letter that could not be sent is reported
     */
    public static Optional<SqsDeadLetters> deadLetters(Map<String, String> environment, Supplier<SqsClient> sqs,
                                                       FunctionLog log) {
        Environment env = new Environment(environment);
        return DeadLetterConfig.from(env).queueUrl().map(url -> new SqsDeadLetters(sqs, url, KEY_FIELD,
                env.optional(FUNCTION_VERSION), CALL_TIMEOUT, log));
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

    /**
     * Reads a secret from AWS Secrets Manager (region and endpoint from the standard AWS
     * environment), with a client made for that one read and closed after it: the fast path
     * reads its signing key, and the signature check its producers' keys, at start and, only
     * while that fails, once a minute during a batch. Its connection is closed with its client
     * ({@link DisconnectingHttpClient}): under SnapStart the read at start precedes the snapshot.
     * A read, its retries included, is cut at {@link #SECRET_READ_TIMEOUT}.
     */
    public static SecretReader secretsManager() {
        return secretId -> {
            try (DisconnectingHttpClient http = new DisconnectingHttpClient(UrlConnectionHttpClient.builder()
                    .connectionTimeout(Duration.ofSeconds(1))
                    .socketTimeout(Duration.ofSeconds(1))
                    .build());
                 SecretsManagerClient client = SecretsManagerClient.builder()
                    .httpClient(http)
                    .overrideConfiguration(override -> override
                            .retryStrategy(RetryMode.STANDARD)
                            .apiCallAttemptTimeout(Duration.ofSeconds(1))
                            .apiCallTimeout(SECRET_READ_TIMEOUT))
                    .build()) {
                return client.getSecretValue(request -> request.secretId(secretId)).secretString();
            }
        };
    }

    /** The SQS client of the function (visibility changes, dead letters): the same HTTP client, retries and timeouts as DynamoDB's. */
    static SqsClient sqsClient() {
        return SqsClient.builder()
                .httpClientBuilder(httpClient())
                .overrideConfiguration(callBounds().build())
                .build();
    }

    /** The function's HTTP client: the URL-connection one, connecting within 1 s, reading within 2 s. */
    public static UrlConnectionHttpClient.Builder httpClient() {
        return UrlConnectionHttpClient.builder()
                .connectionTimeout(Duration.ofSeconds(1))
                .socketTimeout(Duration.ofSeconds(2));
    }

    /** The SDK's standard retries (3 attempts, jittered), each attempt cut at 2 s, the whole call at 5 s. */
    public static ClientOverrideConfiguration.Builder callBounds() {
        return ClientOverrideConfiguration.builder()
                .retryStrategy(RetryMode.STANDARD)
                .apiCallAttemptTimeout(Duration.ofSeconds(2))
                .apiCallTimeout(CALL_TIMEOUT);
    }

    /**
     * The DynamoDB client of the function: the URL-connection HTTP client (the lightest to
     * start), region and endpoint from the standard AWS environment ({@code AWS_REGION},
     * {@code AWS_ENDPOINT_URL}), and timeouts well inside the function's: an attempt that hangs
     * is cut at 2 s, the whole call with the SDK's standard retries (3 attempts, jittered) at 5 s.
     *
     * @param interceptors added to the client (the SnapStart priming's stop before transmission)
     */
    public static DynamoDbClient dynamoDbClient(ExecutionInterceptor... interceptors) {
        return dynamoDbClient(httpClient(), interceptors);
    }

    /**
     * The function's client on another HTTP client (the cold-start benchmark compares them);
     * the same region, endpoint, retries and call timeouts as {@link #dynamoDbClient}.
     */
    public static DynamoDbClient dynamoDbClient(SdkHttpClient.Builder<?> httpClient, ExecutionInterceptor... interceptors) {
        return dynamoDbClientOn(builder -> builder.httpClientBuilder(httpClient), interceptors);
    }

    /** The function's client on an HTTP client its caller owns (and closes). */
    static DynamoDbClient dynamoDbClient(SdkHttpClient httpClient) {
        return dynamoDbClientOn(builder -> builder.httpClient(httpClient));
    }

    private static DynamoDbClient dynamoDbClientOn(UnaryOperator<DynamoDbClientBuilder> http, ExecutionInterceptor... interceptors) {
        return http.apply(DynamoDbClient.builder())
                .overrideConfiguration(callBounds().executionInterceptors(List.of(interceptors)).build())
                .build();
    }
}
