package com.example.pretraffic;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import java.time.Clock;
import java.util.Map;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.lambda.LambdaClient;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;

/**
 * CodeDeploy's {@code BeforeAllowTraffic} hook of the authorizer. Its environment: {@code NEW_VERSION}
 * (the version ARN SAM published, {@code !Ref PaymentAuthorizerFunction.Version}), {@code PAYMENTS_QUEUE_ARN},
 * {@code IDEMPOTENCY_TABLE}, {@code ACCOUNTS_TABLE}, {@code SMOKE_SIGNING_SECRET} (the hook's key, when
 * producers' signatures are required; empty otherwise). Logs the verdict and its reason, and returns them.
 */
public final class PreTrafficHookHandler implements RequestHandler<Map<String, String>, String> {

    private final SmokeCheck check;
    private final Clock clock;
    private final String queueArn;

    public PreTrafficHookHandler() {
        this(new SmokeCheck(
                        new LambdaNewVersion(LambdaClient.builder().httpClient(UrlConnectionHttpClient.create()).build(),
                                System.getenv("NEW_VERSION")),
                        new DynamoDbSmokeReads(DynamoDbClient.builder().httpClient(UrlConnectionHttpClient.create()).build(),
                                System.getenv("IDEMPOTENCY_TABLE"), System.getenv("ACCOUNTS_TABLE")),
                        new CodeDeployLifecycleHook(UrlConnectionHttpClient.create(), DefaultCredentialsProvider.builder().build(),
                                System.getenv("AWS_REGION"), CodeDeployLifecycleHook.endpointOf(System.getenv("AWS_REGION"))),
                        signing(System.getenv("SMOKE_SIGNING_SECRET"))),
                Clock.systemUTC(), System.getenv("PAYMENTS_QUEUE_ARN"));
    }

    private static SmokeSigning signing(String secretId) {
        return secretId == null || secretId.isEmpty() ? SmokeSigning.UNSIGNED : new SecretsManagerSmokeSigning(
                SecretsManagerClient.builder().httpClient(UrlConnectionHttpClient.create()).build(), secretId);
    }

    PreTrafficHookHandler(SmokeCheck check, Clock clock, String queueArn) {
        this.check = check;
        this.clock = clock;
        this.queueArn = queueArn;
    }

    @Override
    public String handleRequest(Map<String, String> input, Context context) {
        LifecycleEvent event = LifecycleEvent.of(input);
        Verdict verdict = check.run(event, new SmokePayment(event.deploymentId(), clock.instant(), queueArn));
        String line = "deployment " + event.deploymentId() + " pre-traffic hook " + verdict.status() + ": " + verdict.reason();
        context.getLogger().log(line);
        return line;
    }
}
