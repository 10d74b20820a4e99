package com.example.bench.cold;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.payment.authorizer.PaymentAuthorizerHandler;
import com.example.payment.authorizer.AsBeforeIssue24;

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
            case "in-memory" -> AsBeforeIssue24.primedInMemory();
            default -> throw new IllegalArgumentException(PRIMING + " must be invoke or in-memory, not " + System.getenv(PRIMING));
        };
        handler.beforeCheckpoint(null);
        handler.afterRestore(null);
    }

    @Override
    public SQSBatchResponse handleRequest(SQSEvent event, Context context) {
        return handler.handleRequest(event, context);
    }
}
