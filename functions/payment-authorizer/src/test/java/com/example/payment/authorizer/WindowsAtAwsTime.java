package com.example.payment.authorizer;

import static com.example.payment.PaymentMessages.purchase;

import com.example.lambdafakes.LambdaContext;
import com.example.lambdakit.telemetry.TelemetryConfig;
import com.example.localaws.InProcessFunction;
import com.example.localaws.LocalAws;
import com.example.localaws.mapping.SqsEventSourceMapping;
import com.example.localaws.observability.FunctionOutput;
import com.example.localaws.observability.TemplateAlarm;
import com.example.receiver.lambda.ReceiverVariables;
import com.example.receiver.testkit.AwsTime;
import com.example.receiver.testkit.Fault;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.MessageAttributeValue;

/**
 * The windows of docs/architecture.md ("Windows at AWS's time scale") lived through at their
 * production values, not compressed: the payments queue and its DLQ as template.yaml declares them
 * (visibility 181 s, {@code maxReceiveCount}, 4 and 14 days of retention), the function with the
 * template's record TTL and signature window, and AWS's time moved forward while no invocation
 * runs ({@link AwsTime}: SQS's clock in the launcher and the function's {@code Clock} together).
 * What takes 30 minutes or 13 days in AWS takes seconds here, and every delay, visibility,
 * retention and expiry falls where it would.
 *
 * <p>AWS's behaviours relied on: a message reported failed comes back when its visibility timeout
 * (or the one soon redelivery set) ends, and SQS moves it to the DLQ at the receive after
 * {@code maxReceiveCount} ("Using dead-letter queues in Amazon SQS", SQS Developer Guide); a
 * standard queue's message keeps its enqueue time in the DLQ; a redrive sends each message again as
 * a new message, with a new id and {@code SentTimestamp} ("Configure a dead-letter queue redrive",
 * SQS Developer Guide); DynamoDB on-demand may throttle a table for up to 30 minutes after its
 * traffic doubled ("Pre-warming on-demand capacity", Amazon DynamoDB Developer Guide). The one
 * compression: an invocation has 11 s instead of 30 (1 s of back-off past the 10 s it keeps in
 * reserve), so a throttled receive gives the message less time than in AWS, never more. Throttling
 * is the launcher's fault on every request (a {@code ThrottlingException}, retried by the SDK as in
 * AWS), not its write capacity, which lets a transaction through as the bucket refills in real time.
 *
 * <p>What the classes that live through them share ({@link WindowsAtAwsTimeTest},
 * {@link WriteThrottlesAtAwsTimeTest}): two classes, so that two of the module's test JVMs live through
 * the longest windows side by side.
 */
abstract class WindowsAtAwsTime extends LocalAwsTest {

    private static final Duration INVOCATION = Duration.ofSeconds(11);
    /** The most AWS's time one test lives through. */
    private static final Duration BOUND = Duration.ofDays(20);

    /** The function's stdout: its log and EMF lines. */
    final ByteArrayOutputStream output = new ByteArrayOutputStream();
    private InProcessFunction function;

    WindowsAtAwsTime(LocalAws aws) {
        super(aws);
    }

    @BeforeEach
    void function() {
        function = InProcessFunction.of(aws, "PaymentAuthorizerFunction");
    }

    @AfterEach
    void closeFunction() {
        function.close();
    }

    /** The accounts, the template's queues and the function's event source of a throttling test. */
    record Throttled(Ledger ledger, TemplateQueues queues, SqsEventSourceMapping mapping) {
    }

    /**
     * At the start of a 5-minute period: 2 accounts of 1 000.00, the template's queues, the function
     * with every jittered delay at its window's lower bound (as many receives as the time holds), 4
     * purchases of 1.00 named {@code prefix}0-3 on the 2 accounts in the payments queue, and DynamoDB
     * throttling every transaction until the test clears it.
     */
    Throttled fourPaymentsThrottled(AwsTime time, SqsClient sqs, DynamoDbClient dynamoDb, String prefix) {
        EmfAlarmWalksTest.startOfAPeriod(time);
        Ledger ledger = new Ledger(dynamoDb);
        ledger.openAccounts(2, 100_000);
        TemplateQueues queues = TemplateQueues.asTheTemplateDeclares(aws, sqs);
        SqsEventSourceMapping mapping = mapping(sqs, queues, handler(time, queues, Map.of(), new LowestJitter()));
        for (int i = 0; i < 4; i++) {
            send(sqs, queues.payments(), purchase(prefix + i, "ACC-" + (i % 2), "1.00", "EUR"), Map.of());
        }
        aws.moto().inject(Fault.throttling("TransactWriteItems", "", 1_000_000));
        return new Throttled(ledger, queues, mapping);
    }

    /**
     * The handler as Lambda builds it (soon redelivery, dead letters at once, the SDK's retries),
     * its clients signing as the function, on AWS's time.
     */
    PaymentAuthorizerHandler handler(AwsTime time, TemplateQueues queues, Map<String, String> extra, SecureRandom random) {
        Map<String, String> env = new HashMap<>(AuthorizerRig.environment(aws, false));
        env.put(ReceiverVariables.DEAD_LETTER_QUEUE_URL, queues.deadLetter());
        env.put(TelemetryConfig.METRICS_NAMESPACE, TemplateAlarm.read(aws.root().resolve("template.yaml"), "HotAccountAlarm").namespace());
        env.putAll(extra);
        PaymentAuthorizerHandler handler = new PaymentAuthorizerHandler(env, function.dynamoDb(), function::secretString,
                function::sqs, time.clock(), new PrintStream(output, true, StandardCharsets.UTF_8), random);
        function.initialised();
        return handler;
    }

    /** Every jittered choice at its lowest: soon redelivery's delays at their windows' lower bounds. */
    private static final class LowestJitter extends SecureRandom {

        @Override
        public long nextLong(long bound) {
            return 0;
        }
    }

    static SqsEventSourceMapping mapping(SqsClient sqs, TemplateQueues queues, PaymentAuthorizerHandler handler) {
        return new SqsEventSourceMapping(sqs, queues.payments(), LocalAws.REGION.id(), 10, Duration.ZERO,
                event -> handler.handleRequest(event, LambdaContext.startingNow("payment-authorizer", INVOCATION)));
    }

    /**
     * Polls as Lambda does until {@code done} or until AWS's time reaches {@code until}, moving AWS's
     * time, whenever nothing is to be received (never during an invocation), to just past the
     * moment the first message of the queue becomes visible again: the time Lambda's poller would
     * wait, and no more. Answers how many messages were received. Bounded: 2 days of AWS's time.
     */
    static int drive(SqsEventSourceMapping mapping, AwsTime time, TemplateQueues queues, Duration until, BooleanSupplier done) {
        int received = 0;
        while (!done.getAsBoolean() && until.minus(time.skipped()).toMillis() >= 1) {
            int got = mapping.pollOnce().received();
            received += got;
            if (got == 0 && !done.getAsBoolean()) {
                time.advanceToNextVisible(queues.payments(), until.minus(time.skipped()));
            }
        }
        if (!done.getAsBoolean() && until.equals(BOUND)) {
            throw new AssertionError("not done after " + BOUND + " of AWS's time");

        }
        return received;
    }

    /** Until {@code done}, within 2 days of AWS's time. */
    static int drive(SqsEventSourceMapping mapping, AwsTime time, TemplateQueues queues, BooleanSupplier done) {
        return drive(mapping, time, queues, BOUND, done);
    }

    static void send(SqsClient sqs, String queue, String body, Map<String, MessageAttributeValue> attributes) {
        sqs.sendMessage(request -> request.queueUrl(queue).messageBody(body).messageAttributes(attributes));
    }

    List<JsonNode> lines() {
        return new ArrayList<>(FunctionOutput.parse(output.toByteArray()).logs());
    }

    /** The decisions of {@code lines}, by outcome; a retry is no decision. */
    static Map<String, Long> decisions(List<JsonNode> lines) {
        Map<String, Long> outcomes = new TreeMap<>();
        lines.stream().map(line -> line.path("outcome").asText(""))
                .filter(outcome -> !outcome.isEmpty() && !outcome.equals("RETRY"))
                .forEach(outcome -> outcomes.merge(outcome, 1L, Long::sum));
        return outcomes;
    }
}
