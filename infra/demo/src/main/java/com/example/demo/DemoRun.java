package com.example.demo;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.lambdafakes.LambdaContext;
import com.example.lambdafakes.VirtualClock;
import com.example.lambdakit.telemetry.TelemetryConfig;
import com.example.localaws.InProcessFunction;
import com.example.localaws.LocalAws;
import com.example.localaws.LocalQueues;
import com.example.localaws.mapping.SqsEventSourceMapping;
import com.example.localpayments.Accounts;
import com.example.localpayments.ReceiverEnvironment;
import com.example.localpayments.cli.StateDocument;
import com.example.localpayments.downstream.Downstream;
import com.example.payment.Payment;
import com.example.payment.PaymentTables;
import com.example.payment.authorizer.PaymentAuthorizer;
import com.example.payment.authorizer.PaymentAuthorizerHandler;
import com.example.payment.events.PaymentEventsHandler;
import com.example.payment.events.SnsDecisionPublisher;
import com.example.payment.events.SqsUnpublishableRecords;
import com.example.payment.events.StreamPublisher;
import com.example.payment.notifier.PaymentNotifier;
import com.example.payment.notifier.PaymentNotifierHandler;
import com.example.paymenttraffic.ProducerClock;
import com.example.paymenttraffic.Send;
import com.example.paymenttraffic.Traffic;
import com.example.paymenttraffic.reference.ReferenceModel;
import com.example.receiver.lambda.IdempotentReceiver;
import com.example.receiver.lambda.ReceiverVariables;
import com.example.receiver.testkit.DynamoDbCallCounter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * One run of the demo on a local AWS of its own (started empty, stopped at the end): generate
 * the traffic, stream it through the event source mapping into the real handler in three phases
 * while faults are injected, publish every decision from the idempotency table's stream and
 * notify the approvals through the push API (publisher and notifier in process, as
 * {@link Downstream} wires them; each of the three functions with clients of its own, so that the
 * launcher records their calls: {@link InProcessFunction}), then report, and write the report, its HTML page with the chart and
 * the state document ({@link StateDocument}, as {@code make state} prints it) to the output folder.
 */
final class DemoRun {

    /** What a run leaves: the report and the state document, and where they were written. */
    record Result(Report report, ObjectNode state, Path html, Path stateFile) {
    }

    /** The template's logical ids of the functions the demo runs in process: their calls are recorded under them. */
    private static final String AUTHORIZER = "PaymentAuthorizerFunction";
    private static final String PUBLISHER = "PaymentEventsFunction";
    private static final String NOTIFIER = "PaymentNotifierFunction";
    private static final int BATCH_SIZE = 10;
    private static final int VISIBILITY_SECONDS = 2;
    private static final int MAX_RECEIVE_COUNT = 5;
    private static final int CRASH_EVERY = 25;
    /** The template's default record TTL (30 days), which the environment below sets too. */
    private static final Duration RECORD_TTL = Duration.ofDays(30);
    /** Messages sent at a time: the producer streams, as a gateway would. */
    private static final int STREAM_CHUNK = 50;
    /** Calls the push API answers 503 at the start, and one answered after the notifier's 2 s timeout. */
    private static final int PUSH_FAILURES = 5;
    private static final Duration PUSH_DELAY = Duration.ofMillis(2_500);
    /** The notifier's timeout in template.yaml. */
    private static final Duration NOTIFIER_TIMEOUT = Duration.ofSeconds(30);
    /** Downstream polls per chunk sent at most: enough for a chunk's approvals, 10 notifications a poll. */
    private static final int KEEP_UP_ROUNDS = 10;
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private DemoRun() {
    }

    /**
     * @param payments unique payments to generate
     * @param seed     the generator's seed: the same seed sends the same payments
     * @param output   where report.txt, report.html and state.json go
     */
    static Result run(int payments, long seed, Path output) {
        Instant started = Instant.now();
        Timeline timeline = new Timeline(Clock.systemUTC());
        Duration maxAge = DemoTraffic.maxPaymentAge();
        Traffic traffic = Traffic.generate(DemoTraffic.profile(payments, maxAge), seed);
        ReferenceModel expected = ReferenceModel.replay(traffic);
        Demo.progress("generated %d messages (%d unique payments)", traffic.sends().size(), traffic.payments().size());
        try (LocalAws aws = LocalAws.start(); SqsClient sqs = aws.sqs();
             DynamoDbClient dynamoDb = aws.dynamoDb();
             Downstream downstream = Downstream.create(aws, Duration.ofSeconds(VISIBILITY_SECONDS))) {
            Demo.progress("local AWS up at %s, %s, push API at %s", aws.endpoint(), aws.redis(),
                    downstream.pushApi().baseUrl());
            Queues queues = Queues.create(sqs);
            Map<String, String> authorizerEnvironment = environment(aws, queues.dlq(), maxAge);
            seedAccounts(dynamoDb, traffic);
            LogTap log = new LogTap(timeline::line);
            LogTap downstreamLog = new LogTap(timeline::downstreamLine);
            PrintStream downstreamOut = new PrintStream(downstreamLog, true, StandardCharsets.UTF_8);
            DynamoDbCallCounter calls = new DynamoDbCallCounter();
            VirtualClock clock = VirtualClock.aheadOfSystem();
            ProducerClock producer = new ProducerClock(clock); // the producers stamp on the function's clock
            try (InProcessFunction authorizer = InProcessFunction.of(aws, AUTHORIZER);
                 InProcessFunction publisher = InProcessFunction.of(aws, PUBLISHER);
                 InProcessFunction notifier = InProcessFunction.of(aws, NOTIFIER);
                 // Rejected and conflicting payments go to the DLQ at once, through the authorizer's own SQS
                 // client; a passing failure comes back after the demo's visibility timeout.
                 IdempotentReceiver<Payment> receiver = PaymentAuthorizer.builder(authorizerEnvironment,
                         authorizer.dynamoDb(calls), authorizer::secretString, clock,
                         new PrintStream(log, true, StandardCharsets.UTF_8), new SecureRandom())
                         .sqs(authorizer::sqs).soonRedelivery(false).build()) {
                PaymentAuthorizerHandler handler = new PaymentAuthorizerHandler(receiver);
                calls.reset(); // the report counts what deliveries cost, not the receiver's check of its table at init
                authorizer.initialised();
                AtomicInteger invocations = new AtomicInteger();
                AtomicInteger crashes = new AtomicInteger();
                Function<SQSEvent, SQSBatchResponse> function = event -> {
                    SQSBatchResponse response = handler.handleRequest(event, null);
                    if (invocations.incrementAndGet() % CRASH_EVERY == 0) {
                        crashes.incrementAndGet();
                        throw new IllegalStateException("injected crash after commit, before the delete");
                    }
                    return response;
                };
                SqsEventSourceMapping mapping = new SqsEventSourceMapping(sqs, queues.source(), LocalAws.REGION.id(),
                        BATCH_SIZE, Duration.ZERO, function);
                Poller poller = new Poller(mapping, sqs, queues.source(), aws, timeline);
                connect(downstream, publisher, notifier, downstreamOut);
                // The push API fails a few calls and answers one too late: retried with the same key.
                downstream.pushApi().failNext(PUSH_FAILURES, 503);
                downstream.pushApi().delayNext(1, PUSH_DELAY);
                timeline.mark("push API 503s");

                timeline.mark("phase 1");
                List<Send> stream = traffic.sends(Send.Moment.STREAM);
                Demo.progress("phase 1: streaming %d messages while injecting faults", stream.size());
                for (int from = 0; from < stream.size(); from += STREAM_CHUNK) {
                    send(sqs, queues.source(), stream.subList(from, Math.min(stream.size(), from + STREAM_CHUNK)), producer);
                    poller.keepUp();
                    keepUp(downstream);
                }
                poller.drain();
                drainDownstream(downstream);

                timeline.mark("phase 2");
                send(sqs, queues.source(), traffic.sends(Send.Moment.AFTER_DECIDED), producer);
                Demo.progress("phase 2: %d late retries, conflicts, poison messages and payments too old sent",
                        traffic.sends(Send.Moment.AFTER_DECIDED).size());
                poller.drain();
                drainDownstream(downstream);

                // Days later: the records' TTL has passed (7 d) and the cache's (24 h) long before.
                clock.advance(RECORD_TTL.plusHours(1));
                aws.redis().flushAll();
                timeline.mark("phase 3: 7 d later");
                send(sqs, queues.source(), traffic.sends(Send.Moment.AFTER_TTL), producer);
                Demo.progress("phase 3: the function's clock moved %s ahead, past the records' TTL; redis emptied; "
                        + "%d retries of decided payments sent", clock.offset(), traffic.sends(Send.Moment.AFTER_TTL).size());
                poller.drain();
                drainDownstream(downstream);

                Demo.progress("reading the state and checking it against the generated input");
                ObjectNode state = StateDocument.payments(dynamoDb, sqs, queues.dlq(), new StateDocument.Downstream(
                        downstream.pushApi().baseUrl(), downstream.notificationsDlqUrl(), downstream.streamFailuresQueueUrl(),
                        downstream.unpublishableQueueUrl())).read();
                Notifications notifications = new Notifications(downstream.published(), downstream.delivered(),
                        downstream.pushApi().requestsReceived(),
                        (int) downstream.pushApi().requests().stream().filter(request -> request.status() == 401).count(),
                        downstream.takeNotifierDeadLetters().size(),
                        downstream.takeStreamFailures().size());
                Report report = Report.of(traffic, expected, log.lines(), calls, crashes.get(), invocations.get(),
                        new Ledger(dynamoDb), sqs, queues.dlq(), notifications, Duration.between(started, Instant.now()));
                return write(output, report, state, timeline);
            }
        }
    }

    /**
     * What reached the topic and the push API.
     *
     * @param published      the decision events on the topic (each publish, in order)
     * @param delivered      notifications the push API delivered (one per key at most)
     * @param pushRequests   requests it received (retries and replays included)
     * @param unauthenticated requests it refused with 401 (not signed with the key it admits)
     * @param deadLetters    messages in the notifier's DLQ
     * @param streamFailures on-failure records of stream batches given up on
     */
    record Notifications(List<Downstream.Published> published, int delivered, int pushRequests, int unauthenticated,
                         int deadLetters, int streamFailures) {
        Notifications {
            published = List.copyOf(published);
        }
    }

    /** The publisher and the notifier, in process like the authorizer, configured as the template configures them. */
    private static void connect(Downstream downstream, InProcessFunction publisherFunction, InProcessFunction notifierFunction,
                                PrintStream out) {
        PaymentEventsHandler publisher = new PaymentEventsHandler(new StreamPublisher(
                new SnsDecisionPublisher(publisherFunction.sns(), downstream.topicArn()),
                new SqsUnpublishableRecords(publisherFunction.sqs(), downstream.unpublishableQueueUrl()), out, Clock.systemUTC()));
        publisherFunction.initialised();
        PaymentNotifierHandler notifier = new PaymentNotifierHandler(PaymentNotifier.create(downstream.notifierEnvironment(),
                notifierFunction.dynamoDb(), notifierFunction.sqs(), notifierFunction::secretString, out, Clock.systemUTC()));
        notifierFunction.initialised();
        downstream.connect(event -> publisher.handleRequest(event, null),
                event -> notifier.handleRequest(event, LambdaContext.startingNow("payment-notifier", NOTIFIER_TIMEOUT)));
    }

    /**
     * Publishes and notifies what the last chunk decided, and reads the topic's audit queue, so the
     * decisions flow on while the stream goes on, as they do in AWS.
     */
    private static void keepUp(Downstream downstream) {
        for (int round = 0; round < KEEP_UP_ROUNDS && !downstream.pollOnce().idle(); round++) {
            downstream.published();
        }
        downstream.published();
    }

    private static void drainDownstream(Downstream downstream) {
        Demo.progress("publishing the decisions and notifying the approvals");
        Instant deadline = Instant.now().plus(Duration.ofMinutes(3));
        boolean drained = false;
        while (!drained && Instant.now().isBefore(deadline)) {
            drained = downstream.drain(Duration.ofSeconds(5));
            downstream.published();
        }
        if (!drained) {
            Demo.progress("the stream and the notifications queue did not drain within 3 minutes");
        }
    }

    private static Result write(Path output, Report report, ObjectNode state, Timeline timeline) {
        Path html = output.resolve("report.html");
        Path stateFile = output.resolve("state.json");
        try {
            Files.createDirectories(output);
            Files.writeString(output.resolve("report.txt"), report.text(), StandardCharsets.UTF_8);
            JSON.writeValue(stateFile.toFile(), state);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the report to " + output, e);
        }
        HtmlReport.write(html, timeline, report.text());
        return new Result(report, state, html, stateFile);
    }

    /**
     * The source queue and its DLQ, with Lambda's redrive settings scaled down for a demo, named
     * after the template's queues (so that the authorizer's recorded sends map to its DLQ).
     */
    record Queues(String source, String dlq) {
        static Queues create(SqsClient sqs) {
            String dlq = sqs.createQueue(r -> r.queueName("PaymentsDeadLetterQueue-demo")).queueUrl();
            String source = LocalQueues.withDeadLetterQueue(sqs, "PaymentsQueue-demo", VISIBILITY_SECONDS, dlq, MAX_RECEIVE_COUNT);
            return new Queues(source, dlq);
        }
    }

    private static Map<String, String> environment(LocalAws aws, String deadLetterQueue, Duration maxAge) {
        Map<String, String> env = new HashMap<>(ReceiverEnvironment.idempotencyStore("IdempotencyTable", RECORD_TTL));
        env.put(ReceiverVariables.MAX_MESSAGE_AGE_SECONDS, Long.toString(maxAge.toSeconds()));
        env.put(ReceiverVariables.DEAD_LETTER_QUEUE_URL, deadLetterQueue);
        env.put(PaymentTables.ACCOUNTS_TABLE, "AccountsTable");
        env.put(PaymentTables.LEDGER_TABLE, "LedgerTable");
        env.putAll(ReceiverEnvironment.fastPath(aws.redis(), aws.fastPathSigningSecret()));
        env.put(TelemetryConfig.METRICS_NAMESPACE, "PaymentsDemo");
        return env;
    }

    private static void seedAccounts(DynamoDbClient dynamoDb, Traffic traffic) {
        Accounts.seed(dynamoDb, traffic.accounts().stream().map(account -> new Accounts.Account(account.id(),
                account.balanceMinor(), account.currency(), account.active() ? "ACTIVE" : "BLOCKED")).toList());
    }

    private static void send(SqsClient sqs, String queue, List<Send> deliveries, ProducerClock producer) {
        LocalQueues.send(sqs, queue, deliveries.stream().map(producer::stamp).toList());
    }
}
