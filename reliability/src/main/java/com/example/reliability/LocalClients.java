package com.example.reliability;

import com.example.localaws.LocalAws;
import java.net.URI;
import java.time.Duration;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The DynamoDB client of an implementation under test: like the function's (standard retries,
 * an attempt cut when it hangs), with the attempt timeout scaled down to 1 s so that a lost
 * response costs a second, not two.
 */
final class LocalClients {

    static final Duration ATTEMPT_TIMEOUT = Duration.ofSeconds(1);

    private LocalClients() {
    }

    static DynamoDbClient dynamoDb(URI endpoint) {
        return DynamoDbClient.builder()
                .endpointOverride(endpoint)
                .region(LocalAws.REGION)
                .credentialsProvider(LocalAws.credentials())
                .httpClientBuilder(UrlConnectionHttpClient.builder()
                        .connectionTimeout(Duration.ofSeconds(1))
                        .socketTimeout(ATTEMPT_TIMEOUT))
                .overrideConfiguration(ClientOverrideConfiguration.builder()
                        .retryStrategy(RetryMode.STANDARD)
                        .apiCallAttemptTimeout(ATTEMPT_TIMEOUT)
                        .apiCallTimeout(Duration.ofSeconds(5))
                        .build())
                .build();
    }
}
