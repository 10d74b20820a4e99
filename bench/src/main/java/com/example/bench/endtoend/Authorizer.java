package com.example.bench.endtoend;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.lambdafakes.LambdaContext;
import com.example.lambdakit.telemetry.TelemetryConfig;
import com.example.localaws.LocalAws;
import com.example.localpayments.ReceiverEnvironment;
import com.example.payment.Payment;
import com.example.payment.PaymentTables;
import com.example.payment.authorizer.PaymentAuthorizer;
import com.example.payment.notifier.NotificationRecords;
import com.example.receiver.BatchResult;
import com.example.receiver.lambda.IdempotentReceiver;
import com.example.receiver.lambda.ReceiverVariables;
import com.example.reliability.Implementation;
import com.example.reliability.baseline.BaselineFaults;
import com.example.reliability.baseline.PowertoolsAuthorizer;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.lambda.powertools.idempotency.persistence.BasePersistenceStore;

/**
 * One warm execution environment of an authorizer under measurement: the real receiver or
 * handler, built once, invoked batch after batch, with a DynamoDB client whose interceptors count
 * what it sends.
 */
interface Authorizer extends AutoCloseable {

    /** The function's timeout in template.yaml: the baseline's Lambda context counts down from it. */
    Duration FUNCTION_TIMEOUT = Duration.ofSeconds(30);

    SQSBatchResponse invoke(SQSEvent event);

    @Override
    void close();

    /**
     * The payment authorizer as {@link PaymentAuthorizer#create} composes it, with the
     * environment template.yaml gives it and {@code MAX_CONCURRENCY} = {@code concurrency}; each
     * batch decided as its handler decides it ({@code decide}, then the partial batch response),
     * its decisions handed to {@code decided}.
     */
    static Authorizer ours(LocalAws aws, URI dynamoDbEndpoint, String redisEndpoint, Clock clock, int concurrency,
                           Consumer<BatchResult> decided, ExecutionInterceptor... interceptors) {
        Map<String, String> env = new HashMap<>(ReceiverEnvironment.idempotencyStore(Fixture.RECORDS));
        env.put(PaymentTables.ACCOUNTS_TABLE, Fixture.ACCOUNTS);
        env.put(PaymentTables.LEDGER_TABLE, Fixture.LEDGER);
        env.putAll(ReceiverEnvironment.fastPath(aws.redis(), aws.fastPathSigningSecret()));
        env.put(ReceiverVariables.FAST_PATH_ENDPOINT, redisEndpoint);
        env.put(ReceiverVariables.MAX_CONCURRENCY, Integer.toString(concurrency));
        env.put(TelemetryConfig.METRICS_NAMESPACE, "Bench");
        DynamoDbClient dynamoDb = client(dynamoDbEndpoint, interceptors);
        IdempotentReceiver<Payment> receiver = PaymentAuthorizer.create(env, dynamoDb, aws::secretString, clock,
                new PrintStream(OutputStream.nullOutputStream()));
        return new Authorizer() {
            @Override
            public SQSBatchResponse invoke(SQSEvent event) {
                BatchResult result = receiver.decide(event, null);
                decided.accept(result);
                return IdempotentReceiver.batchResponse(result);
            }

            @Override
            public void close() {
                receiver.close();
                dynamoDb.close();
            }
        };
    }

    /**
     * The reliability module's Powertools baseline ({@code @Idempotent} per record, a debit and a
     * ledger put in between), its records kept for {@code expiration}.
     */
    static Authorizer baseline(URI dynamoDbEndpoint, Duration expiration, ExecutionInterceptor... interceptors) {
        return baseline(Implementation.POWERTOOLS, dynamoDbEndpoint, expiration, interceptors);
    }

    /**
     * The baseline {@code implementation} names: Powertools as served, or with its in-progress
     * expiry fixed as upstream fixed it (the notifier's {@link NotificationRecords}, as the
     * reliability suite runs it).
     */
    static Authorizer baseline(Implementation implementation, URI dynamoDbEndpoint, Duration expiration,
                               ExecutionInterceptor... interceptors) {
        DynamoDbClient dynamoDb = client(dynamoDbEndpoint, interceptors);
        BasePersistenceStore records = switch (implementation) {
            case POWERTOOLS -> PowertoolsAuthorizer.asServed(dynamoDb, Fixture.BASELINE_RECORDS);
            case POWERTOOLS_FIXED -> new NotificationRecords(dynamoDb, Fixture.BASELINE_RECORDS);
            case RECEIVER -> throw new IllegalArgumentException("ours is not a baseline: use Authorizer.ours");
        };
        PowertoolsAuthorizer handler = new PowertoolsAuthorizer(dynamoDb, records,
                new PaymentTables(Fixture.ACCOUNTS, Fixture.LEDGER), BaselineFaults.NONE, Clock.systemUTC(), expiration);
        return new Authorizer() {
            @Override
            public SQSBatchResponse invoke(SQSEvent event) {
                return handler.handleRequest(event, LambdaContext.startingNow("bench", FUNCTION_TIMEOUT));
            }

            @Override
            public void close() {
                dynamoDb.close();
            }
        };
    }

    /** The function's client ({@link PaymentAuthorizer#dynamoDbClient()}'s settings) at {@code endpoint}. */
    private static DynamoDbClient client(URI endpoint, ExecutionInterceptor... interceptors) {
        return DynamoDbClient.builder()
                .endpointOverride(endpoint)
                .region(LocalAws.REGION)
                .credentialsProvider(LocalAws.credentials())
                .httpClientBuilder(PaymentAuthorizer.httpClient())
                .overrideConfiguration(PaymentAuthorizer.callBounds().executionInterceptors(List.of(interceptors)).build())
                .build();
    }
}
