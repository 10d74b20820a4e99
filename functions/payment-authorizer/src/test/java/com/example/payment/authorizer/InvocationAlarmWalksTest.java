package com.example.payment.authorizer;

import static com.example.payment.PaymentMessages.purchase;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.lambdafakes.LambdaContext;
import com.example.localaws.InProcessFunction;
import com.example.localaws.LocalAws;
import com.example.localaws.ProjectRoot;
import com.example.localaws.mapping.SqsEventSourceMapping;
import com.example.localaws.observability.FunctionOutput;
import com.example.localaws.observability.MetricSamples;
import com.example.localaws.observability.TemplateAlarm;
import com.example.receiver.lambda.ReceiverVariables;
import com.example.receiver.testkit.AwsTime;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.Message;
import software.amazon.awssdk.services.sqs.model.MessageSystemAttributeName;

/**
 * The runbook entries (docs/deploy.md) of the alarms on metrics AWS computes for the authorizer
 * (Lambda's {@code Errors} and {@code Throttles}, SQS's {@code ApproximateAgeOfOldestMessage}),
 * walked on the local AWS from the fault to the recovery. The payments queue and its DLQ as
 * template.yaml declares them, polled as Lambda's event source mapping polls, on AWS's time
 * ({@link AwsTime}: a visibility timeout of 181 s or an hour of waiting passes at once). No local
 * service computes those metrics; each is derived here from what the local AWS shows, at its
 * real value, as AWS defines it (docs/architecture.md, "The runbook walked"):
 * <ul>
 *   <li>{@code Errors}: an invocation that ended in an error, the function's or the runtime's,
 *       an init error included ("Types of metrics for Lambda functions", AWS Lambda Developer
 *       Guide, https://docs.aws.amazon.com/lambda/latest/dg/monitoring-metrics-types.html);</li>
 *   <li>{@code Throttles}: an invocation Lambda refused for want of concurrency (same page); the
 *       local refusal is the account's concurrency, held by other functions, checked before the
 *       handler is called;</li>
 *   <li>{@code ApproximateAgeOfOldestMessage}: the age of the oldest message of the queue, SQS's
 *       clock minus its {@code SentTimestamp} ("Available CloudWatch metrics for Amazon SQS",
 *       https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/sqs-available-cloudwatch-metrics.html),
 *       read by a receive that hides nothing (visibility timeout 0).</li>
 * </ul>
 */
class InvocationAlarmWalksTest extends LocalAwsTest {

    private static final Duration PERIOD = Duration.ofMinutes(5);

    private final ByteArrayOutputStream output = new ByteArrayOutputStream();
    private InProcessFunction function;
    private AwsTime time;
    private SqsClient sqs;
    private Ledger ledger;
    private TemplateQueues queues;

    InvocationAlarmWalksTest(LocalAws aws) {
        super(aws);
    }

    @BeforeEach
    void queues() {
        function = InProcessFunction.of(aws, "PaymentAuthorizerFunction");
        time = aws.awsTime();
        EmfAlarmWalksTest.startOfAPeriod(time);
        sqs = aws.sqs();
        ledger = new Ledger(aws.dynamoDb());
        ledger.openAccounts(3, 1_000_000);
        queues = TemplateQueues.asTheTemplateDeclares(aws, sqs);
    }

    @AfterEach
    void close() {
        sqs.close();
        time.close();
        function.close();
    }

    @Test
    void functionErrors_aSettingRefusedAtInit_failsWholeBatches_firesAtTheFirst_andTheCorrectedDeployDecidesEachOnce() {
        TemplateAlarm alarm = alarm("FunctionErrorsAlarm");
        MetricSamples errors = new MetricSamples();
        List<String> refusals = new ArrayList<>();
        sendPayments(3);
        // GIVEN the function deployed with a setting it refuses (MAX_CONCURRENCY 0: 1-64)
        Map<String, String> wrong = new HashMap<>(environment());
        wrong.put(ReceiverVariables.MAX_CONCURRENCY, "0");
        Function<SQSEvent, SQSBatchResponse> deployed = event -> {
            try {
                return handler(wrong).handleRequest(event, context());
            } catch (RuntimeException initError) {
                errors.add(alarm.metric(), time.clock().instant(), 1);
                refusals.add(initError.getMessage());
                throw initError;
            }
        };
        // WHEN the event source polls, and again once the batch is visible again (181 s later)
        SqsEventSourceMapping mapping = mapping(deployed);
        assertEquals(3, mapping.pollOnce().failed());
        time.advanceToNextVisible(queues.payments(), Duration.ofHours(1));
        assertEquals(3, mapping.pollOnce().failed());
        // THEN each invocation was an error naming the setting (the entry's init error), the
        // whole batch came back each time, nothing was decided; Errors is 2 in the period: the alarm fires
        assertEquals(2, refusals.size());
        refusals.forEach(message -> assertTrue(message.contains(ReceiverVariables.MAX_CONCURRENCY), message));
        assertEquals(0, ledger.allEntries());
        assertEquals(3, queues.backlog(sqs));
        TemplateAlarm.Evaluation fired = alarm.evaluate(errors, time.clock().instant());
        assertTrue(fired.alarm(), fired::toString);

        // WHEN the parameter is corrected and deployed (What to do), and the event source polls on
        Map<String, String> corrected = environment();
        SqsEventSourceMapping fixed = mapping(event -> handler(corrected).handleRequest(event, context()));
        drain(fixed);
        time.advance(PERIOD);
        // THEN every payment is decided once, the queue and the DLQ are empty, and the alarm
        // clears in the next period, without an error
        assertEquals(3, ledger.allEntries());
        assertEquals(0, queues.backlog(sqs) + queues.deadLetters(sqs));
        assertFalse(alarm.evaluate(errors, time.clock().instant()).alarm());
        assertEquals(3, approved());
    }

    @Test
    void functionThrottles_theAccountsConcurrencyHeldByOtherFunctions_firesAtTheFirstRefusal_andOnceRaisedEachIsDecidedOnce() {
        TemplateAlarm alarm = alarm("FunctionThrottlesAlarm");
        MetricSamples throttles = new MetricSamples();
        sendPayments(3);
        // GIVEN the account's concurrency (here 10) all held by other functions
        int[] available = {0};
        PaymentAuthorizerHandler handler = handler(environment());
        Function<SQSEvent, SQSBatchResponse> lambda = event -> {
            if (available[0] < 1) {
                throttles.add(alarm.metric(), time.clock().instant(), 1);
                throw new IllegalStateException("TooManyRequestsException: Rate Exceeded (the account's concurrency is exhausted)");
            }
            return handler.handleRequest(event, context());
        };
        SqsEventSourceMapping mapping = mapping(lambda);
        // WHEN the event source polls, and again once the batch is visible again
        assertEquals(3, mapping.pollOnce().failed());
        time.advanceToNextVisible(queues.payments(), Duration.ofHours(1));
        assertEquals(3, mapping.pollOnce().failed());
        // THEN Lambda refused both invocations: Throttles is 2 in the period, the alarm fires;
        // nothing was decided, the batch is back in the queue (each receive counts towards MaxReceiveCount)
        TemplateAlarm.Evaluation fired = alarm.evaluate(throttles, time.clock().instant());
        assertTrue(fired.alarm(), fired::toString);
        assertEquals(0, ledger.allEntries());
        assertEquals(3, queues.backlog(sqs));

        // WHEN the account limit is raised (What to do) and the event source polls on
        available[0] = 1;
        drain(mapping);
        time.advance(PERIOD);
        // THEN each payment is decided once, no queue holds anything, and the alarm clears
        assertEquals(3, ledger.allEntries());
        assertEquals(3, approved());
        assertEquals(0, queues.backlog(sqs) + queues.deadLetters(sqs));
        assertFalse(alarm.evaluate(throttles, time.clock().instant()).alarm());
    }

    @Test
    void queueBacklog_theEventSourceDisabledForOverAnHour_firesAfterFifteenMinutesOverTheHour_andClearsOnceItDrains() {
        TemplateAlarm alarm = alarm("QueueBacklogAlarm");
        MetricSamples age = new MetricSamples();
        // GIVEN payments sent while the function's event source is disabled (nothing polls)
        sendPayments(3);
        // WHEN an hour passes, then three more 5-minute periods, SQS's oldest message measured in each
        time.advance(Duration.ofHours(1));
        for (int period = 0; period < 4; period++, time.advance(PERIOD)) {
            age.add(alarm.metric(), time.clock().instant(), oldestMessageAgeSeconds());
        }
        // THEN the oldest payment's age is over the template's 3600 s in three periods: the alarm fires
        TemplateAlarm.Evaluation fired = alarm.evaluate(age, time.clock().instant().minus(PERIOD));
        assertTrue(fired.alarm(), fired::toString);
        fired.periods().forEach(period -> assertTrue(period.value() > alarm.threshold(), fired::toString));

        // WHEN the event source is enabled again (What to do) and polls
        PaymentAuthorizerHandler handler = handler(environment());
        drain(mapping(event -> handler.handleRequest(event, context())));
        // THEN every payment is decided once, the queue is empty (its oldest message's age 0)
        // and the alarm clears once the age is under the hour for a period
        assertEquals(3, ledger.allEntries());
        assertEquals(3, approved());
        assertEquals(0, queues.backlog(sqs) + queues.deadLetters(sqs));
        age.add(alarm.metric(), time.clock().instant(), oldestMessageAgeSeconds());
        assertFalse(alarm.evaluate(age, time.clock().instant()).alarm());
    }

    private void sendPayments(int count) {
        for (int i = 0; i < count; i++) {
            String body = purchase("TXN-W-" + i, "ACC-" + i, "1.00", "EUR");
            sqs.sendMessage(request -> request.queueUrl(queues.payments()).messageBody(body));
        }
    }

    /**
     * The age in seconds of the queue's oldest message on SQS's clock (0 when it holds none), read
     * without hiding a message: a receive with visibility timeout 0 of every message's
     * {@code SentTimestamp}.
     */
    private double oldestMessageAgeSeconds() {
        List<Message> messages = sqs.receiveMessage(request -> request.queueUrl(queues.payments()).maxNumberOfMessages(10)
                .visibilityTimeout(0).messageSystemAttributeNames(MessageSystemAttributeName.SENT_TIMESTAMP)).messages();
        Instant now = time.clock().instant();
        return messages.stream()
                .mapToDouble(message -> Duration.between(Instant.ofEpochMilli(Long.parseLong(
                        message.attributes().get(MessageSystemAttributeName.SENT_TIMESTAMP))), now).toSeconds())
                .max().orElse(0);
    }

    /** The environment template.yaml gives the function (soon redelivery, the DLQ). */
    private Map<String, String> environment() {
        Map<String, String> env = new HashMap<>(AuthorizerRig.environment(aws, false));
        env.put(ReceiverVariables.DEAD_LETTER_QUEUE_URL, queues.deadLetter());
        return env;
    }

    private PaymentAuthorizerHandler handler(Map<String, String> env) {
        PaymentAuthorizerHandler handler = new PaymentAuthorizerHandler(env, function.dynamoDb(), function::secretString,
                function::sqs, time.clock(), new PrintStream(output, true, StandardCharsets.UTF_8), new SecureRandom());
        function.initialised();
        return handler;
    }

    private static LambdaContext context() {
        return LambdaContext.startingNow("payment-authorizer", Duration.ofSeconds(30));
    }

    private SqsEventSourceMapping mapping(Function<SQSEvent, SQSBatchResponse> lambda) {
        return new SqsEventSourceMapping(sqs, queues.payments(), LocalAws.REGION.id(), 10, Duration.ZERO, lambda);
    }

    /** Polls until the queue is empty, AWS's time moving to the next visible message when none is; within a day. */
    private void drain(SqsEventSourceMapping mapping) {
        Duration bound = time.skipped().plus(Duration.ofDays(1));
        while (queues.backlog(sqs) > 0) {
            if (mapping.pollOnce().received() == 0) {
                assertTrue(time.skipped().compareTo(bound) < 0, "not drained within a day of AWS's time");
                time.advanceToNextVisible(queues.payments(), Duration.ofHours(1));
            }
        }
    }

    private long approved() {
        return FunctionOutput.parse(output.toByteArray()).logs().stream()
                .filter(line -> "APPROVED".equals(line.path("outcome").asText())).count();
    }

    private static TemplateAlarm alarm(String logicalId) {
        return TemplateAlarm.read(ProjectRoot.find().resolve("template.yaml"), logicalId);
    }
}
