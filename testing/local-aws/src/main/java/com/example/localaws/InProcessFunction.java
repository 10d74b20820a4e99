package com.example.localaws;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.SdkClient;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * A function's code run in this JVM rather than in a function process (the demo's handlers,
 * built with their clients injected), given clients that sign as the function
 * ({@link CallRecording#accessKeyId}) and say the phase of each call, so that the launcher
 * records its calls as a function process's. No runtime tells the phase here: every call is
 * {@value CallRecording#INIT} until {@link #initialised()}, then {@value CallRecording#INVOKE},
 * on every thread. The harness's own clients ({@link LocalAws}) stay unrecorded. Closing it
 * closes the clients it handed out.
 */
public final class InProcessFunction implements AutoCloseable {

    private final LocalAws aws;
    private final StaticCredentialsProvider credentials;
    private final PhaseHeader phase = new PhaseHeader();
    private final List<SdkClient> clients = new ArrayList<>();

    private InProcessFunction(LocalAws aws, String logicalId) {
        this.aws = aws;
        this.credentials = StaticCredentialsProvider.create(
                AwsBasicCredentials.create(CallRecording.accessKeyId(logicalId), "local"));
    }

    /** The function {@code logicalId} of the template, in its init phase, on {@code aws}. */
    public static InProcessFunction of(LocalAws aws, String logicalId) {
        return new InProcessFunction(aws, logicalId);
    }

    /** The function is built: its calls from now on are made by its invocations. */
    public void initialised() {
        phase.value = CallRecording.INVOKE;
    }

    /** A DynamoDB client of the function, with the SDK's standard retries and {@code interceptors} (e.g. a call counter). */
    public synchronized DynamoDbClient dynamoDb(ExecutionInterceptor... interceptors) {
        List<ExecutionInterceptor> all = new ArrayList<>(List.of(interceptors));
        all.add(phase);
        return kept(aws.local(DynamoDbClient.builder(), Duration.ofSeconds(10), credentials)
                .overrideConfiguration(configuration -> configuration.retryStrategy(RetryMode.STANDARD)
                        .executionInterceptors(all))
                .build());
    }

    /** An SQS client of the function, with {@code interceptors} (e.g. a fault a test injects into its requests). */
    public synchronized SqsClient sqs(ExecutionInterceptor... interceptors) {
        List<ExecutionInterceptor> all = new ArrayList<>(List.of(interceptors));
        all.add(phase);
        return kept(aws.local(SqsClient.builder(), Duration.ofSeconds(30), credentials)
                .overrideConfiguration(configuration -> configuration.executionInterceptors(all))
                .build());
    }

    /** An SNS client of the function. */
    public synchronized SnsClient sns() {
        return kept(aws.local(SnsClient.builder(), Duration.ofSeconds(10), credentials)
                .overrideConfiguration(configuration -> configuration.addExecutionInterceptor(phase))
                .build());
    }

    /** The current value of the secret {@code secretId}, read as the function reads its signing key: with a client made for that read. */
    public String secretString(String secretId) {
        try (SecretsManagerClient secrets = aws.local(SecretsManagerClient.builder(), Duration.ofSeconds(10), credentials)
                .overrideConfiguration(configuration -> configuration.addExecutionInterceptor(phase))
                .build()) {
            return secrets.getSecretValue(request -> request.secretId(secretId)).secretString();
        }
    }

    private <C extends SdkClient> C kept(C client) {
        clients.add(client);
        return client;
    }

    @Override
    public synchronized void close() {
        clients.forEach(SdkClient::close);
        clients.clear();
    }

    /** Adds the function's current phase to each of its requests. */
    private static final class PhaseHeader implements ExecutionInterceptor {

        private volatile String value = CallRecording.INIT;

        @Override
        public SdkHttpRequest modifyHttpRequest(Context.ModifyHttpRequest context, ExecutionAttributes executionAttributes) {
            return context.httpRequest().toBuilder().putHeader(CallRecording.PHASE_HEADER, value).build();
        }
    }
}
