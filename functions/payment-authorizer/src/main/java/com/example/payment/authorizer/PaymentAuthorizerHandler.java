package com.example.payment.authorizer;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.lambdakit.telemetry.FunctionLog;
import com.example.payment.Payment;
import com.example.receiver.lambda.IdempotentReceiver;
import com.example.receiver.lambda.SecretReader;
import java.io.PrintStream;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.crac.Core;
import org.crac.Resource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * The SQS-triggered Lambda: parse, decide every message exactly once in effect, send what can
 * never be decided to the dead-letter queue with its reason, and answer with the partial batch
 * failures (the event source mapping must report {@code ReportBatchItemFailures}). It never
 * throws for a message. Under SnapStart it is a CRaC
 * {@link Resource}: the request path is primed before the snapshot ({@link RequestPathPriming}), and
 * after a restore the keys the init could not read (the fast path's, the producers') are read at
 * the first batch.
 */
public final class PaymentAuthorizerHandler implements RequestHandler<SQSEvent, SQSBatchResponse>, Resource {

    private final IdempotentReceiver<Payment> receiver;
    private final Optional<RequestPathPriming> priming;

    /** Lambda's constructor: configuration and clients, once per execution environment. */
    public PaymentAuthorizerHandler() {
        this(FunctionLog.librariesLogAs(PaymentAuthorizer.SERVICE, System.getenv()), PaymentAuthorizer.dynamoDbClient(),
                PaymentAuthorizer.secretsManager(), PaymentAuthorizer::sqsClient, Clock.systemUTC(), System.out,
                new SecureRandom());
        Core.getGlobalContext().register(this); // held weakly by CRaC: Lambda keeps this handler
    }

    /**
     * As Lambda builds it, on the given clients and output: tests point them at the local AWS, a
     * benchmark reads the secrets its own way.
     */
    public PaymentAuthorizerHandler(Map<String, String> env, DynamoDbClient dynamoDb, SecretReader secrets,
                                    Supplier<SqsClient> sqs, Clock clock, PrintStream out, SecureRandom random) {
        this(PaymentAuthorizer.receiver(env, dynamoDb, secrets, sqs, clock, out, random),
                RequestPathPriming.ofFunction(env, clock, random));
    }

    /**
     * A receiver built elsewhere, and the SnapStart priming run before its snapshot (the
     * function's, {@link RequestPathPriming#ofFunction}, or another to compare it with).
     */
    public PaymentAuthorizerHandler(IdempotentReceiver<Payment> receiver, RequestPathPriming priming) {
        this.receiver = Objects.requireNonNull(receiver, "receiver");
        this.priming = Optional.of(priming);
    }

    /**
     * For tests and local runtimes: a receiver built elsewhere ({@link PaymentAuthorizer#create},
     * {@link PaymentAuthorizer#builder}), with nothing to prime.
     */
    public PaymentAuthorizerHandler(IdempotentReceiver<Payment> receiver) {
        this.receiver = Objects.requireNonNull(receiver, "receiver");
        this.priming = Optional.empty();
    }

    @Override
    public SQSBatchResponse handleRequest(SQSEvent event, Context context) {
        return receiver.handle(event, context);
    }

    @Override
    public void beforeCheckpoint(org.crac.Context<? extends Resource> context) {
        priming.ifPresent(hook -> hook.beforeCheckpoint(context));
    }

    @Override
    public void afterRestore(org.crac.Context<? extends Resource> context) {
        priming.ifPresent(hook -> hook.afterRestore(context));
        receiver.restored();
    }
}
