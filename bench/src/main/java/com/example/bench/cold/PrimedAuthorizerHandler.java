package com.example.bench.cold;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.lambdakit.telemetry.FunctionLog;
import com.example.payment.authorizer.PaymentAuthorizer;
import com.example.payment.authorizer.PaymentAuthorizerHandler;
import com.example.payment.authorizer.RequestPathPriming;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Map;

/**
 * The production handler with its SnapStart hooks run at construction, in the order a CRaC JVM
 * runs them around a snapshot ({@code beforeCheckpoint}, then {@code afterRestore}). Without a
 * CRaC JVM there is no snapshot: its first invocation shows what priming saves the first
 * invocation after a restore; its init includes the priming, which SnapStart would pay once, when
 * the version is published. {@value #PRIMING} chooses the priming: {@code invoke} (as deployed:
 * the in-memory batch and a read through the network) or {@code in-memory} (as before issue 24).
 */
public final class PrimedAuthorizerHandler implements RequestHandler<SQSEvent, SQSBatchResponse> {

    static final String PRIMING = "BENCH_PRIMING";

    private final PaymentAuthorizerHandler handler;

    public PrimedAuthorizerHandler() {
        handler = switch (String.valueOf(System.getenv(PRIMING))) {
            case "invoke" -> new PaymentAuthorizerHandler();
            case "in-memory" -> primedInMemory();
            default -> throw new IllegalArgumentException(PRIMING + " must be invoke or in-memory, not " + System.getenv(PRIMING));
        };
        handler.beforeCheckpoint(null);
        handler.afterRestore(null);
    }

    /** Lambda's handler as its no-arg constructor builds it, its priming the one of before issue 24. */
    private static PaymentAuthorizerHandler primedInMemory() {
        Map<String, String> env = FunctionLog.librariesLogAs(PaymentAuthorizer.SERVICE, System.getenv());
        Clock clock = Clock.systemUTC();
        SecureRandom random = new SecureRandom();
        return new PaymentAuthorizerHandler(PaymentAuthorizer.receiver(env, PaymentAuthorizer.dynamoDbClient(),
                PaymentAuthorizer.secretsManager(), PaymentAuthorizer::sqsClient, clock, System.out, random),
                RequestPathPriming.inMemoryOnly(env, clock, random));
    }

    @Override
    public SQSBatchResponse handleRequest(SQSEvent event, Context context) {
        return handler.handleRequest(event, context);
    }
}
