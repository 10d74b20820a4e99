package com.example.recordsweeper;

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
 * The scheduled Lambda (an EventBridge schedule, every minute, in each Region of a multi-Region
 * stack) that sweeps what TTL would on a single-Region table; configured by
 * {@link SweeperSettings}'s variables and the names and levels of its logs and metrics
 * ({@link TelemetryConfig}). It refuses to start on a retention below
 * {@link SweeperSettings#MINIMUM_RETENTION}. A failed call fails the invocation: the next run
 * sweeps again, and every write it repeats is conditional.
 */
public final class RecordSweeperHandler implements RequestHandler<ScheduledEvent, Void> {

    /** The CloudWatch namespace when neither {@code METRICS_NAMESPACE} nor its Powertools alias is set: the template's default {@code MetricsNamespace}. */
    public static final String METRICS_NAMESPACE = "Payments";

    private final RecordSweeper sweeper;
    private final Invocations invocations = Invocations.lambda();

    /** Lambda's constructor: configuration and the DynamoDB client, once per execution environment. */
    public RecordSweeperHandler() {
        Environment env = new Environment(FunctionLog.librariesLogAs(RecordSweeper.SERVICE, System.getenv()));
        this.sweeper = new RecordSweeper(dynamoDbClient(), SweeperSettings.from(env), System.out, Clock.systemUTC(),
                TelemetryConfig.from(System.getenv(), RecordSweeper.SERVICE, METRICS_NAMESPACE));
    }

    /** For tests: a sweeper built elsewhere. */
    public RecordSweeperHandler(RecordSweeper sweeper) {
        this.sweeper = Objects.requireNonNull(sweeper, "sweeper");
    }

    @Override
    public Void handleRequest(ScheduledEvent event, Context context) {
        sweeper.sweep(invocations.next(context), Duration.ofMillis(context.getRemainingTimeInMillis()));
        return null;
    }

    /**
     * The URL-connection HTTP client (the lightest to start), region, endpoint and credentials
     * from Lambda's environment; each attempt and each call cut at the bounds the run's
     * {@link TimeBudget} reserves time for.
     */
    private static DynamoDbClient dynamoDbClient() {
        return DynamoDbClient.builder()
                .httpClientBuilder(UrlConnectionHttpClient.builder()
                        .connectionTimeout(Duration.ofSeconds(1))
                        .socketTimeout(TimeBudget.ATTEMPT_TIMEOUT))
                .overrideConfiguration(bounds -> bounds.retryStrategy(RetryMode.STANDARD)
                        .apiCallAttemptTimeout(TimeBudget.ATTEMPT_TIMEOUT)
                        .apiCallTimeout(TimeBudget.CALL_TIMEOUT))
                .build();
    }
}
