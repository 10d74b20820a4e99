package com.example.payment.authorizer;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.payment.Payment;
import com.example.receiver.BatchReceiver;
import com.example.receiver.RemainingTime;
import com.example.receiver.sqs.SqsBatch;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;

/**
 * The SQS-triggered Lambda: parse, decide every message exactly once in effect, and answer with
 * the partial batch failures (the event source mapping must report
 * {@code ReportBatchItemFailures}). It never throws for a message.
 */
public final class PaymentAuthorizerHandler implements RequestHandler<SQSEvent, SQSBatchResponse> {

    private final BatchReceiver<Payment> receiver;

    /** Lambda's constructor: configuration and clients, once per execution environment. */
    public PaymentAuthorizerHandler() {
        this(PaymentAuthorizer.create(System.getenv(), PaymentAuthorizer.dynamoDbClient(),
                Clock.systemUTC(), System.out));
    }

    /** For tests and local runtimes: a receiver built elsewhere. */
    public PaymentAuthorizerHandler(BatchReceiver<Payment> receiver) {
        this.receiver = Objects.requireNonNull(receiver, "receiver");
    }

    @Override
    public SQSBatchResponse handleRequest(SQSEvent event, Context context) {
        RemainingTime remaining = context == null
                ? RemainingTime.UNBOUNDED
                : () -> Duration.ofMillis(context.getRemainingTimeInMillis());
        return SqsBatch.response(receiver.process(SqsBatch.messages(event), remaining));
    }
}
