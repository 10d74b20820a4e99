package com.example.payment.authorizer;

import com.example.lambdakit.config.Environment;
import com.example.payment.Payment;
import com.example.payment.PaymentParser;
import com.example.payment.PaymentPosting;
import com.example.payment.PaymentSingleWrite;
import com.example.payment.PaymentTables;
import com.example.payment.SmokeKeyScope;
import com.example.receiver.lambda.IdempotentReceiver;
import com.example.receiver.lambda.ReceiverBuilder;
import com.example.receiver.lambda.SecretReader;
import java.io.PrintStream;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import java.util.random.RandomGenerator;
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
    /** The CloudWatch namespace when neither {@code METRICS_NAMESPACE} nor its Powertools alias is set: the template's default {@code MetricsNamespace}. */
    public static final String METRICS_NAMESPACE = "Payments";
    /** The prefix of idempotency record keys: {@code PAYMENT#<transaction_id>}. */
    public static final String KEY_PREFIX = "PAYMENT";
    /** The log field, and the dead letters' message attribute, that names the transaction id. */
    public static final String KEY_FIELD = "txn_id";
    /**
     * The longest one call of the function's AWS clients may take, the SDK's retries included:
     * public so that a harness building through {@link #builder} can check its receiver has it.
     */
    public static final Duration CALL_TIMEOUT = Duration.ofSeconds(5);
    /**
     * The longest one read of the fast path's signing key may take, retries included: small
     * beside {@code MIN_REMAINING_TIME_MS}, since a read retried during a batch spends its time.
     */
    static final Duration SECRET_READ_TIMEOUT = Duration.ofSeconds(2);

    /**
     * Idle connections the JDK's HTTP client keeps per host for reuse ({@code http.maxConnections},
     * default 5: https://docs.oracle.com/en/java/javase/21/docs/api/java.base/java/net/doc-files/net-properties.html):
     * as many as the lanes may hold at once (MAX_CONCURRENCY is at most 64). With the default, a batch
     * whose lanes used 8 connections closes 3 of them, and the next batch pays their TLS handshakes
     * again (make bench-cold measured it: "TLS: DynamoDB" in the warm batch). Read once, when the
     * JDK's keep-alive cache is first used, so set when this class, which builds every client of the
     * function, is first used; a value the function is given ({@code JAVA_TOOL_OPTIONS}) is kept.
     */
    static final String KEPT_CONNECTIONS = "64";

    static {
        if (System.getProperty("http.maxConnections") == null) {
            System.setProperty("http.maxConnections", KEPT_CONNECTIONS);
        }
    }

    private PaymentAuthorizer() {
    }

    /**
     * The function's receiver for {@code environment} without a route to SQS: neither soon
     * redelivery nor the dead-letter queue (a setting that turns either on is refused, naming it),
     * secrets read from AWS Secrets Manager. Refuses, with a
     * {@link com.example.lambdakit.config.ConfigurationException} naming the setting, when a setting
     * is missing or unsafe.
     *
     * @param dynamoDb the client, built once per process
     * @param out      where logs and EMF metrics go (stdout in Lambda)
     */
    public static IdempotentReceiver<Payment> create(Map<String, String> environment, DynamoDbClient dynamoDb,
                                                     Clock clock, PrintStream out) {
        return create(environment, dynamoDb, secretsManager(), clock, out);
    }

    /**
     * As {@link #create(Map, DynamoDbClient, Clock, PrintStream)}, reading the fast path's signing
     * key and the producers' keys through {@code secrets} (the local Secrets Manager, in local runs).
     */
    public static IdempotentReceiver<Payment> create(Map<String, String> environment, DynamoDbClient dynamoDb,
                                                     SecretReader secrets, Clock clock, PrintStream out) {
        return builder(environment, dynamoDb, secrets, clock, out, new SecureRandom()).soonRedelivery(false).build();
    }

    /**
     * The function's receiver: the payment parser (the hook's key held to the smoke account,
     * {@link SmokeKeyScope}) and posting in front of the library's DynamoDB
     * store (in one transaction, or, with {@code COMMIT_MODE=single-write}, by one write of the
     * account: {@link PaymentSingleWrite}), with the fast path, the producers' signature check, soon redelivery and the
     * dead-letter queue as {@code environment} configures them.
     *
     * @param sqs    builds the SQS client soon redelivery and the dead-letter queue share, on the
     *               first use of either
     * @param random the jitter of retries (which the SnapStart priming re-seeds after a restore)
     */
    public static IdempotentReceiver<Payment> receiver(Map<String, String> environment, DynamoDbClient dynamoDb,
                                                       SecretReader secrets, Supplier<SqsClient> sqs, Clock clock,
                                                       PrintStream out, SecureRandom random) {
        return builder(environment, dynamoDb, secrets, clock, out, random).sqs(sqs).build();
    }

    /**
     * The function's wiring, to complete: {@link #receiver} builds it as Lambda runs it; a harness
     * adds what it needs (an SQS client, the library's test seams) and builds. Every input a run
     * on a virtual clock must inject is a parameter (the clients, the clock, the output, the
     * random source), so a harness builds the function's receiver through this method rather
     * than a copy of its chain.
     *
     * @param random the jitter of retries: a {@link SecureRandom} in Lambda, a seeded generator
     *               in the simulation
     * @return the builder of the function's receiver
     */
    public static ReceiverBuilder<Payment> builder(Map<String, String> environment, DynamoDbClient dynamoDb,
                                                   SecretReader secrets, Clock clock, PrintStream out,
                                                   RandomGenerator random) {
        PaymentTables tables = PaymentTables.from(new Environment(environment));
        return IdempotentReceiver.builder(new SmokeKeyScope(new PaymentParser()), new PaymentPosting(tables, clock))
                .singleWrite(new PaymentSingleWrite(tables, clock))
                .service(SERVICE).keyPrefix(KEY_PREFIX).keyField(KEY_FIELD).metricsNamespace(METRICS_NAMESPACE)
                .environment(environment).dynamoDb(dynamoDb).secrets(secrets)
                .clock(clock).out(out).random(random).callTimeout(CALL_TIMEOUT);
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
    public static SqsClient sqsClient() {
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
