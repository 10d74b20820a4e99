package com.example.payment.authorizer;

import static com.example.payment.PaymentMessages.issuedAt;
import static com.example.payment.PaymentMessages.producerRetry;
import static com.example.payment.PaymentMessages.purchase;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localaws.DeadLetterRedrive;
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
import java.security.SecureRandom;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.Message;

/**
 * A table throttled for DynamoDB's 30 minutes, and payments redriven from the DLQ minutes to days
 * later, at the template's production values on AWS's time ({@link WindowsAtAwsTime}).
 */
class WindowsAtAwsTimeTest extends WindowsAtAwsTime {

    WindowsAtAwsTimeTest(LocalAws aws) {
        super(aws);
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
}
