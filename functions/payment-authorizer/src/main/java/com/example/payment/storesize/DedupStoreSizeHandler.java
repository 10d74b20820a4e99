package com.example.payment.storesize;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.ScheduledEvent;
import com.example.lambdakit.config.Environment;
import com.example.lambdakit.telemetry.FunctionLog;
import com.example.lambdakit.telemetry.Invocations;
import com.example.lambdakit.telemetry.TelemetryConfig;
import com.example.payment.authorizer.PaymentAuthorizer;
import com.example.receiver.config.ReceiverConfig;
import java.time.Clock;
import java.util.Objects;

/**
 * The scheduled Lambda (EventBridge schedule) that publishes the dedup store's size; reads
 * {@code IDEMPOTENCY_TABLE} and the names and levels of its logs and metrics
 * ({@link com.example.lambdakit.telemetry.TelemetryConfig}). A failed read fails the invocation
 * (the schedule's next run reads again; the metric simply has no point for that hour).
 */
public final class DedupStoreSizeHandler implements RequestHandler<ScheduledEvent, Void> {

    private final DedupStoreSize size;
    private final Invocations invocations = Invocations.lambda();

    /** Lambda's constructor: configuration and the DynamoDB client, once per execution environment. */
    public DedupStoreSizeHandler() {
        Environment env = new Environment(FunctionLog.librariesLogAs(DedupStoreSize.SERVICE, System.getenv()));
        this.size = new DedupStoreSize(PaymentAuthorizer.dynamoDbClient(), env.required(ReceiverConfig.IDEMPOTENCY_TABLE),
                System.out, Clock.systemUTC(),
                TelemetryConfig.from(System.getenv(), DedupStoreSize.SERVICE, PaymentAuthorizer.METRICS_NAMESPACE));
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
}
