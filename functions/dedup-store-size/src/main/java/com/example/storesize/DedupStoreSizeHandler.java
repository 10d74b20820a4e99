package com.example.storesize;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.ScheduledEvent;
import com.example.lambdakit.config.Environment;
import com.example.lambdakit.telemetry.FunctionLog;
import com.example.lambdakit.telemetry.Invocations;
import com.example.lambdakit.telemetry.TelemetryConfig;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The scheduled Lambda (EventBridge schedule) that publishes the dedup store's size; reads
 * {@value #IDEMPOTENCY_TABLE} and the names and levels of its logs and metrics
 * ({@link com.example.lambdakit.telemetry.TelemetryConfig}). A failed read fails the invocation
 * (the schedule's next run reads again; the metric simply has no point for that hour).
 */
public final class DedupStoreSizeHandler implements RequestHandler<ScheduledEvent, Void> {

    /** The variable naming the idempotency table whose size is read. */
    public static final String IDEMPOTENCY_TABLE = "IDEMPOTENCY_TABLE";
    /** The CloudWatch namespace when neither {@code METRICS_NAMESPACE} nor its Powertools alias is set: the template's default {@code MetricsNamespace}. */
    public static final String METRICS_NAMESPACE = "Payments";

    private final DedupStoreSize size;
    private final Invocations invocations = Invocations.lambda();

    /** Lambda's constructor: configuration and the DynamoDB client, once per execution environment. */
    public DedupStoreSizeHandler() {
        Environment env = new Environment(FunctionLog.librariesLogAs(DedupStoreSize.SERVICE, System.getenv()));
        this.size = new DedupStoreSize(dynamoDbClient(), env.required(IDEMPOTENCY_TABLE), System.out, Clock.systemUTC(),
                TelemetryConfig.from(System.getenv(), DedupStoreSize.SERVICE, METRICS_NAMESPACE));
    }

    /** For tests: a reader built elsewhere. */
    public DedupStoreSizeHandler(DedupStoreSize size) {
        this.size = Objects.requireNonNull(size, "size");
    }

    @Override
    public Void handleRequest(ScheduledEvent event, Context context) {
        size.publish(invocations.next(context));
        return null;
    }

    /**
     * The URL-connection HTTP client (the lightest to start), region, endpoint and credentials
     * from Lambda's environment; an attempt cut at 2 s, the call with the SDK's standard retries
     * at 5 s, well inside the function's timeout.
     */
    private static DynamoDbClient dynamoDbClient() {
        return DynamoDbClient.builder()
                .httpClientBuilder(UrlConnectionHttpClient.builder()
                        .connectionTimeout(Duration.ofSeconds(1))
                        .socketTimeout(Duration.ofSeconds(2)))
                .overrideConfiguration(bounds -> bounds.retryStrategy(RetryMode.STANDARD)
                        .apiCallAttemptTimeout(Duration.ofSeconds(2))
                        .apiCallTimeout(Duration.ofSeconds(5)))
                .build();
    }
}
