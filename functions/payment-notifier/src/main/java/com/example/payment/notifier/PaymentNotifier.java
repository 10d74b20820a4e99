package com.example.payment.notifier;

import com.example.lambdakit.secrets.RefreshingSecret;
import com.example.lambdakit.secrets.SecretSource;
import com.example.lambdakit.telemetry.FunctionLog;
import com.example.lambdakit.telemetry.TelemetryConfig;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.lambda.powertools.idempotency.Idempotency;
import software.amazon.lambda.powertools.idempotency.IdempotencyConfig;

/** Builds the notifier from its configuration: the composition root, once per environment. */
public final class PaymentNotifier {

    /** What the log lines of the credential's reads say. */
    static final RefreshingSecret.Lines CREDENTIAL = new RefreshingSecret.Lines("Push API credential read",
            "Push API credential unreadable: every notification is retried until it is read", "UnusableSecretValue");
    /** The least time between two reads of the credential after a refusal (or while it is unreadable). */
    static final Duration CREDENTIAL_READ_EVERY = Duration.ofSeconds(60);

    private PaymentNotifier() {
    }

    /**
     * The notifier for {@code environment}; configures Powertools idempotency (a process-wide
     * setting of that library) on {@code dynamoDb}, and reads the push API's credential through
     * {@code secrets} (the local Secrets Manager, in local runs).
     *
     * @throws com.example.lambdakit.config.ConfigurationException naming a missing or unsafe setting
     */
    public static Notifier create(Map<String, String> environment, DynamoDbClient dynamoDb, SqsClient sqs,
                                  SecretSource secrets, PrintStream out, Clock clock) {
        NotifierConfig config = NotifierConfig.from(environment);
        configureIdempotency(config, dynamoDb);
        TelemetryConfig telemetry = TelemetryConfig.from(environment, Notifier.SERVICE, Notifier.METRICS_NAMESPACE);
        FunctionLog log = FunctionLog.of(out, clock, telemetry);
        PushApi api = new HttpPushApi(HttpPushApi.client(Duration.ofSeconds(1)), config.pushApiBaseUrl(),
                config.pushApiTimeout(), auth(config, secrets, log, clock));
        return new Notifier(new IdempotentPush(api), sqs, config.deadLetterQueueUrl(), log, out, clock, telemetry);
    }

    /**
     * The push API credential of {@code config}, read now through {@code secrets} (and again after
     * a refusal, at most once per {@link #CREDENTIAL_READ_EVERY}); nothing read with {@code none}.
     */
    static PushApiAuth auth(NotifierConfig config, SecretSource secrets, FunctionLog log, Clock clock) {
        return switch (config.pushApiAuth()) {
            case NONE -> new PushApiAuth.None();
            case BEARER -> new BearerToken(new RefreshingSecret<>(secrets, config.credentialSecret(), PushCredential::bearer,
                    CREDENTIAL, clock, CREDENTIAL_READ_EVERY, log));
            case HMAC, HMAC_AND_LEGACY -> new WebhookSignature(new RefreshingSecret<>(secrets, config.credentialSecret(),
                    PushCredential::signingKeys, CREDENTIAL, clock, CREDENTIAL_READ_EVERY, log), clock,
                    config.pushApiAuth() == NotifierConfig.AuthMode.HMAC_AND_LEGACY);
        };
    }

    /**
     * Reads a secret from AWS Secrets Manager (region and endpoint from the standard AWS
     * environment) with one client, built at the first read: each read cut at 2 s, retries included.
     */
    public static SecretSource secretsManager() {
        return new SecretSource() {
            private SecretsManagerClient client;

            @Override
            public synchronized String secretString(String secretId) {
                if (client == null) {
                    client = SecretsManagerClient.builder()
                            .httpClientBuilder(UrlConnectionHttpClient.builder()
                                    .connectionTimeout(Duration.ofSeconds(1)).socketTimeout(Duration.ofSeconds(1)))
                            .overrideConfiguration(ClientOverrideConfiguration.builder().retryStrategy(RetryMode.STANDARD)
                                    .apiCallAttemptTimeout(Duration.ofSeconds(1)).apiCallTimeout(Duration.ofSeconds(2)).build())
                            .build();
                }
                return client.getSecretValue(request -> request.secretId(secretId)).secretString();
            }
        };
    }

    /**
     * Powertools idempotency for {@link IdempotentPush#send}: keyed on the transaction id, the
     * account, amount and currency validated against the stored record, records kept for the
     * configured TTL, no in-memory cache (the table is the truth across environments).
     */
    static void configureIdempotency(NotifierConfig config, DynamoDbClient dynamoDb) {
        Idempotency.config()
                .withPersistenceStore(new NotificationRecords(dynamoDb, config.recordsTable()))
                .withConfig(IdempotencyConfig.builder()
                        .withEventKeyJMESPath("transactionId")
                        .withPayloadValidationJMESPath("[accountId, amountMinor, currency]")
                        .withThrowOnNoIdempotencyKey(true)
                        .withExpiration(config.recordTtl())
                        .build())
                .configure();
    }

    /** The DynamoDB client of the function: each attempt cut at 2 s, the whole call at 5 s. */
    public static DynamoDbClient dynamoDbClient() {
        return DynamoDbClient.builder()
                .httpClientBuilder(UrlConnectionHttpClient.builder()
                        .connectionTimeout(Duration.ofSeconds(1)).socketTimeout(Duration.ofSeconds(2)))
                .overrideConfiguration(ClientOverrideConfiguration.builder().retryStrategy(RetryMode.STANDARD)
                        .apiCallAttemptTimeout(Duration.ofSeconds(2)).apiCallTimeout(Duration.ofSeconds(5)).build())
                .build();
    }

    /** The SQS client of the function (for the DLQ), with the same bounds. */
    public static SqsClient sqsClient() {
        return SqsClient.builder()
                .httpClientBuilder(UrlConnectionHttpClient.builder()
                        .connectionTimeout(Duration.ofSeconds(1)).socketTimeout(Duration.ofSeconds(2)))
                .overrideConfiguration(ClientOverrideConfiguration.builder().retryStrategy(RetryMode.STANDARD)
                        .apiCallAttemptTimeout(Duration.ofSeconds(2)).apiCallTimeout(Duration.ofSeconds(5)).build())
                .build();
    }
}
