package com.example.reliability;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.lambdakit.config.Environment;
import com.example.payment.Payment;
import com.example.payment.authorizer.PaymentAuthorizer;
import com.example.payment.authorizer.PaymentAuthorizerHandler;
import com.example.receiver.lambda.IdempotentReceiver;
import com.example.receiver.lambda.ReceiverBuilder;
import com.example.receiver.lambda.SecretReader;
import com.example.receiver.testing.ReceiverTestKit;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.function.Supplier;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * Starts environments of the payment authorizer, composed by the receiver's builder as
 * {@link PaymentAuthorizer} composes it, with the fault point's crash hooked into the receiver by
 * the library's test kit ({@link CrashAfterCommit} after a commit, {@link CrashAfterLookup} after a
 * lookup) or around the handler.
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
        ReceiverBuilder<Payment> builder = PaymentAuthorizer.builder(variables, LocalClients.dynamoDb(dynamoDbEndpoint),
                        secrets, clock, new PrintStream(OutputStream.nullOutputStream()), new SecureRandom())
                .sqs(sqs)
                // A soon retry comes back in 1-2 s: inside the scenarios' 3 s visibility timeout, as 1-5 s is inside the template's 181 s.
                .soonRedeliveryWithin(Duration.ofSeconds(1), Duration.ofSeconds(2));
        ReceiverTestKit<Payment> faults = ReceiverTestKit.of(builder);
        if (point == FaultPoint.CRASH_AFTER_FAST_PATH) {
            faults.afterLookup(new CrashAfterLookup(schedule, crash));
        }
        if (point == FaultPoint.CRASH_AFTER_COMMIT) {
            faults.afterCommit(new CrashAfterCommit(schedule, crash));
        }
        IdempotentReceiver<Payment> receiver = builder.build();
        PaymentAuthorizerHandler handler = new PaymentAuthorizerHandler(receiver);
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
            }
        };
    }
}
