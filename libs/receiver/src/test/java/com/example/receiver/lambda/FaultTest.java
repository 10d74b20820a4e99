package com.example.receiver.lambda;

import static com.example.receiver.fixtures.SqsEvents.delivery;
import static com.example.receiver.fixtures.SqsEvents.failures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.lambdafakes.LambdaContext;
import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import com.example.receiver.fixtures.SqsEvents;
import com.example.receiver.internal.config.ReceiverConfig;
import com.example.receiver.seats.Booking;
import com.example.receiver.testkit.Fault;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * DynamoDB errors injected by the moto launcher for one message, and FIFO group ordering. The
 * throttling here refuses every attempt, so it outlasts the receiver's back-off: each test's
 * invocation has 3 s and keeps 1 s in reserve, so it waits about 2 s before giving up.
 */
@ExtendWith(LocalAwsExtension.class)
class FaultTest {

    /** Every attempt fails: more than the SDK's retries and the receiver's back-off together make. */
    private static final int EVERY_ATTEMPT = 10_000;

    private final LocalAws aws;
    private final String run = UUID.randomUUID().toString().substring(0, 8);

    FaultTest(LocalAws aws) {
        this.aws = aws;
    }

    @AfterEach
    void clearFaults() {
        aws.moto().clearFaults();
    }

    private String id(String name) {
        return name + "-" + run;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"ThrottlingException", "InternalServerError"})
    void storeErrorForOneMessage_failsOnlyThatMessage_andItsRedeliverySucceedsOnce(String code) {
        try (SeatReceiver receiver = shortBudget(SeatReceiver.on(aws).fastPath(aws.redis())).build()) {
            // GIVEN DynamoDB fails every attempt for BKG-2
            String failing = id("BKG-2-" + code);
            aws.moto().inject(code.startsWith("Throttling")
                    ? Fault.throttling("TransactWriteItems", failing, EVERY_ATTEMPT)
                    : Fault.internalError("TransactWriteItems", failing, EVERY_ATTEMPT));
            String faulty = Booking.body(failing, "EVT-2", "A1");
            SQSEvent batch = SqsEvents.of(Booking.body(id("BKG-1-" + code), "EVT-1", "A1"), faulty,
                    Booking.body(id("BKG-3-" + code), "EVT-3", "A1"));
            // WHEN the batch runs
            SQSBatchResponse response = receiver.handle(batch, shortInvocation());
            // THEN only BKG-2's delivery fails, and nothing of it was written
            assertEquals(List.of(batch.getRecords().get(1).getMessageId()), failures(response));
            assertEquals(Optional.empty(), receiver.tables().holder("EVT-2", "A1"));
            assertEquals(2, receiver.tables().holders().size());
            // WHEN DynamoDB recovers and BKG-2 is redelivered (twice, as SQS may)
            aws.moto().clearFaults();
            assertEquals(List.of(), failures(receiver.handle(SqsEvents.of(faulty))));
            assertEquals(List.of(), failures(receiver.handle(SqsEvents.of(faulty))));
            // THEN it takes its seat exactly once
            assertEquals(Optional.of(failing), receiver.tables().holder("EVT-2", "A1"));
            assertEquals(3, receiver.metric("Approved"));
            assertEquals(1, receiver.metric("Retry"));
            assertEquals(code.startsWith("Throttling") ? 1 : 0, receiver.metric("Throttled"));
        }
    }

    /**
     * The decline's own {@code PutItem} reads its errors as a transaction does: a 4xx refused it
     * unrun (nothing written), a 5xx leaves it unknown; both are a retry, whose detail says which.
     */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"400, ValidationException, 'store refused 400: ValidationException, nothing written'",
            "500, InternalServerError, 'store error 500: InternalServerError'"})
    void declineRecordFailing_isARetry_sayingWhetherItWasWritten_andItsRedeliveryDeclinesOnce(int status, String code,
                                                                                               String detail) {
        try (SeatReceiver receiver = SeatReceiver.on(aws).build()) {
            // GIVEN seat A1 taken, a booking that wants it, and DynamoDB failing every PutItem of its decline
            receiver.handle(SqsEvents.of(Booking.body(id("BKG-HOLDER-" + status), "EVT-1", "A1")));
            String declined = id("BKG-1-" + status);
            aws.moto().inject(new Fault("PutItem", declined, status, code, EVERY_ATTEMPT));
            SQSEvent batch = SqsEvents.of(Booking.body(declined, "EVT-1", "A1"));
            // WHEN it runs
            SQSBatchResponse response = receiver.handle(batch);
            // THEN it fails, nothing is recorded, and the retry says what the store answered
            assertEquals(List.of(batch.getRecords().get(0).getMessageId()), failures(response));
            assertEquals(Optional.empty(), receiver.tables().record(declined));
            String retry = receiver.logsOf("RETRY").get(0);
            assertTrue(retry.contains("\"detail\":\"" + detail + "\""), retry);
            // WHEN DynamoDB recovers and the message is redelivered
            aws.moto().clearFaults();
            assertEquals(List.of(), failures(receiver.handle(batch)));
            // THEN it is declined and recorded once, the seat still its holder's
            assertEquals("DECLINED", receiver.tables().record(declined).orElseThrow().get("status").s());
            assertEquals(Optional.of(id("BKG-HOLDER-" + status)), receiver.tables().holder("EVT-1", "A1"));
        }
    }

    @Test
    void fifoFailureInGroupA_oneByOne_failsTheLaterAMessages_andLeavesGroupBAlone() {
        // GIVEN group commit off: group A's bookings are committed one after another
        try (SeatReceiver receiver = shortBudget(SeatReceiver.on(aws)).set(ReceiverConfig.GROUP_COMMIT, "false").build()) {
            SQSEvent batch = fifoBatch();
            SQSBatchResponse response = receiver.handle(batch, shortInvocation());
            assertEquals(List.of(batch.getRecords().get(2).getMessageId(), batch.getRecords().get(3).getMessageId()),
                    failures(response));
            assertEquals(Map.of("A#S1", id("BKG-A1"), "B#S1", id("BKG-B1"), "B#S2", id("BKG-B2")),
                    receiver.tables().holders(), "only A1 applied; A3 waits for A2");
        }
    }

    @Test
    void fifoGroupA_committedTogether_andThrottled_failsAllOfA_inOrder_andLeavesGroupBAlone() {
        // GIVEN group commit on (the default): A1, A2 and A3 go to DynamoDB as one transaction
        try (SeatReceiver receiver = shortBudget(SeatReceiver.on(aws)).build()) {
            SQSEvent batch = fifoBatch();
            SQSBatchResponse response = receiver.handle(batch, shortInvocation());
            // THEN the throttled transaction wrote nothing: all of A comes back, in order, B is done
            assertEquals(List.of(batch.getRecords().get(0).getMessageId(), batch.getRecords().get(2).getMessageId(),
                    batch.getRecords().get(3).getMessageId()), failures(response));
            assertEquals(Map.of("B#S1", id("BKG-B1"), "B#S2", id("BKG-B2")), receiver.tables().holders(),
                    "nothing of A applied");
        }
    }

    /** The receiver keeping 1 s in reserve, for {@link #shortInvocation()}. */
    private static SeatReceiver.Setup shortBudget(SeatReceiver.Setup setup) {
        return setup.set(ReceiverConfig.MIN_REMAINING_TIME_MS, "1000");
    }

    /** An invocation of 3 s: with 1 s in reserve, about 2 s of back-off. */
    private static LambdaContext shortInvocation() {
        return LambdaContext.startingNow(SeatReceiver.SERVICE, Duration.ofSeconds(3));
    }

    /** Groups A and B of a FIFO queue (one event each), interleaved, with DynamoDB throttling whatever carries A2. */
    private SQSEvent fifoBatch() {
        aws.moto().inject(Fault.throttling("TransactWriteItems", id("BKG-A2"), EVERY_ATTEMPT));
        return SqsEvents.of(List.of(
                delivery(Booking.body(id("BKG-A1"), "A", "S1"), Optional.of("A")),
                delivery(Booking.body(id("BKG-B1"), "B", "S1"), Optional.of("B")),
                delivery(Booking.body(id("BKG-A2"), "A", "S2"), Optional.of("A")),
                delivery(Booking.body(id("BKG-A3"), "A", "S3"), Optional.of("A")),
                delivery(Booking.body(id("BKG-B2"), "B", "S2"), Optional.of("B"))));
    }
}
