package com.example.reliability;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.lambdakit.telemetry.FunctionLog;
import com.example.lambdakit.telemetry.TelemetryConfig;
import com.example.payment.Payment;
import com.example.payment.PaymentParser;
import com.example.payment.PaymentPosting;
import com.example.payment.PaymentTables;
import com.example.payment.authorizer.PaymentAuthorizer;
import com.example.payment.authorizer.PaymentAuthorizerHandler;
import com.example.receiver.BatchReceiver;
import com.example.receiver.FastPath;
import com.example.receiver.Store;
import com.example.receiver.config.ReceiverConfig;
import com.example.receiver.dynamodb.DynamoDbStore;
import com.example.receiver.dynamodb.RetryPolicy;
import com.example.receiver.lambda.IdempotentReceiver;
import com.example.receiver.redis.RedisFastPath;
import com.example.receiver.redis.SecretReader;
import com.example.receiver.sqs.SoonRedelivery;
import com.example.receiver.sqs.SqsDeadLetters;
import com.example.receiver.telemetry.JsonLinesTelemetry;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * Starts environments of the payment authorizer, composed as {@link PaymentAuthorizer#create}
 * composes it, with the fault point's crash wrapped around the project's own interfaces
 * ({@link FastPath}, {@link Store}, the handler).
 */
final class ReceiverEnvironments implements LambdaEnvironments.Factory {

    private final Map<String, String> variables;
    private final SecretReader secrets;
    private final URI dynamoDbEndpoint;
    private final FaultPoint point;
    private final CrashSchedule schedule;
    private final Supplier<SqsClient> sqs;
    private final Clock clock = Clock.systemUTC();

    /**
     * @param variables the function's environment; with {@code DEAD_LETTER_QUEUE_URL}, it dead-letters at once
     * @param sqs       the queue's client, for the visibility changes of soon retries and the dead letters
     */
    ReceiverEnvironments(Map<String, String> variables, SecretReader secrets, URI dynamoDbEndpoint, FaultPoint point,
                         CrashSchedule schedule, Supplier<SqsClient> sqs) {
        this.variables = Map.copyOf(variables);
        this.secrets = secrets;
        this.dynamoDbEndpoint = dynamoDbEndpoint;
        this.sqs = sqs;
        this.point = point;
        this.schedule = schedule;
    }

    @Override
    public LambdaEnvironments.Environment start(Crash crash) {
        com.example.lambdakit.config.Environment env = new com.example.lambdakit.config.Environment(variables);
        ReceiverConfig config = ReceiverConfig.from(env);
        PaymentTables tables = PaymentTables.from(env);
        DynamoDbClient dynamoDb = LocalClients.dynamoDb(dynamoDbEndpoint);
        JsonLinesTelemetry telemetry = new JsonLinesTelemetry(new PrintStream(OutputStream.nullOutputStream()), clock,
                TelemetryConfig.metricsNamespace(variables, PaymentAuthorizer.METRICS_NAMESPACE), PaymentAuthorizer.SERVICE, "txn_id");
        Optional<RedisFastPath> redis = config.fastPath()
                .map(cache -> RedisFastPath.connect(cache, secrets, clock, telemetry.log()));
        FastPath fastPath = redis.<FastPath>map(r -> r).orElse(FastPath.DISABLED);
        if (point == FaultPoint.CRASH_AFTER_FAST_PATH) {
            fastPath = new CrashingFastPath(fastPath, schedule, crash);
        }
        Store<Payment> store = new DynamoDbStore<>(dynamoDb, config.idempotencyTable(), PaymentAuthorizer.KEY_PREFIX,
                config.recordTtl(), new PaymentPosting(tables, clock),
                RetryPolicy.standard(config.settings().minRemainingTime(), new SecureRandom()), clock);
        if (point == FaultPoint.CRASH_AFTER_COMMIT) {
            store = new CrashingStore<>(store, schedule, crash);
        }
        BatchReceiver<Payment> receiver = new BatchReceiver<>(new PaymentParser(), fastPath, store, telemetry, config.settings());
        // A soon retry comes back in 1-2 s: inside the scenarios' 3 s visibility timeout, as 1-5 s is inside the template's 181 s.
        SoonRedelivery soon = new SoonRedelivery(sqs, Duration.ofSeconds(1), Duration.ofSeconds(2), new SecureRandom(),
                new FunctionLog(new PrintStream(OutputStream.nullOutputStream()), clock, PaymentAuthorizer.SERVICE));
        Optional<SqsDeadLetters> deadLetters = PaymentAuthorizer.deadLetters(variables, sqs,
                new FunctionLog(new PrintStream(OutputStream.nullOutputStream()), clock, PaymentAuthorizer.SERVICE));
        PaymentAuthorizerHandler handler = new PaymentAuthorizerHandler(IdempotentReceiver.around(receiver).withSoonRedelivery(soon).withDeadLetters(deadLetters));
        return new LambdaEnvironments.Environment() {
            @Override
            public SQSBatchResponse invoke(SQSEvent event, Crash crashOfThis) {
                SQSBatchResponse response = handler.handleRequest(event, null);
                if (point == FaultPoint.CRASH_BEFORE_DELETE && schedule.due()) {
                    crashOfThis.now();
                }
                return response;
            }

            @Override
            public void close() {
                receiver.close();
                redis.ifPresent(RedisFastPath::close);
            }
        };
    }
}
