package com.example.bench.cold;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.payment.authorizer.PaymentAuthorizerHandler;

/**
 * The production handler with its SnapStart hooks run at construction, in the order a CRaC JVM
 * runs them around a snapshot ({@code beforeCheckpoint}, then {@code afterRestore}). Without a
 * CRaC JVM there is no snapshot: its first invocation shows what priming saves the first
 * invocation after a restore; its init includes the priming, which SnapStart would pay once, when
 * the version is published.
 */
public final class PrimedAuthorizerHandler implements RequestHandler<SQSEvent, SQSBatchResponse> {

    private final PaymentAuthorizerHandler handler = new PaymentAuthorizerHandler();

    public PrimedAuthorizerHandler() {
        handler.beforeCheckpoint(null);
        handler.afterRestore(null);
    }

    @Override
    public SQSBatchResponse handleRequest(SQSEvent event, Context context) {
        return handler.handleRequest(event, context);
    }
}
