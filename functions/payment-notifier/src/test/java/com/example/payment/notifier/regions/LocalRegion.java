package com.example.payment.notifier.regions;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.example.lambdafakes.LambdaContext;
import com.example.lambdakit.telemetry.TelemetryConfig;
import com.example.localaws.LocalAws;
import com.example.localaws.LocalQueues;
import com.example.localaws.QueueContents;
import com.example.localaws.TemplateMessaging;
import com.example.localaws.mapping.SqsEventSourceMapping;
import com.example.localaws.observability.FunctionOutput;
import com.example.localpayments.ReceiverEnvironment;
import com.example.localpayments.downstream.Downstream;
import com.example.payment.PaymentTables;
import com.example.payment.authorizer.PaymentAuthorizer;
import com.example.payment.authorizer.PaymentAuthorizerHandler;
import com.example.payment.events.PaymentEventsHandler;
import com.example.payment.events.SnsDecisionPublisher;
import com.example.payment.events.SqsUnpublishableRecords;
import com.example.payment.events.StreamPublisher;
import com.example.payment.notifier.PaymentNotifier;
import com.example.payment.notifier.PaymentNotifierHandler;
import com.example.receiver.testkit.AwsTime;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * One Region of a multi-Region stack on the local AWS: the template's per-Region resources (the
 * payments queue and its DLQ as template.yaml declares them, the publisher, the topic, the
 * notifications queue and the notifier: {@link Downstream}), each named with the Region's suffix,
 * and its authorizer, whose event source this polls as Lambda's mapping does. Every Region's
 * functions use the same three tables: the local stand-in for MRSC global tables, one strongly
 * consistent logical table in every Region (docs/architecture.md, "Where the local AWS differs").
 *
 * <p>What a Region can suffer here: {@link #cutOff} (its table calls fail, as a Region cut off
 * from the others refuses writes), {@link #dieWithABatchInFlight} (lost during an invocation),
 * and its event sources stopped ({@link #eventSources}): nothing is polled.
 */
final class LocalRegion implements AutoCloseable {

    private final String name;
    private final String awsRegion;
    private final AwsTime time;
    private final SqsClient sqs;
    private final SnsClient sns;
    private final DynamoDbClient dynamoDb;
    private final Downstream downstream;
    private final String paymentsQueue;
    private final String deadLetterQueue;
    private final ByteArrayOutputStream output = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(output, true, StandardCharsets.UTF_8);
    private final SqsEventSourceMapping authorizer;
    private volatile boolean cutOff;
    private boolean eventSources = true;

    /**
     * @param name       A, B: what its resources' names end with
     * @param awsRegion  its functions' {@code AWS_REGION}
     * @param commitMode the authorizer's {@code COMMIT_MODE} as the template sets it, empty when it sets none
     * @param pushApi    the customer's push API (its base URL and credential), the same for every Region
     */
    LocalRegion(LocalAws aws, AwsTime time, String name, String awsRegion, String commitMode, Map<String, String> pushApi) {
        this.name = name;
        this.awsRegion = awsRegion;
        this.time = time;
        this.sqs = aws.sqs();
        this.sns = aws.sns();
        this.dynamoDb = aws.dynamoDb(new CutOff());
        this.downstream = Downstream.create(aws, Duration.ofSeconds(1));
        TemplateMessaging template = TemplateMessaging.read(aws.root().resolve("template.yaml"));
        TemplateMessaging.Queue payments = queue(template, "PaymentsQueue");
        TemplateMessaging.Queue deadLetters = queue(template, payments.deadLetterQueue().orElseThrow());
        // Named for the Region and this instance: tests share one local AWS.
        String suffix = "-" + name + "-" + UUID.randomUUID().toString().substring(0, 8);
        this.deadLetterQueue = sqs.createQueue(request -> request.queueName(deadLetters.name() + suffix)).queueUrl();
        this.paymentsQueue = LocalQueues.withDeadLetterQueue(sqs, payments.name() + suffix,
                payments.visibilityTimeout().orElseThrow(), deadLetterQueue, payments.maxReceiveCount());
        PaymentAuthorizerHandler handler = new PaymentAuthorizerHandler(
                PaymentAuthorizer.create(authorizerEnvironment(commitMode), dynamoDb, time.clock(), out));
        this.authorizer = mapping(event -> handler.handleRequest(event,
                LambdaContext.startingNow("payment-authorizer", Duration.ofSeconds(30))));
        connectDownstream(aws, commitMode, pushApi);
    }

    private Map<String, String> authorizerEnvironment(String commitMode) {
        Map<String, String> env = new HashMap<>(ReceiverEnvironment.idempotencyStore(Downstream.IDEMPOTENCY_TABLE));
        env.put(PaymentTables.ACCOUNTS_TABLE, "AccountsTable");
        env.put(PaymentTables.LEDGER_TABLE, "LedgerTable");
        env.put(TelemetryConfig.METRICS_NAMESPACE, "Payments");
        env.put("AWS_REGION", awsRegion);
        if (!commitMode.isEmpty()) {
            env.put(CommitMode.VARIABLE, commitMode);
        }
        return env;
    }

    /**
     * The publisher on the records' stream, and the notifier calling the customer's push API. In
     * single-write mode the publisher's mapping keeps the records its own Region wrote (the
     * template's {@code FilterCriteria} on {@code NewImage.region.S}); a record of today's mode
     * names no Region, and every Region's publisher publishes it.
     */
    private void connectDownstream(LocalAws aws, String commitMode, Map<String, String> pushApi) {
        PaymentEventsHandler publisher = new PaymentEventsHandler(new StreamPublisher(
                new SnsDecisionPublisher(sns, downstream.topicArn()),
                new SqsUnpublishableRecords(sqs, downstream.unpublishableQueueUrl()), out, time.clock()));
        Map<String, String> notifierEnvironment = new HashMap<>(downstream.notifierEnvironment());
        notifierEnvironment.putAll(pushApi);
        PaymentNotifierHandler notifier = new PaymentNotifierHandler(PaymentNotifier.create(notifierEnvironment, dynamoDb,
                sqs, aws::secretString, out, Clock.systemUTC()));
        boolean filtered = CommitMode.SINGLE_WRITE.equals(commitMode);
        downstream.connect(event -> filtered ? ownRecords(event, publisher) : publisher.handleRequest(event, null),
                event -> notifier.handleRequest(event, LambdaContext.startingNow("payment-notifier", Duration.ofSeconds(30))));
    }

    /** Lambda's filter: only the records whose new image's {@code region} is this Region's reach the function. */
    private StreamsEventResponse ownRecords(DynamodbEvent event, PaymentEventsHandler publisher) {
        List<DynamodbEvent.DynamodbStreamRecord> own = event.getRecords().stream()
                .filter(record -> record.getDynamodb().getNewImage() != null
                        && record.getDynamodb().getNewImage().containsKey("region")
                        && awsRegion.equals(record.getDynamodb().getNewImage().get("region").getS()))
                .toList();
        if (own.isEmpty()) {
            return new StreamsEventResponse(List.of());
        }
        DynamodbEvent kept = new DynamodbEvent();
        kept.setRecords(own);
        return publisher.handleRequest(kept, null);
    }

    /** The customer's push API as this Region's notifier calls it: its base URL and credential. */
    Map<String, String> pushApi() {
        Map<String, String> env = downstream.notifierEnvironment();
        return Map.of("PUSH_API_BASE_URL", env.get("PUSH_API_BASE_URL"),
                "PUSH_API_CREDENTIAL_SECRET", env.get("PUSH_API_CREDENTIAL_SECRET"));
    }

    /** A producer's send of each body to this Region's payments queue. */
    void send(List<String> bodies) {
        LocalQueues.send(sqs, paymentsQueue, bodies);
    }

    /** Its table calls fail (or succeed again): a Region cut off from the others refuses writes. */
    void cutOff(boolean cut) {
        this.cutOff = cut;
    }

    /** Its event sources enabled or disabled ({@code update-event-source-mapping --enabled/--no-enabled}). */
    void eventSources(boolean enabled) {
        this.eventSources = enabled;
    }

    /** One poll of its payments queue by its authorizer's mapping, when its event sources run. */
    SqsEventSourceMapping.Poll pollOnce() {
        return eventSources ? authorizer.pollOnce() : new SqsEventSourceMapping.Poll(0, 0, 0);
    }

    /** Polls until its payments queue is empty, AWS's time moving to the next visible message when none is; within a day. */
    void drain() {
        Duration bound = time.skipped().plus(Duration.ofDays(1));
        while (QueueContents.backlog(sqs, paymentsQueue) > 0) {
            if (!eventSources) {
                throw new IllegalStateException(name + "'s event sources are disabled: nothing drains its queue");
            }
            if (pollOnce().received() == 0) {
                if (time.skipped().compareTo(bound) >= 0) {
                    throw new AssertionError(name + "'s queue not drained within a day of AWS's time");
                }
                time.advanceToNextVisible(paymentsQueue, Duration.ofHours(1));
            }
        }
    }

    /**
     * The Region lost during an invocation: a batch received, and its function never answers
     * (the messages stay in flight until their visibility timeout ends).
     *
     * @return how many messages it left in flight
     */
    int dieWithABatchInFlight() {
        return mapping(event -> {
            throw new IllegalStateException("Region " + name + " lost during the invocation");
        }).pollOnce().received();
    }

    /** Its publisher and notifier, polled until the stream has nothing new and the notifications queue is empty. */
    void publishAndNotify() {
        if (!downstream.drain(Duration.ofSeconds(60))) {
            throw new AssertionError(name + "'s publisher and notifier did not drain within 60 s");
        }
    }

    /** The transaction ids on its topic so far, one per publish, in order. */
    List<String> published() {
        return downstream.published().stream().map(Downstream.Published::transactionId).toList();
    }

    /** Its authorizer's outcome of each message it answered, by transaction id, in order. */
    List<Map.Entry<String, String>> outcomes() {
        return FunctionOutput.parse(output.toByteArray()).logs().stream()
                .filter(line -> line.has("outcome") && PaymentAuthorizer.SERVICE.equals(line.path("service").asText()))
                .map(line -> Map.entry(line.path(PaymentAuthorizer.KEY_FIELD).asText(), line.path("outcome").asText()))
                .toList();
    }

    /** What waits in its payments queue, visible or in flight. */
    int backlog() {
        return QueueContents.backlog(sqs, paymentsQueue);
    }

    /** What its payments DLQ and its notifications DLQ hold. */
    int deadLetters() {
        return QueueContents.backlog(sqs, deadLetterQueue) + QueueContents.backlog(sqs, downstream.notificationsDlqUrl());
    }

    String paymentsQueue() {
        return paymentsQueue;
    }

    String deadLetterQueue() {
        return deadLetterQueue;
    }

    String topicArn() {
        return downstream.topicArn();
    }

    /** Its functions' {@code AWS_REGION}. */
    String awsRegion() {
        return awsRegion;
    }

    Downstream downstream() {
        return downstream;
    }

    private SqsEventSourceMapping mapping(Function<SQSEvent, SQSBatchResponse> function) {
        return new SqsEventSourceMapping(sqs, paymentsQueue, awsRegion, 10, Duration.ZERO, function);
    }

    private static TemplateMessaging.Queue queue(TemplateMessaging template, String logicalId) {
        return template.queues().stream().filter(queue -> queue.logicalId().equals(logicalId)).findFirst()
                .orElseThrow(() -> new IllegalStateException("template.yaml declares no queue " + logicalId));
    }

    @Override
    public void close() {
        downstream.close();
        dynamoDb.close();
        sns.close();
        sqs.close();
    }

    /** Fails every table call of the Region's functions while it is cut off, before anything is sent. */
    private final class CutOff implements ExecutionInterceptor {
        @Override
        public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
            if (cutOff) {
                throw SdkClientException.create("Region " + name + " is cut off from the other Regions: its write cannot commit");
            }
        }
    }
}
