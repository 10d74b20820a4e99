package com.example.payment.notifier;

import com.example.lambdakit.telemetry.TelemetryConfig;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.lambda.powertools.idempotency.Idempotency;
import software.amazon.lambda.powertools.idempotency.IdempotencyConfig;

/** Builds the notifier from its configuration: the composition root, once per environment. */
public final class PaymentNotifier {

    private PaymentNotifier() {
    }

    /**
     * The notifier for {@code environment}; configures Powertools idempotency (a process-wide
     * setting of that library) on {@code dynamoDb}.
     *
     * @throws com.example.lambdakit.config.ConfigurationException naming a missing or unsafe setting
     */
    public static Notifier create(Map<String, String> environment, DynamoDbClient dynamoDb, SqsClient sqs,
                                  PrintStream out, Clock clock) {
        NotifierConfig config = NotifierConfig.from(environment);
        configureIdempotency(config, dynamoDb);
        PushApi api = new HttpPushApi(HttpPushApi.client(Duration.ofSeconds(1)), config.pushApiBaseUrl(),
                config.pushApiTimeout());
        return new Notifier(new IdempotentPush(api), sqs, config.deadLetterQueueUrl(), out, clock,
                TelemetryConfig.from(environment, Notifier.SERVICE, Notifier.METRICS_NAMESPACE));
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
