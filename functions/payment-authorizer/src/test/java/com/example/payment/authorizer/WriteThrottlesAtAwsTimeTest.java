package com.example.payment.authorizer;

import static com.example.payment.PaymentMessages.purchase;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localaws.DeadLetterRedrive;
import com.example.localaws.LocalAws;
import com.example.localaws.mapping.SqsEventSourceMapping;
import com.example.localaws.observability.MetricSamples;
import com.example.localaws.observability.TemplateAlarm;
import com.example.receiver.testkit.AwsTime;
import com.example.template.Template;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * A table throttled with no end, past the payments' receives: the DLQ, the throttle alarms and a
 * redrive, at the template's production values on AWS's time ({@link WindowsAtAwsTime}).
 */
class WriteThrottlesAtAwsTimeTest extends WindowsAtAwsTime {

    WriteThrottlesAtAwsTimeTest(LocalAws aws) {
        super(aws);
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
}
