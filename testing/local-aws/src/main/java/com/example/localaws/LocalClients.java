package com.example.localaws;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.client.builder.AwsClientBuilder;
import software.amazon.awssdk.awscore.client.builder.AwsSyncClientBuilder;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.http.TlsTrustManagersProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * The SDK clients of the local AWS: each pointed at its endpoint on 127.0.0.1, in
 * {@link LocalAws#REGION}, with dummy credentials and the URL-connection HTTP client trusting
 * the local CA ({@link LocalTls}). {@link LocalAws} is one; its two answers are all a client needs.
 */
public interface LocalClients {

    /** The local AWS's endpoint. */
    URI endpoint();

    /** The local CA's trust, for an HTTP client of the harness's own ({@code tlsTrustManagersProvider}). */
    TlsTrustManagersProvider trust();

    /** A DynamoDB client for the local AWS, with the given interceptors (e.g. a call counter). */
    default DynamoDbClient dynamoDb(ExecutionInterceptor... interceptors) {
        return local(DynamoDbClient.builder(), Duration.ofSeconds(10))
                .overrideConfiguration(ClientOverrideConfiguration.builder()
                        .retryStrategy(RetryMode.STANDARD)
                        .executionInterceptors(List.of(interceptors))
                        .build())
                .build();
    }

    /**
     * A DynamoDB client for a harness's own reads of whole tables (audits after a run): one page of
     * a scan of thousands of items can take the launcher tens of seconds on a loaded 2-core
     * machine, and the harness is not what is measured, so it waits instead of failing the run.
     */
    default DynamoDbClient dynamoDbForAudits() {
        return local(DynamoDbClient.builder(), Duration.ofSeconds(120)).build();
    }

    /** An SQS client for the local AWS. */
    default SqsClient sqs() {
        return local(SqsClient.builder(), Duration.ofSeconds(30)).build();
    }

    /** An SQS client for the local AWS with the given interceptors (e.g. a fault on the requests it sends). */
    default SqsClient sqs(ExecutionInterceptor... interceptors) {
        return local(SqsClient.builder(), Duration.ofSeconds(30))
                .overrideConfiguration(ClientOverrideConfiguration.builder()
                        .executionInterceptors(List.of(interceptors)).build())
                .build();
    }

    /**
     * An SQS client signing as an operator's command ({@link CallRecording#operatorAccessKeyId}),
     * whose calls the launcher records for the rehearsal to check against the queues' policies.
     */
    default SqsClient sqsAsOperator(String command) {
        return local(SqsClient.builder(), Duration.ofSeconds(30), StaticCredentialsProvider.create(
                AwsBasicCredentials.create(CallRecording.operatorAccessKeyId(command), "local"))).build();
    }

    /** An SNS client for the local AWS. */
    default SnsClient sns() {
        return local(SnsClient.builder(), Duration.ofSeconds(10)).build();
    }

    /**
     * {@code builder} pointed at the local moto launcher, with dummy credentials and the
     * URL-connection HTTP client trusting the local CA ({@link LocalTls}).
     */
    default <B extends AwsClientBuilder<B, ?> & AwsSyncClientBuilder<B, ?>> B local(B builder, Duration socketTimeout) {
        return local(builder, socketTimeout, LocalAws.credentials());
    }

    /** The same, signing with {@code credentials} (a function's own, see {@link InProcessFunction}). */
    default <B extends AwsClientBuilder<B, ?> & AwsSyncClientBuilder<B, ?>> B local(B builder, Duration socketTimeout,
                                                                            AwsCredentialsProvider credentials) {
        return builder.endpointOverride(endpoint())
                .region(LocalAws.REGION)
                .credentialsProvider(credentials)
                .httpClientBuilder(UrlConnectionHttpClient.builder()
                        .tlsTrustManagersProvider(trust())
                        .connectionTimeout(Duration.ofSeconds(2))
                        .socketTimeout(socketTimeout));
    }

    /** A DynamoDB Streams client for the local AWS (the tables' streams). */
    default DynamoDbStreamsClient dynamoDbStreams() {
        return local(DynamoDbStreamsClient.builder(), Duration.ofSeconds(10)).build();
    }

    /** A Secrets Manager client for the local AWS. */
    default SecretsManagerClient secretsManager() {
        return local(SecretsManagerClient.builder(), Duration.ofSeconds(10)).build();
    }
}
