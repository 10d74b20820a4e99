package com.example.receiver.lambda;

import static com.example.receiver.fixtures.SqsEvents.failures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import com.example.localaws.RedisNode;
import com.example.receiver.fixtures.SqsEvents;
import com.example.receiver.seats.Booking;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Redeliveries of one booking, with and without the fast path, and what each costs: SQS delivers
 * at least once ("Amazon SQS at-least-once delivery",
 * https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/standard-queues-at-least-once-delivery.html).
 */
@ExtendWith(LocalAwsExtension.class)
class RedeliveryTest {

    private final LocalAws aws;
    private final String run = UUID.randomUUID().toString().substring(0, 8);

    RedeliveryTest(LocalAws aws) {
        this.aws = aws;
    }

    @Test
    void deliveredThreeTimes_withRedis_takesTheSeatOnce_andDuplicatesMakeNoDynamoDbCall() {
        try (SeatReceiver receiver = SeatReceiver.on(aws).fastPath(aws.redis()).build()) {
            String booking = Booking.body("BKG-1-" + run, "EVT-1", "A1");
            // WHEN the same message is delivered three times, in three invocations
            SQSBatchResponse first = receiver.handle(SqsEvents.of(booking));
            receiver.calls.reset();
            SQSBatchResponse second = receiver.handle(SqsEvents.of(booking));
            SQSBatchResponse third = receiver.handle(SqsEvents.of(booking));
            // THEN one seat taken, two duplicates from the fast path with no DynamoDB call
            assertEquals(List.of(), failures(first));
            assertEquals(List.of(), failures(second));
            assertEquals(List.of(), failures(third));
            assertEquals(Map.of("EVT-1#A1", "BKG-1-" + run), receiver.tables().holders());
            assertEquals(0, receiver.calls.total(), "duplicates answered by the fast path alone");
            assertEquals(1, receiver.metric("Approved"));
            assertEquals(2, receiver.metric("DuplicateFastPath"));
            // AND each duplicate is one WARN line naming the key by the builder's key field
            List<String> duplicates = receiver.logsOf("DUPLICATE");
            assertEquals(2, duplicates.size());
            assertTrue(duplicates.get(0).contains("Duplicate message discarded, " + SeatReceiver.KEY_FIELD + "=BKG-1-" + run),
                    duplicates.get(0));
        }
    }

    @Test
    void deliveredThreeTimes_withRedisDown_costsOneDynamoDbCallPerDuplicate() {
        try (SeatReceiver receiver = SeatReceiver.on(aws).fastPath(aws.redis()).build()) {
            String booking = Booking.body("BKG-1-" + run, "EVT-1", "A1");
            // GIVEN redis-server is down
            aws.redis().stop();
            // WHEN delivered three times
            receiver.handle(SqsEvents.of(booking));
            receiver.calls.reset();
            SQSBatchResponse second = receiver.handle(SqsEvents.of(booking));
            int afterSecond = receiver.calls.total();
            SQSBatchResponse third = receiver.handle(SqsEvents.of(booking));
            // THEN still one seat; each duplicate is recognised by one TransactWriteItems, no read
            assertEquals(List.of(), failures(second));
            assertEquals(List.of(), failures(third));
            assertEquals(1, afterSecond);
            assertEquals(Map.of("TransactWriteItems", 2), receiver.calls.byOperation());
            assertEquals(Optional.of("BKG-1-" + run), receiver.tables().holder("EVT-1", "A1"));
            assertEquals(2, receiver.metric("DuplicateStore"));
            assertTrue(receiver.metric("FastPathUnavailable") >= 1);
        } finally {
            aws.redis().start();
        }
    }

    @Test
    void batchOfTen_costsOneRoundTripOfGetsAndOneOfSets_andTenTransactions() {
        try (SeatReceiver receiver = SeatReceiver.on(aws).fastPath(aws.redis()).build()) {
            String[] batch = new String[10];
            for (int i = 0; i < batch.length; i++) {
                batch[i] = Booking.body("BKG-B-" + run + "-" + i, "EVT-" + i, "A1");
            }
            receiver.handle(SqsEvents.of(Booking.body("BKG-WARM-" + run, "EVT-W", "A1"))); // the client learns the slot map
            RedisNode node = aws.redis().node(0);
            node.resetStats();
            receiver.calls.reset();
            // WHEN a batch of 10 new bookings of 10 events runs, then the same batch again
            receiver.handle(SqsEvents.of(batch));
            long roundTripsNew = node.roundTrips();
            long getNew = node.calls("get");
            long setexNew = node.calls("setex");
            int dynamoNew = receiver.calls.total();
            receiver.calls.reset();
            node.resetStats();
            receiver.handle(SqsEvents.of(batch));
            // THEN new: ten GETs in one pipeline, ten SETEX in another (two round trips, read from
            // the server's own INFO stats), one TransactWriteItems per event;
            // duplicates: one round trip of ten GETs, nothing written, no DynamoDB call
            assertEquals(2, roundTripsNew);
            assertEquals(10, getNew);
            assertEquals(10, setexNew);
            assertEquals(10, dynamoNew);
            assertEquals(1, node.roundTrips());
            assertEquals(10, node.calls("get"));
            assertEquals(0, node.calls("setex"));
            assertEquals(0, receiver.calls.total());
        }
    }

    @Test
    void sameBookingWithAnotherSeat_isConflict_failed_andWritesNothing() {
        try (SeatReceiver receiver = SeatReceiver.on(aws).build()) {
            receiver.handle(SqsEvents.of(Booking.body("BKG-1-" + run, "EVT-1", "A1")));
            String recordBefore = receiver.tables().record("BKG-1-" + run).orElseThrow().toString();
            // WHEN the same booking id arrives for another seat
            SQSEvent conflicting = SqsEvents.of(Booking.body("BKG-1-" + run, "EVT-1", "B9"));
            SQSBatchResponse response = receiver.handle(conflicting);
            // THEN it is a batch item failure (it will end in the DLQ), and nothing changed
            assertEquals(List.of(conflicting.getRecords().get(0).getMessageId()), failures(response));
            assertEquals(1, receiver.metric("Conflict"));
            assertEquals(Map.of("EVT-1#A1", "BKG-1-" + run), receiver.tables().holders());
            assertEquals(recordBefore, receiver.tables().record("BKG-1-" + run).orElseThrow().toString());
            String warn = receiver.logsOf("CONFLICT").get(0);
            assertTrue(warn.contains("\"level\":\"WARN\"") && warn.contains("stored_fingerprint")
                    && warn.contains("received_fingerprint"), warn);
        }
    }

    @Test
    void sameBookingTwiceInOneBatch_isOneDecisionAndOneDuplicate() {
        try (SeatReceiver receiver = SeatReceiver.on(aws).fastPath(aws.redis()).build()) {
            String booking = Booking.body("BKG-1-" + run, "EVT-1", "A1");
            SQSBatchResponse response = receiver.handle(SqsEvents.of(booking, booking));
            assertEquals(List.of(), failures(response));
            assertEquals(1, receiver.calls.of("TransactWriteItems"));
            assertEquals(1, receiver.metric("Approved"));
            assertEquals(1, receiver.metric("DuplicateInBatch"));
            assertEquals(Optional.of("BKG-1-" + run), receiver.tables().holder("EVT-1", "A1"));
        }
    }
}
