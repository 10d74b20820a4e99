package com.example.receiver.lambda;

import static com.example.receiver.fixtures.SqsEvents.failures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.example.lambdafakes.LambdaContext;
import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import com.example.localaws.mapping.SqsEventSourceMapping;
import com.example.localaws.observability.FunctionOutput;
import com.example.receiver.fixtures.SqsEvents;
import com.example.receiver.internal.config.ReceiverConfig;
import com.example.receiver.seats.Booking;
import com.example.receiver.testkit.Fault;
import com.example.receiver.testkit.WriteCapacity;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.Message;
import software.amazon.awssdk.services.sqs.model.MessageSystemAttributeName;
import software.amazon.awssdk.services.sqs.model.QueueAttributeName;

/**
 * DynamoDB throttling read as throttling. A transaction DynamoDB throttles is cancelled with
 * reason {@code ThrottlingError} (on-demand tables; {@code ProvisionedThroughputExceeded} on
 * provisioned ones), which the SDK does not retry ("TransactWriteItems", Errors, Amazon DynamoDB
 * API Reference,
 * https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TransactWriteItems.html#API_TransactWriteItems_Errors);
 * a single call throttled beyond the SDK's retries fails with a throttling exception ("Error
 * handling with DynamoDB",
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Programming.Errors.html).
 * Both are waited out with back-off while the invocation can afford it, a group whole; what the
 * invocation cannot outlast comes back in seconds, later at each receive. The capacity here is the
 * launcher's (a bucket of write units per table, refilled continuously, as DynamoDB's capacity
 * refills); a transactional write costs 2 units per KB.
 */
@ExtendWith(LocalAwsExtension.class)
class ThrottlingTest {

    private final LocalAws aws;

    ThrottlingTest(LocalAws aws) {
        this.aws = aws;
    }

    @Test
    void aGroupCancelledWithThrottlingError_isTriedAgainWhole_neverCommittedOneByOne() {
        try (SeatReceiver receiver = SeatReceiver.on(aws).build()) {
            // GIVEN every table limited to 20 write units a second, which a first batch of 10
            // bookings of one event spends on the records and the seats (10 x 2 units each)
            try (WriteCapacity capacity = aws.writeCapacity(20)) {
                assertEquals(List.of(), failures(receiver.handle(SqsEvents.of(bookings("EVT-A", 10).toArray(String[]::new)))));
                receiver.calls.reset();
                // WHEN a batch of 3 bookings of another event comes at once: one group, throttled
                SQSBatchResponse response = receiver.handle(SqsEvents.of(bookings("EVT-B", 3).toArray(String[]::new)));
                capacity.close();
                // THEN every booking is decided, none returned to the queue
                assertEquals(List.of(), failures(response));
                // AND the group was cancelled for throttling and tried again whole: one call per
                // throttled attempt and the one that committed; none one by one, no decline record
                assertTrue(capacity.throttled() >= 1, "the launcher throttled the group");
                assertEquals(Map.of("TransactWriteItems", capacity.throttled() + 1), receiver.calls.byOperation());
            }
            assertEquals(13, receiver.tables().holders().size());
            assertEquals(13, receiver.metric("Approved"));
            assertEquals(0, receiver.metric("Throttled"));
        }
    }

    @Test
    void throttlingTheBackOffOutlasts_decidesEveryBookingOnce_andReturnsNothingToTheQueue() {
        try (SqsClient sqs = aws.sqs(); SeatReceiver receiver = SeatReceiver.on(aws).build()) {
            // GIVEN a queue with a DLQ after 5 receives, holding 40 bookings of two events
            Queue queue = queue(sqs, 60);
            List<String> bodies = new ArrayList<>(bookings("EVT-1", 20));
            bodies.addAll(bookings("EVT-2", 20));
            bodies.forEach(body -> sqs.sendMessage(request -> request.queueUrl(queue.url()).messageBody(body)));
            // AND every table limited to 20 write units a second: one batch of 10 every second
            int received = 0;
            int failed = 0;
            try (WriteCapacity capacity = aws.writeCapacity(20)) {
                // WHEN the function drains the queue, batches of 10, each invocation with 30 s
                SqsEventSourceMapping mapping = new SqsEventSourceMapping(sqs, queue.url(), LocalAws.REGION.id(), 10,
                        Duration.ZERO, event -> receiver.handle(event, LambdaContext.startingNow(SeatReceiver.SERVICE, Duration.ofSeconds(30))));
                for (int poll = 0; poll < 20 && received < bodies.size(); poll++) {
                    SqsEventSourceMapping.Poll batch = mapping.pollOnce();
                    received += batch.received();
                    failed += batch.failed();
                }
                capacity.close();
                assertTrue(capacity.throttled() > 0, "the launcher throttled some batches");
            }
            // THEN each was received once and decided: no failure, the queue and its DLQ empty
            assertEquals(40, received);
            assertEquals(0, failed);
            assertEquals(0, messages(sqs, queue.url()));
            assertEquals(0, messages(sqs, queue.deadLetterUrl()));
            // AND each booking holds its seat
            assertEquals(40, receiver.tables().holders().size());
            assertEquals(40, receiver.metric("Approved"));
            assertEquals(0, receiver.metric("Retry"));
        }
    }

    @Test
    void throttlingThatOutlastsTheInvocation_bringsTheMessageBackInSeconds_laterAtEachReceive_notToTheDlq() {
        String booking = "BKG-T-" + UUID.randomUUID().toString().substring(0, 8);
        // GIVEN soon redelivery set to exactly 1 s, doubled at each receive of a throttled message
        try (SqsClient sqs = aws.sqs(); SeatReceiver receiver = SeatReceiver.on(aws)
                .set(ReceiverConfig.MIN_REMAINING_TIME_MS, "1000")
                .soonRedeliveryWithin(Duration.ofSeconds(1), Duration.ofSeconds(1)).build()) {
            // AND a queue whose visibility timeout is a minute, with a DLQ after 5 receives
            Queue queue = queue(sqs, 60);
            sqs.sendMessage(request -> request.queueUrl(queue.url()).messageBody(Booking.body(booking, "EVT-T", "A1")));
            // AND DynamoDB throttling every attempt to commit it, beyond what 3 s of invocation outlast
            aws.moto().inject(Fault.throttling("TransactWriteItems", booking, 10_000));
            List<Double> comesBackAfter = new ArrayList<>();
            long invocationEnded = 0;
            for (int receive = 1; receive <= 4; receive++) {
                Message message = receive(sqs, queue.url(), 20).orElseThrow(() -> new AssertionError(
                        "the throttled message should be visible again within seconds, not after 60 s"));
                if (receive > 1) {
                    comesBackAfter.add((System.nanoTime() - invocationEnded) / 1e9);
                }
                assertEquals(Integer.toString(receive), message.attributes().get(MessageSystemAttributeName.APPROXIMATE_RECEIVE_COUNT));
                if (receive == 4) {
                    // WHEN the throttling ends, the fourth receive is decided
                    aws.moto().clearFaults();
                }
                SQSBatchResponse response = receiver.handle(SqsEvents.of(List.of(SqsEvents.received(message, queue.arn()))),
                        LambdaContext.startingNow(SeatReceiver.SERVICE, Duration.ofSeconds(3)));
                invocationEnded = System.nanoTime();
                // THEN the first three are reported failed, each a soon retry
                assertEquals(receive < 4 ? List.of(message.messageId()) : List.of(), failures(response));
                if (receive == 4) {
                    sqs.deleteMessage(request -> request.queueUrl(queue.url()).receiptHandle(message.receiptHandle()));
                }
            }
            // AND it came back after about 1, 2 and 4 s: later at each receive, far inside the minute
            assertTrue(comesBackAfter.get(0) >= 0.9 && comesBackAfter.get(0) < 3, comesBackAfter.toString());
            assertTrue(comesBackAfter.get(1) >= 1.9 && comesBackAfter.get(1) > comesBackAfter.get(0), comesBackAfter.toString());
            assertTrue(comesBackAfter.get(2) >= 3.9 && comesBackAfter.get(2) < 15, comesBackAfter.toString());
            // AND nothing reached the DLQ, the seat is taken once, each throttled receive logged
            // with its cause and counted as Throttled
            assertEquals(0, messages(sqs, queue.deadLetterUrl()));
            assertEquals(Optional.of(booking), receiver.tables().holder("EVT-T", "A1"));
            FunctionOutput lines = receiver.output();
            assertEquals(3, lines.logs().stream().filter(line -> "THROTTLING".equals(line.path("cause").textValue())).count());
            assertEquals(3, receiver.metric("Throttled"));
        }
    }

    /** {@code count} bookings of seats 1..count of {@code event} (made unique to this run). */
    private static List<String> bookings(String event, int count) {
        String unique = event + "-" + UUID.randomUUID().toString().substring(0, 8);
        List<String> bodies = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            bodies.add(Booking.body(unique + "-B" + i, unique, "S" + i));
        }
        return bodies;
    }

    /** A queue and its DLQ, which takes a message after 5 receives. */
    private record Queue(String url, String arn, String deadLetterUrl) {
    }

    private static Queue queue(SqsClient sqs, int visibilitySeconds) {
        String name = "SeatsQueue-throttled-" + UUID.randomUUID();
        String dlq = sqs.createQueue(request -> request.queueName(name + "-dlq")).queueUrl();
        String url = sqs.createQueue(request -> request.queueName(name).attributes(Map.of(
                QueueAttributeName.VISIBILITY_TIMEOUT, Integer.toString(visibilitySeconds),
                QueueAttributeName.REDRIVE_POLICY, "{\"deadLetterTargetArn\":\"" + arn(sqs, dlq) + "\",\"maxReceiveCount\":\"5\"}")))
                .queueUrl();
        return new Queue(url, arn(sqs, url), dlq);
    }

    private static String arn(SqsClient sqs, String url) {
        return sqs.getQueueAttributes(request -> request.queueUrl(url).attributeNames(QueueAttributeName.QUEUE_ARN))
                .attributes().get(QueueAttributeName.QUEUE_ARN);
    }

    /** Messages in the queue, visible or in flight. */
    private static int messages(SqsClient sqs, String url) {
        Map<QueueAttributeName, String> attributes = sqs.getQueueAttributes(request -> request.queueUrl(url)
                .attributeNames(QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES,
                        QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES_NOT_VISIBLE)).attributes();
        return Integer.parseInt(attributes.get(QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES))
                + Integer.parseInt(attributes.get(QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES_NOT_VISIBLE));
    }

    private static Optional<Message> receive(SqsClient sqs, String url, int waitSeconds) {
        return sqs.receiveMessage(request -> request.queueUrl(url).waitTimeSeconds(waitSeconds)
                .messageSystemAttributeNames(MessageSystemAttributeName.ALL)).messages().stream().findFirst();
    }
}
