package com.example.payment.notifier;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.lambdakit.telemetry.FunctionLog;
import com.example.lambdakit.telemetry.Invocations;
import java.time.Clock;
import java.util.Objects;
import org.crac.Core;
import org.crac.Resource;
import software.amazon.lambda.powertools.idempotency.Idempotency;

/**
 * The SQS-triggered Lambda on the notifications queue: notifies each approved payment once and
 * answers with the partial batch failures (the event source must report
 * {@code ReportBatchItemFailures}). Under SnapStart it is a CRaC {@link Resource}: after a restore
 * the push API's credential is read again at the first call.
 */
public final class PaymentNotifierHandler implements RequestHandler<SQSEvent, SQSBatchResponse>, Resource {

    private final Notifier notifier;
    private final Invocations invocations = Invocations.lambda();

    /** Lambda's constructor: configuration and clients, once per execution environment. */
    public PaymentNotifierHandler() {
        this(PaymentNotifier.create(FunctionLog.librariesLogAs(Notifier.SERVICE, System.getenv()), PaymentNotifier.dynamoDbClient(),
                PaymentNotifier.sqsClient(), PaymentNotifier.secretsManager(), System.out, Clock.systemUTC()));
        Core.getGlobalContext().register(this); // held weakly by CRaC: Lambda keeps this handler
    }

    /** For tests and local runtimes: a notifier built elsewhere. */
    public PaymentNotifierHandler(Notifier notifier) {
        this.notifier = Objects.requireNonNull(notifier, "notifier");
    }

    @Override
    public SQSBatchResponse handleRequest(SQSEvent event, Context context) {
        // An in-progress record then expires with this invocation: if it dies between the push
        // call and the record's completion, a redelivery after its timeout may claim the record.
        Idempotency.registerLambdaContext(context);
        return notifier.process(event, invocations.next(context));
    }

    @Override
    public void beforeCheckpoint(org.crac.Context<? extends Resource> context) {
        // nothing to close: the credential is kept, and read again after the restore
    }

    @Override
    public void afterRestore(org.crac.Context<? extends Resource> context) {
        notifier.restored();
    }
}
