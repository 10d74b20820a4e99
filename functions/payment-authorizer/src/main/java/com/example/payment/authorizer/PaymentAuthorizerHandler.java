package com.example.payment.authorizer;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.lambdakit.telemetry.FunctionLog;
import com.example.payment.Payment;
import com.example.receiver.lambda.IdempotentReceiver;
import com.example.receiver.redis.SecretReader;
import java.io.PrintStream;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.crac.Core;
import org.crac.Resource;
import software.amazon.awssdk.http.SdkHttpClient;
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

    /**
     * Idle connections the JDK's HTTP client keeps per host for reuse ({@code http.maxConnections},
     * default 5: https://docs.oracle.com/en/java/javase/21/docs/api/java.base/java/net/doc-files/net-properties.html):
     * as many as the lanes may hold at once (MAX_CONCURRENCY is at most 64). With the default, a batch
     * whose lanes used 8 connections closes 3 of them, and the next batch pays their TLS handshakes
     * again (make bench-cold measured it: "TLS: DynamoDB" in the warm batch). Read once, when the
     * JDK's keep-alive cache is first used, so set before any client is built; a value the function
     * is given ({@code JAVA_TOOL_OPTIONS}) is kept.
     */
    static final String KEPT_CONNECTIONS = "64";

    static {
        if (System.getProperty("http.maxConnections") == null) {
            System.setProperty("http.maxConnections", KEPT_CONNECTIONS);
        }
    }

    private final IdempotentReceiver<Payment> receiver;
    private final Optional<RequestPathPriming> priming;

    /** Lambda's constructor: configuration and clients, once per execution environment. */
    public PaymentAuthorizerHandler() {
        this(true);
    }

    /**
     * As Lambda's constructor, priming with or without its read through the network
     * ({@link RequestPathPriming}): the cold-start benchmark compares the two.
     */
    PaymentAuthorizerHandler(boolean primingReadsThroughTheNetwork) {
        this(FunctionLog.librariesLogAs(PaymentAuthorizer.SERVICE, System.getenv()), primingReadsThroughTheNetwork);
    }

    private PaymentAuthorizerHandler(Map<String, String> env, boolean primingReadsThroughTheNetwork) {
        this(env, PaymentAuthorizer.dynamoDbClient(), PaymentAuthorizer.secretsManager(), PaymentAuthorizer::sqsClient,
                Clock.systemUTC(), System.out, new SecureRandom(), primingReadsThroughTheNetwork);
        Core.getGlobalContext().register(this); // held weakly by CRaC: Lambda keeps this handler
    }

    /** As Lambda builds it, on the given clients and output: tests point them at the local AWS. */
    PaymentAuthorizerHandler(Map<String, String> env, DynamoDbClient dynamoDb, SecretReader secrets,
                             Supplier<SqsClient> sqs, Clock clock, PrintStream out, SecureRandom random) {
        this(env, dynamoDb, secrets, sqs, clock, out, random, true);
    }

    private PaymentAuthorizerHandler(Map<String, String> env, DynamoDbClient dynamoDb, SecretReader secrets,
                                     Supplier<SqsClient> sqs, Clock clock, PrintStream out, SecureRandom random,
                                     boolean primingReadsThroughTheNetwork) {
        this.receiver = PaymentAuthorizer.receiver(env, dynamoDb, secrets, sqs, clock, out, random);
        this.priming = Optional.of(new RequestPathPriming(env, PaymentAuthorizer::dynamoDbClient,
                primingReadsThroughTheNetwork
                        ? Optional.<Function<SdkHttpClient, DynamoDbClient>>of(PaymentAuthorizer::dynamoDbClient)
                        : Optional.empty(),
                clock, random));
    }

    /**
     * For tests and local runtimes: a receiver built elsewhere ({@link IdempotentReceiver#around},
     * with or without soon redelivery and a dead-letter queue), with nothing to prime.
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
