package com.example.payment.authorizer;

import com.example.payment.Payment;
import com.example.receiver.lambda.ReceiverBuilder;
import com.example.receiver.lambda.SecretReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.time.Clock;
import java.util.Map;
import java.util.SplittableRandom;
import software.amazon.awssdk.auth.credentials.AnonymousCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The function's own wiring ({@link PaymentAuthorizer#builder}) for a test that answers every AWS
 * call itself, through the library's test kit: DynamoDB is asked once, for the records table's TTL
 * at the build, at a closed loopback port (the receiver goes on without the check); lines are
 * dropped. The test gives the store and the cache's nodes to the kit before it builds.
 */
public final class OfflineReceivers {

    private static final DynamoDbClient UNANSWERED = DynamoDbClient.builder().region(Region.EU_WEST_1)
            .endpointOverride(URI.create("http://127.0.0.1:9")).credentialsProvider(AnonymousCredentialsProvider.create())
            .overrideConfiguration(override -> override.retryStrategy(AwsRetryStrategy.doNotRetry())).build();

    private OfflineReceivers() {
    }

    /**
     * The function's builder on {@code environment}, reading secrets through {@code secrets}.
     *
     * @param seed the jitter's seed
     */
    public static ReceiverBuilder<Payment> builder(Map<String, String> environment, SecretReader secrets, long seed) {
        return PaymentAuthorizer.builder(environment, UNANSWERED, secrets, Clock.systemUTC(),
                new PrintStream(OutputStream.nullOutputStream()), new SplittableRandom(seed));
    }
}
