package com.example.payment.authorizer;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.lambdakit.telemetry.FunctionLog;
import java.security.SecureRandom;
import java.time.Clock;

/**
 * Benchmark only, in the handler's package for its package-private constructors: the payment
 * authorizer as it was before issue 24, for the cold-start benchmark to measure each change of
 * that issue interleaved with what it changed. The production function has no such switch.
 * <ul>
 *   <li>{@link #primedInMemory()}: the priming without its read through the network;</li>
 *   <li>as a Lambda handler: the init in sequence, the secrets read after the DynamoDB client is
 *       built (no {@link SecretsReadAhead}).</li>
 * </ul>
 */
public final class AsBeforeIssue24 implements RequestHandler<SQSEvent, SQSBatchResponse> {

    private final PaymentAuthorizerHandler handler = new PaymentAuthorizerHandler(
            FunctionLog.librariesLogAs(PaymentAuthorizer.SERVICE, System.getenv()), PaymentAuthorizer.dynamoDbClient(),
            PaymentAuthorizer.secretsManager(), PaymentAuthorizer::sqsClient, Clock.systemUTC(), System.out, new SecureRandom());

    /** Lambda's handler, its priming in memory only. */
    public static PaymentAuthorizerHandler primedInMemory() {
        return new PaymentAuthorizerHandler(false);
    }

    @Override
    public SQSBatchResponse handleRequest(SQSEvent event, Context context) {
        return handler.handleRequest(event, context);
    }
}
