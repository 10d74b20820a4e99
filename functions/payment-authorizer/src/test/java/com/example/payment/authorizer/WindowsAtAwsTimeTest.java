package com.example.payment.authorizer;

import static com.example.payment.PaymentMessages.issuedAt;
import static com.example.payment.PaymentMessages.producerRetry;
import static com.example.payment.PaymentMessages.purchase;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.lambdafakes.LambdaContext;
import com.example.lambdakit.telemetry.TelemetryConfig;
import com.example.localaws.DeadLetterRedrive;
import com.example.localaws.InProcessFunction;
import com.example.localaws.LocalAws;
import com.example.localaws.mapping.SqsEventSourceMapping;
import com.example.localaws.messages.ProducerSigner;
import com.example.localaws.observability.FunctionOutput;
import com.example.localaws.observability.MetricSamples;
import com.example.localaws.observability.TemplateAlarm;
import com.example.receiver.lambda.DeadLetterAttributes;
import com.example.receiver.lambda.ReceiverVariables;
import com.example.receiver.testkit.AwsTime;
import com.example.receiver.testkit.Fault;
import com.example.template.Template;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
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
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.Message;
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
 */
class WindowsAtAwsTimeTest extends LocalAwsTest {

    private static final Duration INVOCATION = Duration.ofSeconds(11);
    /** The most AWS's time one test lives through. */
    private static final Duration BOUND = Duration.ofDays(20);

    private final ByteArrayOutputStream output = new ByteArrayOutputStream();
    private InProcessFunction function;

    WindowsAtAwsTimeTest(LocalAws aws) {
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

    @Test
    void aTableThrottledForThirtyMinutes_deadLettersNoPayment_firesTheHotAccountAlarm_andDecidesEachOnceAfterwards() {
        try (AwsTime time = aws.awsTime(); SqsClient sqs = aws.sqs(); DynamoDbClient dynamoDb = aws.dynamoDb()) {
            TemplateAlarm alarm = TemplateAlarm.read(aws.root().resolve("template.yaml"), "HotAccountAlarm");
            // GIVEN 4 payments on 2 accounts, the lowest jitter (so that the 30 minutes hold as many
            // receives as they can), and DynamoDB throttling every transaction for 30 minutes (a
            // traffic step past twice the table's previous peak)
            Throttled throttled = fourPaymentsThrottled(time, sqs, dynamoDb, "TXN-T");
            Ledger ledger = throttled.ledger();
            TemplateQueues queues = throttled.queues();
            SqsEventSourceMapping mapping = throttled.mapping();
            Duration throttledUntil = time.skipped().plus(Duration.ofMinutes(30));
            // WHEN the function polls the queue as Lambda does, AWS's time passing while it has
            // nothing to receive, and 10 minutes in a fifth payment arrives (traffic goes on)
            drive(mapping, time, queues, throttledUntil.minus(Duration.ofMinutes(20)), () -> false);
            send(sqs, queues.payments(), purchase("TXN-T4", "ACC-0", "1.00", "EUR"), Map.of());
            drive(mapping, time, queues, throttledUntil, () -> false);
            assertTrue(time.skipped().plusMillis(1).compareTo(throttledUntil) >= 0, time.skipped().toString());
            // THEN the function's EMF lines count payments handed back for throttling in each of three
            // 5-minute periods in a row: the hot-account alarm fires as template.yaml defines it
            // (the first four alone, received at 0, 1, 3 ... 511, 1023 s, leave a period without one)
            TemplateAlarm.Evaluation fired = alarm.evaluate(MetricSamples.fromEmf(FunctionOutput.parse(output.toByteArray()).emf()),
                    time.clock().instant().minus(Duration.ofMinutes(20)));
            assertTrue(fired.alarm(), fired::toString);
            aws.moto().clearFaults();
            drive(mapping, time, queues, () -> queues.backlog(sqs) == 0);

            // THEN no payment reached the DLQ, each of the first four received and throttled 11 times
            // in those 30 minutes (at 0, 1, 3, 7 ... 1023 s: 1 s doubled)
            assertEquals(0, queues.deadLetters(sqs), "payments dead-lettered by 30 minutes of throttling");
            for (int i = 0; i < 4; i++) {
                String txn = "TXN-T" + i;
                assertEquals(11, lines().stream().filter(line -> line.path("txn_id").asText().equals(txn)
                        && line.path("outcome").asText().equals("RETRY")).count(), txn);
            }
            // AND each is debited once, approved once, and three periods later the alarm has cleared
            assertEquals(100_000 - 300, ledger.balance("ACC-0"));
            assertEquals(100_000 - 200, ledger.balance("ACC-1"));
            assertEquals(5, ledger.allEntries());
            assertEquals(Map.of("APPROVED", 5L), decisions(lines()));
            time.advance(Duration.ofMinutes(15));
            assertFalse(alarm.evaluate(MetricSamples.fromEmf(FunctionOutput.parse(output.toByteArray()).emf()),
                    time.clock().instant()).alarm());
        }
    }

    @Test
    void aTableThrottledPastItsReceives_deadLettersThePaymentsItOutlasts_firesTheThrottleAlarms_andARedriveDecidesEachOnce() {
        try (AwsTime time = aws.awsTime(); SqsClient sqs = aws.sqs(); DynamoDbClient dynamoDb = aws.dynamoDb()) {
            Path template = aws.root().resolve("template.yaml");
            TemplateAlarm throttleAlarm = TemplateAlarm.read(template, "DynamoDbWriteThrottlesAlarm");
            TemplateAlarm deadLetterAlarm = TemplateAlarm.read(template, "DeadLetterQueueAlarm");
            long receives = Template.read(template).requireParameter("MaxReceiveCount").defaultNumber();
            // GIVEN 4 payments on 2 accounts, and DynamoDB throttling every transaction with no end: a hot
            // partition or the table's quota, which throttle for as long as the load lasts ("On-demand
            // capacity mode", Amazon DynamoDB Developer Guide)
            Throttled throttled = fourPaymentsThrottled(time, sqs, dynamoDb, "TXN-Q");
            Ledger ledger = throttled.ledger();
            TemplateQueues queues = throttled.queues();
            SqsEventSourceMapping mapping = throttled.mapping();
            WriteThrottleEvents events = new WriteThrottleEvents(throttleAlarm, time);
            // WHEN the function polls the queue as Lambda does, and traffic goes on: a payment every 5 minutes
            int sent = 4;
            while (queues.deadLetters(sqs) < 4) {
                drive(mapping, time, queues, time.skipped().plus(Duration.ofMinutes(5)), () -> events.counted() && queues.deadLetters(sqs) >= 4);
                send(sqs, queues.payments(), purchase("TXN-Q" + sent, "ACC-" + (sent % 2), "1.00", "EUR"), Map.of());
                sent++;
            }
            // THEN the four outlived by the throttling are in the DLQ, each after MaxReceiveCount receives, nothing written
            assertEquals(4, queues.deadLetters(sqs));
            for (int i = 0; i < 4; i++) {
                String txn = "TXN-Q" + i;
                assertEquals(receives, lines().stream().filter(line -> line.path("txn_id").asText().equals(txn)
                        && line.path("outcome").asText().equals("RETRY")).count(), txn);
            }
            assertEquals(0, ledger.allEntries());
            // AND DynamoDB's write throttle events of the payment tables fire their alarm (3 periods in a row),
            // and the DLQ's depth fires dlq-not-empty
            TemplateAlarm.Evaluation fired = throttleAlarm.evaluate(events.samples(), time.clock().instant());
            assertTrue(fired.alarm(), fired::toString);
            MetricSamples depth = new MetricSamples().add(deadLetterAlarm.metric(), time.clock().instant(), queues.deadLetters(sqs));
            assertTrue(deadLetterAlarm.evaluate(depth, time.clock().instant()).alarm());

            // WHEN the throttling ends and the queue drains: a payment that had spent its receives before the end
            // still follows into the DLQ at its next one (SQS counts receives, not failures)
            events.throttlingEnds();
            drive(mapping, time, queues, () -> queues.backlog(sqs) == 0 && events.counted());
            int deadLettered = queues.deadLetters(sqs);
            assertTrue(deadLettered >= 4, "dead letters: " + deadLettered);
            // AND an operator then redrives the DLQ (make redrive), once, and the function drains the queue
            assertEquals(new DeadLetterRedrive.Result(deadLettered, 0), DeadLetterRedrive.move(sqs, queues.deadLetter(), queues.payments()));
            drive(mapping, time, queues, () -> queues.backlog(sqs) == 0 && events.counted());

            // THEN every payment, redriven or still queued, is approved once and debited once, the DLQ empty
            assertEquals(Map.of("APPROVED", (long) sent), decisions(lines()));
            assertEquals(sent, ledger.allEntries());
            assertEquals(2 * 100_000 - 100L * sent, ledger.balance("ACC-0") + ledger.balance("ACC-1"));
            assertEquals(0, queues.deadLetters(sqs));
            // AND 15 minutes later both alarms have cleared
            time.advance(Duration.ofMinutes(15));
            assertFalse(throttleAlarm.evaluate(events.samples(), time.clock().instant()).alarm());
            depth.add(deadLetterAlarm.metric(), time.clock().instant(), queues.deadLetters(sqs));
            assertFalse(deadLetterAlarm.evaluate(depth, time.clock().instant()).alarm());
        }
    }

    /** The accounts, the template's queues and the function's event source of a throttling test. */
    private record Throttled(Ledger ledger, TemplateQueues queues, SqsEventSourceMapping mapping) {
    }

    /**
     * At the start of a 5-minute period: 2 accounts of 1 000.00, the template's queues, the function
     * with every jittered delay at its window's lower bound (as many receives as the time holds), 4
     * purchases of 1.00 named {@code prefix}0-3 on the 2 accounts in the payments queue, and DynamoDB
     * throttling every transaction until the test clears it.
     */
    private Throttled fourPaymentsThrottled(AwsTime time, SqsClient sqs, DynamoDbClient dynamoDb, String prefix) {
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
     * DynamoDB's {@code WriteThrottleEvents} of the tables a payment's transaction writes, as the
     * alarm's queries name them, derived from the launcher's throttling fault: each throttled
     * {@code TransactWriteItems} is one throttled write event on each of its three tables, counted
     * at AWS's time when it is seen (CloudWatch has no local form).
     */
    private final class WriteThrottleEvents {

        private final MetricSamples samples = new MetricSamples();
        private final List<MetricSamples.Metric> tables;
        private final AwsTime time;
        private int left;

        WriteThrottleEvents(TemplateAlarm alarm, AwsTime time) {
            this.tables = List.of(alarm.metric("records"), alarm.metric("accounts"), alarm.metric("ledger"));
            this.time = time;
            this.left = aws.moto().faultsLeft();
        }

        /** Counts the throttled requests since the last count; always true, to be and-ed with a drive's condition. */
        boolean counted() {
            int now = aws.moto().faultsLeft();
            if (now < left) {
                tables.forEach(table -> samples.add(table, time.clock().instant(), left - now));
            }
            left = now;
            return true;
        }

        /** The last throttled requests counted, then the fault cleared: DynamoDB serves the load again. */
        void throttlingEnds() {
            counted();
            aws.moto().clearFaults();
            left = aws.moto().faultsLeft();
        }

        MetricSamples samples() {
            return samples;
        }
    }

    @Test
    void aSignedPaymentThrottledIntoTheDlq_redrivenTenMinutesLater_isApprovedOnce() {
        try (AwsTime time = aws.awsTime(); SqsClient sqs = aws.sqs(); DynamoDbClient dynamoDb = aws.dynamoDb()) {
            Ledger ledger = new Ledger(dynamoDb);
            ledger.openAccount("ACC-S", 100_000, "EUR");
            TemplateQueues queues = TemplateQueues.asTheTemplateDeclares(aws, sqs);
            Map<String, String> signaturesRequired = Map.of(ReceiverVariables.REQUIRE_PRODUCER_SIGNATURES, "true",
                    ReceiverVariables.PRODUCER_SIGNING_SECRETS, aws.producerSigningSecret());
            ProducerSigner producer = aws.producerSigner().orElseThrow();
            SqsEventSourceMapping mapping = mapping(sqs, queues, handler(time, queues, signaturesRequired, new SecureRandom()));
            // GIVEN a payment its producer signed and sent at once
            String body = purchase("TXN-S1", "ACC-S", "10.00", "EUR");
            send(sqs, queues.payments(), body, producer.attributes(body, time.clock().instant()));
            // AND DynamoDB throttling it at every receive until SQS moved it to the DLQ
            aws.moto().inject(Fault.throttling("TransactWriteItems", "TXN-S1", 1_000_000));
            drive(mapping, time, queues, () -> queues.deadLetters(sqs) == 1);
            aws.moto().clearFaults();
            assertEquals(0, ledger.entries("ACC-S").size());

            // WHEN an operator redrives the DLQ 10 minutes later, as make redrive does (a new message,
            // a new SentTimestamp), and the function drains the queue
            time.advance(Duration.ofMinutes(10));
            assertEquals(new DeadLetterRedrive.Result(1, 0), DeadLetterRedrive.move(sqs, queues.deadLetter(), queues.payments()));
            drive(mapping, time, queues, () -> queues.backlog(sqs) == 0);

            // THEN the payment is approved once, the DLQ empty
            assertEquals(Map.of("APPROVED", 1L), decisions(lines()));
            assertEquals(100_000 - 1_000, ledger.balance("ACC-S"));
            assertEquals(1, ledger.entries("ACC-S").size());
            assertEquals(0, queues.deadLetters(sqs));
        }
    }

    @Test
    void aDeclinedPaymentsCopy_redrivenThirteenDaysLater_isADuplicate_notDecidedAgain() {
        try (AwsTime time = aws.awsTime(); SqsClient sqs = aws.sqs(); DynamoDbClient dynamoDb = aws.dynamoDb()) {
            Ledger ledger = new Ledger(dynamoDb);
            ledger.openAccount("ACC-D", 500, "EUR");
            TemplateQueues queues = TemplateQueues.asTheTemplateDeclares(aws, sqs);
            SqsEventSourceMapping mapping = mapping(sqs, queues, handler(time, queues, Map.of(), new SecureRandom()));
            // GIVEN a payment of 10.00 declined on an account holding 5.00
            String payment = purchase("TXN-D1", "ACC-D", "10.00", "EUR");
            send(sqs, queues.payments(), payment, Map.of());
            drive(mapping, time, queues, () -> queues.backlog(sqs) == 0);
            assertEquals(Map.of("DECLINED", 1L), decisions(lines()));
            // AND its producer's retry (a new message id), failing at every receive (DynamoDB
            // answering 500 for 45 minutes) until SQS moved it to the DLQ
            send(sqs, queues.payments(), producerRetry(payment), Map.of());
            aws.moto().inject(Fault.internalError("TransactWriteItems", "TXN-D1", 1_000_000));
            drive(mapping, time, queues, () -> queues.deadLetters(sqs) == 1);
            aws.moto().clearFaults();
            // AND the account topped up meanwhile, so that deciding it again would approve it
            ledger.openAccount("ACC-D", 100_000, "EUR");
            int linesBefore = lines().size();

            // WHEN an operator redrives the DLQ 13 days after the decision (the copy still within
            // the DLQ's 14 days), and the function drains the queue
            time.advance(Duration.ofDays(13).minus(time.skipped()));
            assertEquals(new DeadLetterRedrive.Result(1, 0), DeadLetterRedrive.move(sqs, queues.deadLetter(), queues.payments()));
            drive(mapping, time, queues, () -> queues.backlog(sqs) == 0);

            // THEN the copy is a duplicate of the decline, replayed from its record: no debit, no ledger row
            assertEquals(Map.of("DUPLICATE", 1L), decisions(lines().subList(linesBefore, lines().size())));
            assertEquals(100_000, ledger.balance("ACC-D"));
            assertEquals(0, ledger.entries("ACC-D").size());
            assertEquals(0, queues.deadLetters(sqs));
        }
    }

    @Test
    void aDeclinedPaymentsCopy_redrivenTwice_pastItsRecord_isRefusedAsTooOld_neverDecidedAgain_signaturesOff() {
        // GIVEN the function as the template sets it: 30-day records, payments decided up to
        // MaxPaymentAgeSeconds old, producers' signatures off (the template's default)
        Template template = Template.read(aws.root().resolve("template.yaml"));
        Map<String, String> bounded = Map.of(ReceiverVariables.MAX_MESSAGE_AGE_SECONDS,
                Long.toString(template.requireParameter("MaxPaymentAgeSeconds").defaultNumber()),
                ReceiverVariables.IDEMPOTENCY_TTL_SECONDS,
                Long.toString(template.requireParameter("IdempotencyTtlSeconds").defaultNumber()));
        try (AwsTime time = aws.awsTime(); SqsClient sqs = aws.sqs(); DynamoDbClient dynamoDb = aws.dynamoDb()) {
            TemplateQueues queues = TemplateQueues.asTheTemplateDeclares(aws, sqs);
            SqsEventSourceMapping mapping = mapping(sqs, queues, handler(time, queues, bounded, new SecureRandom()));
            // AND a payment of 10.00 issued now, declined on an account holding 5.00
            Ledger ledger = new Ledger(dynamoDb);
            ledger.openAccount("ACC-R", 500, "EUR");
            String payment = issuedAt(purchase("TXN-R1", "ACC-R", "10.00", "EUR"), time.clock().instant());
            send(sqs, queues.payments(), payment, Map.of());
            drive(mapping, time, queues, () -> queues.backlog(sqs) == 0);
            assertEquals(Map.of("DECLINED", 1L), decisions(lines()));
            // AND a copy of it failing at every receive (DynamoDB answering 500) until SQS moved it to the DLQ
            send(sqs, queues.payments(), payment, Map.of());
            aws.moto().inject(Fault.internalError("TransactWriteItems", "TXN-R1", 1_000_000));
            drive(mapping, time, queues, () -> queues.deadLetters(sqs) == 1);
            // AND redriven at the end of the DLQ's 14 days, failing again into the DLQ, as a new message
            time.advance(Duration.ofDays(14).minusHours(1).minus(time.skipped()));
            assertEquals(1, DeadLetterRedrive.move(sqs, queues.deadLetter(), queues.payments()).moved());
            drive(mapping, time, queues, time.skipped().plus(Duration.ofDays(1)), () -> queues.deadLetters(sqs) == 1);
            assertEquals(1, queues.deadLetters(sqs));
            aws.moto().clearFaults();
            // AND the account topped up meanwhile, so that deciding it again would approve it
            ledger.openAccount("ACC-R", 100_000, "EUR");
            int linesBefore = lines().size();

            // WHEN an operator redrives it again within its new 14 days, and the function (its
            // mapping paused) receives it two and a half days later, past the record's 30 days
            time.advance(Duration.ofDays(28).minusHours(2).minus(time.skipped()));
            assertEquals(1, DeadLetterRedrive.move(sqs, queues.deadLetter(), queues.payments()).moved());
            time.advance(Duration.ofDays(30).plusHours(12).minus(time.skipped()));
            drive(mapping, time, queues, time.skipped().plus(Duration.ofDays(1)), () -> queues.backlog(sqs) == 0);

            // THEN the copy is refused as too old, dead-lettered with that reason: never decided anew
            assertEquals(Map.of("REJECTED", 1L), decisions(lines().subList(linesBefore, lines().size())));
            assertEquals(100_000, ledger.balance("ACC-R"));
            assertEquals(0, ledger.entries("ACC-R").size());
            List<Message> dead = sqs.receiveMessage(request -> request.queueUrl(queues.deadLetter())
                    .messageAttributeNames("All")).messages();
            assertEquals(1, dead.size());
            String reason = dead.get(0).messageAttributes().get(DeadLetterAttributes.REASON).stringValue();
            assertTrue(reason.startsWith(DeadLetterAttributes.TOO_OLD + ": "), reason);
        }
    }

    /**
     * The handler as Lambda builds it (soon redelivery, dead letters at once, the SDK's retries),
     * its clients signing as the function, on AWS's time.
     */
    private PaymentAuthorizerHandler handler(AwsTime time, TemplateQueues queues, Map<String, String> extra, SecureRandom random) {
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

    private static SqsEventSourceMapping mapping(SqsClient sqs, TemplateQueues queues, PaymentAuthorizerHandler handler) {
        return new SqsEventSourceMapping(sqs, queues.payments(), LocalAws.REGION.id(), 10, Duration.ZERO,
                event -> handler.handleRequest(event, LambdaContext.startingNow("payment-authorizer", INVOCATION)));
    }

    /**
     * Polls as Lambda does until {@code done} or until AWS's time reaches {@code until}, moving AWS's
     * time, whenever nothing is to be received (never during an invocation), to just past the
     * moment the first message of the queue becomes visible again: the time Lambda's poller would
     * wait, and no more. Answers how many messages were received. Bounded: 2 days of AWS's time.
     */
    private static int drive(SqsEventSourceMapping mapping, AwsTime time, TemplateQueues queues, Duration until, BooleanSupplier done) {
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
    private static int drive(SqsEventSourceMapping mapping, AwsTime time, TemplateQueues queues, BooleanSupplier done) {
        return drive(mapping, time, queues, BOUND, done);
    }

    private static void send(SqsClient sqs, String queue, String body, Map<String, MessageAttributeValue> attributes) {
        sqs.sendMessage(request -> request.queueUrl(queue).messageBody(body).messageAttributes(attributes));
    }

    private List<JsonNode> lines() {
        return new ArrayList<>(FunctionOutput.parse(output.toByteArray()).logs());
    }

    /** The decisions of {@code lines}, by outcome; a retry is no decision. */
    private static Map<String, Long> decisions(List<JsonNode> lines) {
        Map<String, Long> outcomes = new TreeMap<>();
        lines.stream().map(line -> line.path("outcome").asText(""))
                .filter(outcome -> !outcome.isEmpty() && !outcome.equals("RETRY"))
                .forEach(outcome -> outcomes.merge(outcome, 1L, Long::sum));
        return outcomes;
    }
}
