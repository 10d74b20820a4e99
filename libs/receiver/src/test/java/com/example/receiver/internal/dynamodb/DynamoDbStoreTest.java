package com.example.receiver.internal.dynamodb;

import static com.example.receiver.fixtures.SqsEvents.failures;
import static com.example.receiver.seats.Booking.body;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.lambdafakes.VirtualClock;
import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import com.example.receiver.DuplicateSource;
import com.example.receiver.MessageResult;
import com.example.receiver.Outcome;
import com.example.receiver.fixtures.SequentialRules;
import com.example.receiver.fixtures.SqsEvents;
import com.example.receiver.internal.config.ReceiverConfig;
import com.example.receiver.lambda.SeatReceiver;
import com.example.receiver.seats.BookingModel;
import com.example.receiver.seats.SeatBookings;
import com.example.receiver.seats.SeatTables;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsRequest;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * {@link DynamoDbStore} against the local AWS, in the library's test domain: one
 * {@code TransactWriteItems} decides a new booking (the record and the seat, atomically), and a
 * cancelled one is explained from the {@code ALL_OLD} items its failed conditions return, with no
 * read ("TransactWriteItems", ReturnValuesOnConditionCheckFailure,
 * https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TransactWriteItems.html). An
 * expired record counts as absent although TTL has not deleted it yet ("Working with time to live",
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/TTL.html: deletion within a few
 * days), and the seat, which never expires, then tells a late duplicate. Only a decision leaves a
 * record on the table's stream, which is the outbox: a cancelled transaction writes nothing.
 * Bookings of one event in one batch are committed together, within DynamoDB's 100 actions.
 */
@ExtendWith(LocalAwsExtension.class)
class DynamoDbStoreTest {

    private final LocalAws aws;

    DynamoDbStoreTest(LocalAws aws) {
        this.aws = aws;
    }

    @Test
    void aNewBooking_isOneTransaction_writingTheRecordAndTheSeat() {
        try (SeatReceiver receiver = SeatReceiver.on(aws).build()) {
            // WHEN a booking arrives
            assertEquals(List.of(), failures(receiver.handle(SqsEvents.of(body("BKG-1", "EVT-1", "A1")))));
            // THEN one call committed the record and the seat
            assertEquals(Map.of("TransactWriteItems", 1), receiver.calls.byOperation());
            assertEquals(Optional.of("BKG-1"), receiver.tables().holder("EVT-1", "A1"));
            Map<String, AttributeValue> record = receiver.tables().record("BKG-1").orElseThrow();
            assertEquals("APPROVED", record.get("status").s());
            assertEquals(Map.of("event", AttributeValue.fromS("EVT-1"), "seat", AttributeValue.fromS("A1")),
                    record.get("result").m());
        }
    }

    @Test
    void aRedelivery_isADuplicateFromTheRecord_inOneCall_withNoRead() {
        try (SeatReceiver receiver = SeatReceiver.on(aws).build()) {
            receiver.handle(SqsEvents.of(body("BKG-1", "EVT-1", "A1")));
            receiver.calls.reset();
            // WHEN the same booking is delivered again
            MessageResult again = only(receiver, body("BKG-1", "EVT-1", "A1"));
            // THEN it is a duplicate the record recognised, from the cancelled call alone
            assertEquals(DuplicateSource.STORE, ((Outcome.Duplicate) again.outcome()).source());
            assertEquals(Map.of("TransactWriteItems", 1), receiver.calls.byOperation());
            assertEquals(Optional.of("BKG-1"), receiver.tables().holder("EVT-1", "A1"));
        }
    }

    @Test
    void aBookingIdAgainWithAnotherSeat_isAConflict_andTakesNothing() {
        try (SeatReceiver receiver = SeatReceiver.on(aws).build()) {
            receiver.handle(SqsEvents.of(body("BKG-1", "EVT-1", "A1")));
            // WHEN the booking id comes back for another seat
            MessageResult changed = only(receiver, body("BKG-1", "EVT-1", "B7"));
            // THEN it is a conflict naming both fingerprints, for the dead-letter queue; no seat taken
            assertTrue(changed.outcome() instanceof Outcome.Conflict, changed.toString());
            assertEquals(Optional.empty(), receiver.tables().holder("EVT-1", "B7"));
            assertEquals(Map.of("EVT-1#A1", "BKG-1"), receiver.tables().holders());
        }
    }

    @Test
    void aTakenSeat_isDeclined_theDeclineRecorded_andReplayedToARedelivery() {
        try (SeatReceiver receiver = SeatReceiver.on(aws).build()) {
            receiver.handle(SqsEvents.of(body("BKG-1", "EVT-1", "A1")));
            // WHEN another booking wants the seat, twice
            MessageResult declined = only(receiver, body("BKG-2", "EVT-1", "A1"));
            MessageResult again = only(receiver, body("BKG-2", "EVT-1", "A1"));
            // THEN it is declined once, the decline recorded, and the redelivery replays it
            assertEquals(new Outcome.Declined(SeatBookings.SEAT_TAKEN), declined.outcome());
            assertEquals("DECLINED", receiver.tables().record("BKG-2").orElseThrow().get("status").s());
            Outcome.Duplicate duplicate = (Outcome.Duplicate) again.outcome();
            assertEquals(DuplicateSource.STORE, duplicate.source());
            assertEquals(Optional.of(SeatBookings.SEAT_TAKEN), duplicate.original().reason());
            assertEquals(Map.of("EVT-1#A1", "BKG-1"), receiver.tables().holders());
        }
    }

    @Test
    void afterTheRecordExpired_theSeatStillTellsTheDuplicate_late() {
        VirtualClock clock = VirtualClock.atSystemTime();
        SeatTables tables = SeatTables.create(aws.dynamoDb());
        try (SeatReceiver receiver = SeatReceiver.on(aws, tables).clock(clock).build()) {
            receiver.handle(SqsEvents.of(body("BKG-1", "EVT-1", "A1")));
            // GIVEN the record's window passed (the record still in the table: TTL deletes late)
            clock.advance(Duration.ofDays(31));
            // WHEN the booking is delivered again
            MessageResult late = only(receiver, body("BKG-1", "EVT-1", "A1"));
            // THEN the seat, which never expires, recognises it
            assertEquals(DuplicateSource.LATE, ((Outcome.Duplicate) late.outcome()).source());
            assertEquals(Map.of("EVT-1#A1", "BKG-1"), tables.holders());
        }
    }

    @Test
    void aHotBatchOfNewBookings_isCommittedInOneTransaction() {
        try (SeatReceiver receiver = SeatReceiver.on(aws).build()) {
            // WHEN 10 bookings of one event arrive in one batch
            List<String> bodies = hotBatch(10);
            List<String> outcomes = outcomes(receiver, bodies);
            // THEN each takes its seat, in one call
            assertEquals(new BookingModel().decide(bodies), outcomes);
            assertEquals(Map.of("TransactWriteItems", 1), receiver.calls.byOperation());
            assertEquals(10, receiver.tables().holders().size());
        }
    }

    @Test
    void aRedeliveredHotBatch_isTenDuplicates_andChangesNoSeat() {
        try (SeatReceiver receiver = SeatReceiver.on(aws).build()) {
            List<String> bodies = hotBatch(10);
            outcomes(receiver, bodies);
            Map<String, String> holders = receiver.tables().holders();
            receiver.calls.reset();
            // WHEN the same batch is redelivered (no cache)
            List<String> again = outcomes(receiver, bodies);
            // THEN each is a duplicate and no seat changed hands, decided from the cancelled
            // group's records (ALL_OLD) in that one call: no read, nothing tried one by one
            assertEquals(List.of("DUPLICATE", "DUPLICATE", "DUPLICATE", "DUPLICATE", "DUPLICATE",
                    "DUPLICATE", "DUPLICATE", "DUPLICATE", "DUPLICATE", "DUPLICATE"), again);
            assertEquals(holders, receiver.tables().holders());
            assertEquals(Map.of("TransactWriteItems", 1), receiver.calls.byOperation());
        }
    }

    @Test
    void aHotBatchHalfDecidedBefore_isItsDuplicatesFromTheRecords_andTheNewOnesTogether_inTwoCalls() {
        try (SeatReceiver receiver = SeatReceiver.on(aws).build()) {
            List<String> bodies = hotBatch(10);
            outcomes(receiver, bodies.subList(0, 5));
            receiver.calls.reset();
            // WHEN the batch comes with its first five decided before
            List<String> outcomes = outcomes(receiver, bodies);
            // THEN five duplicates, five seats taken: the cancelled group, then the new five together
            assertEquals(List.of("DUPLICATE", "DUPLICATE", "DUPLICATE", "DUPLICATE", "DUPLICATE",
                    "APPROVED", "APPROVED", "APPROVED", "APPROVED", "APPROVED"), outcomes);
            assertEquals(10, receiver.tables().holders().size());
            assertEquals(Map.of("TransactWriteItems", 2), receiver.calls.byOperation());
        }
    }

    @Test
    void aGroupBeyondOneTransaction_isSplit_withinDynamoDbsLimits() {
        try (SeatReceiver receiver = SeatReceiver.on(aws).build()) {
            // WHEN 60 new bookings of one event come in one batch: 60 records + 60 seats
            List<String> bodies = hotBatch(60);
            List<String> outcomes = outcomes(receiver, bodies);
            // THEN two transactions of at most 100 actions (50 bookings, then 10), each seat taken once
            assertEquals(new BookingModel().decide(bodies), outcomes);
            assertEquals(Map.of("TransactWriteItems", 2), receiver.calls.byOperation());
            assertEquals(60, receiver.tables().holders().size());
        }
    }

    @Test
    void groupCommitOff_commitsEachBookingOnItsOwn() {
        try (SeatReceiver receiver = SeatReceiver.on(aws).set(ReceiverConfig.GROUP_COMMIT, "false").build()) {
            List<String> bodies = hotBatch(3);
            assertEquals(new BookingModel().decide(bodies), outcomes(receiver, bodies));
            assertEquals(Map.of("TransactWriteItems", 3), receiver.calls.byOperation());
        }
    }

    @Test
    void cancelledTransactions_leaveNoStreamRecords_decisionsLeaveOneEach() {
        try (SeatReceiver receiver = SeatReceiver.on(aws).build();
             DynamoDbStreamsClient streams = aws.dynamoDbStreams()) {
            // WHEN: a booking, its duplicate, a conflict, a decline (cancelled, then recorded), its duplicate
            String run = UUID.randomUUID().toString().substring(0, 8);
            receiver.handle(SqsEvents.of(body("BKG-1-" + run, "EVT-1", "A1")));
            receiver.handle(SqsEvents.of(body("BKG-1-" + run, "EVT-1", "A1")));
            receiver.handle(SqsEvents.of(body("BKG-1-" + run, "EVT-1", "B1")));
            receiver.handle(SqsEvents.of(body("BKG-2-" + run, "EVT-1", "A1")));
            receiver.handle(SqsEvents.of(body("BKG-2-" + run, "EVT-1", "A1")));
            // THEN the records' stream (the outbox) holds exactly the two decisions, as INSERTs
            List<Record> records = read(streams, receiver.tables().records());
            assertEquals(List.of("INSERT", "INSERT"), records.stream().map(Record::eventNameAsString).toList());
            assertEquals(List.of(SeatTables.KEY_PREFIX + "#BKG-1-" + run, SeatTables.KEY_PREFIX + "#BKG-2-" + run),
                    records.stream().map(record -> record.dynamodb().keys().get("pk").s()).toList());
        }
    }

    /** Every record of the table's stream so far, shard by shard, oldest first. */
    private List<Record> read(DynamoDbStreamsClient streams, String table) {
        String arn;
        try (var dynamoDb = aws.dynamoDb()) {
            arn = dynamoDb.describeTable(request -> request.tableName(table)).table().latestStreamArn();
        }
        List<Record> records = new ArrayList<>();
        streams.describeStream(request -> request.streamArn(arn)).streamDescription().shards().forEach(shard -> {
            String iterator = streams.getShardIterator(request -> request.streamArn(arn).shardId(shard.shardId())
                    .shardIteratorType(ShardIteratorType.TRIM_HORIZON)).shardIterator();
            for (int page = 0; page < 10 && iterator != null; page++) {
                GetRecordsResponse response = streams.getRecords(GetRecordsRequest.builder().shardIterator(iterator).build());
                records.addAll(response.records());
                if (response.records().isEmpty()) {
                    break;
                }
                iterator = response.nextShardIterator();
            }
        });
        return records;
    }

    /** {@code count} bookings of seats 1..count of one event, each its own booking id. */
    private static List<String> hotBatch(int count) {
        String event = "EVT-HOT-" + UUID.randomUUID().toString().substring(0, 8);
        List<String> bodies = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            bodies.add(body(event + "-B" + i, event, "S" + i));
        }
        return bodies;
    }

    private static MessageResult only(SeatReceiver receiver, String body) {
        return receiver.decide(SqsEvents.of(body)).results().get(0);
    }

    private static List<String> outcomes(SeatReceiver receiver, List<String> bodies) {
        return receiver.decide(SqsEvents.of(bodies.toArray(String[]::new))).results().stream()
                .map(result -> SequentialRules.category(result.outcome())).toList();
    }
}
