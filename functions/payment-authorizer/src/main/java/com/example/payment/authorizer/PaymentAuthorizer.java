package com.example.payment.authorizer;

import com.example.payment.Payment;
import com.example.payment.PaymentParser;
import com.example.payment.PaymentPosting;
import com.example.payment.PaymentTables;
import com.example.receiver.BatchReceiver;
import com.example.receiver.FastPath;
import com.example.receiver.MessageAuthenticity;
import com.example.receiver.authenticity.ProducerSignatures;
import com.example.receiver.config.Environment;
import com.example.receiver.config.ReceiverConfig;
import com.example.receiver.dynamodb.ConflictRetryPolicy;
import com.example.receiver.dynamodb.DynamoDbStore;
import com.example.receiver.redis.RedisFastPath;
import com.example.receiver.redis.SecretReader;
import com.example.receiver.sqs.SoonRedelivery;
import com.example.receiver.telemetry.JsonLinesTelemetry;
import java.io.PrintStream;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
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
     * conflict retries' jitter from {@code random} (which the SnapStart priming re-seeds after a
     * restore).
     */
    static BatchReceiver<Payment> create(Map<String, String> environment, DynamoDbClient dynamoDb, SecretReader secrets,
                                         Clock clock, PrintStream out, SecureRandom random) {
        return executionEnvironment(environment, dynamoDb, secrets, PaymentAuthorizer::sqsClient, clock, out, random)
                .receiver();
    }

    /**
     * What one execution environment runs: the receiver, its fast path, its soon redelivery and
     * its check of the producers' signatures when they are configured.
     *
     * @param fastPath       the cache, which a SnapStart restore asks to read a signing key the
     *                       init could not read
     * @param soonRedelivery brings back in 1-5 s the messages that met contention or ran out of
     *                       time ({@link SoonRedelivery}); empty with {@code SOON_REDELIVERY=false}
     * @param producerSignatures the check of every message's signature
     *                       ({@code REQUIRE_PRODUCER_SIGNATURES=true}), which a SnapStart restore
     *                       asks to read producers' keys the init could not read
     */
    record ExecutionEnvironment(BatchReceiver<Payment> receiver, Optional<RedisFastPath> fastPath,
                                Optional<SoonRedelivery> soonRedelivery, Optional<ProducerSignatures> producerSignatures) {

        ExecutionEnvironment {
            Objects.requireNonNull(receiver, "receiver");
            Objects.requireNonNull(fastPath, "fastPath");
            Objects.requireNonNull(soonRedelivery, "soonRedelivery");
            Objects.requireNonNull(producerSignatures, "producerSignatures");
        }

        /** After a SnapStart restore: keys the init could not read (the cache's, the producers') are read at the next batch. */
        void restored() {
            fastPath.ifPresent(RedisFastPath::readSigningKeyAtNextUse);
            producerSignatures.ifPresent(ProducerSignatures::readKeysAtNextUse);
        }
    }

    /**
     * As {@link #create(Map, DynamoDbClient, SecretReader, Clock, PrintStream, SecureRandom)}, with
     * the fast path and the soon redelivery.
     *
     * @param sqs builds the SQS client of the soon redelivery, on its first use; never called
     *            with {@code SOON_REDELIVERY=false}
     */
    static ExecutionEnvironment executionEnvironment(Map<String, String> environment, DynamoDbClient dynamoDb,
                                                     SecretReader secrets, Supplier<SqsClient> sqs, Clock clock,
                                                     PrintStream out, SecureRandom random) {
        Environment env = new Environment(environment);
        ReceiverConfig config = ReceiverConfig.from(env);
        PaymentTables tables = PaymentTables.from(env);
        JsonLinesTelemetry telemetry = new JsonLinesTelemetry(out, clock, config.metricsNamespace(), SERVICE, "txn_id");
        // Before anything else is built: keys that were read but are unusable stop the init here.
        Optional<ProducerSignatures> producerSignatures = config.producerSignatures()
                .map(required -> ProducerSignatures.reading(required, secrets, clock, telemetry.log()));
        Optional<RedisFastPath> fastPath = config.fastPath()
                .map(cache -> RedisFastPath.connect(cache, secrets, clock, telemetry.log()));
        // SecureRandom, not a seeded generator: under SnapStart every restored environment would
        // otherwise replay the same "random" jitter from the snapshot.
        DynamoDbStore<Payment> store = new DynamoDbStore<>(dynamoDb, config.idempotencyTable(), KEY_PREFIX,
                config.recordTtl(), new PaymentPosting(tables, clock),
                ConflictRetryPolicy.standard(config.settings().minRemainingTime(), random), clock);
        BatchReceiver<Payment> receiver = new BatchReceiver<>(
                producerSignatures.<MessageAuthenticity>map(signatures -> signatures).orElse(MessageAuthenticity.NOT_CHECKED),
                new PaymentParser(), fastPath.<FastPath>map(redis -> redis).orElse(FastPath.DISABLED), store, telemetry,
                config.settings());
        Optional<SoonRedelivery> soonRedelivery = config.soonRedelivery()
                ? Optional.of(new SoonRedelivery(sqs, Duration.ofSeconds(1), Duration.ofSeconds(5), random, telemetry.log()))
                : Optional.empty();
        return new ExecutionEnvironment(receiver, fastPath, soonRedelivery, producerSignatures);
    }

    /**
     * Reads a secret from AWS Secrets Manager (region and endpoint from the standard AWS
     * environment), with a client made for that one read and closed after it: the fast path
     * reads its signing key, and the signature check its producers' keys, at start and, only
     * while that fails, once a minute during a batch.
     * A read, its retries included, is cut at {@link #SECRET_READ_TIMEOUT}.
     */
    public static SecretReader secretsManager() {
        return secretId -> {
            try (SecretsManagerClient client = SecretsManagerClient.builder()
                    .httpClientBuilder(UrlConnectionHttpClient.builder()
                            .connectionTimeout(Duration.ofSeconds(1))
                            .socketTimeout(Duration.ofSeconds(1)))
                    .overrideConfiguration(override -> override
                            .retryStrategy(RetryMode.STANDARD)
                            .apiCallAttemptTimeout(Duration.ofSeconds(1))
                            .apiCallTimeout(SECRET_READ_TIMEOUT))
                    .build()) {
                return client.getSecretValue(request -> request.secretId(secretId)).secretString();
            }
        };
    }

    /** The SQS client of the function (visibility changes): the same HTTP client, retries and timeouts as DynamoDB's. */
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
                .apiCallTimeout(Duration.ofSeconds(5));
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
        return DynamoDbClient.builder()
                .httpClientBuilder(httpClient)
                .overrideConfiguration(callBounds().executionInterceptors(List.of(interceptors)).build())
                .build();
    }
}
