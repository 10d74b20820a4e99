package com.example.receiver.lambda;

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
import com.example.receiver.testkit.TransactionConflicts;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;

/**
 * The invocation's time reserve ({@code MIN_REMAINING_TIME_MS}) holds for every call a group
 * starts, not only for its first: a group cut into several transactions (DynamoDB takes at most
 * 100 actions in one, "TransactWriteItems", Amazon DynamoDB API Reference,
 * https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TransactWriteItems.html)
 * on a slow table stops where the reserve is reached: the chunks decided are acknowledged, the
 * rest come back. The slow table is the launcher's conflict mode, whose every transaction
 * answers after its hold.
 */
@ExtendWith(LocalAwsExtension.class)
class TimeReserveTest {

    private static final Duration RESERVE = Duration.ofSeconds(2);
    private static final Duration INVOCATION = Duration.ofSeconds(4);
    /** Longer than the invocation's time above its reserve: after one transaction the reserve is reached. */
    private static final Duration SLOW_TRANSACTION = Duration.ofMillis(2_500);
    /** 120 bookings of one event: 240 actions, three transactions of at most 100 (50, 50, 20 bookings). */
    private static final int BOOKINGS = 120;
    private static final int FIRST_CHUNK = 50;

    private final LocalAws aws;

    TimeReserveTest(LocalAws aws) {
        this.aws = aws;
    }

    @Test
    void aGroupOfManyChunks_startsNoTransactionPastTheReserve_decidesItsPrefix_andTheRestComeBack() {
        AtomicReference<LambdaContext> invocation = new AtomicReference<>();
        List<Integer> remainingAtEachTransaction = new CopyOnWriteArrayList<>();
        ExecutionInterceptor startOfEachTransaction = new ExecutionInterceptor() {
            @Override
            public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
                if ("TransactWriteItems".equals(attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME))) {
                    remainingAtEachTransaction.add(invocation.get().getRemainingTimeInMillis());
                }
            }
        };
        // GIVEN a receiver keeping 2 s of its invocation in reserve, on a table whose every
        // transaction takes 2.5 s
        try (SeatReceiver receiver = SeatReceiver.on(aws).set(ReceiverConfig.MIN_REMAINING_TIME_MS,
                Long.toString(RESERVE.toMillis())).intercept(startOfEachTransaction).build();
             TransactionConflicts slow = aws.transactionConflicts(SLOW_TRANSACTION)) {
            // AND a batch of 120 bookings of one event: one lane, one group, three chunks
            SQSEvent batch = bookings(BOOKINGS);
            // WHEN it comes in an invocation of 4 s
            invocation.set(LambdaContext.startingNow(SeatReceiver.SERVICE, INVOCATION));
            SQSBatchResponse response = receiver.handle(batch, invocation.get());
            // THEN one transaction was started, with the reserve still there, and none after it
            assertEquals(1, remainingAtEachTransaction.size(), "transactions started: " + remainingAtEachTransaction);
            assertTrue(remainingAtEachTransaction.get(0) >= RESERVE.toMillis(), remainingAtEachTransaction.toString());
            // AND the first chunk's 50 bookings are decided and acknowledged, the other 70 come back
            List<String> later = batch.getRecords().subList(FIRST_CHUNK, BOOKINGS).stream()
                    .map(SQSEvent.SQSMessage::getMessageId).toList();
            assertEquals(later, failures(response));
            assertEquals(FIRST_CHUNK, receiver.tables().holders().size());
            assertEquals(FIRST_CHUNK, receiver.metric("Approved"));
            // AND each of them as out of time, logged with that cause
            assertEquals(BOOKINGS - FIRST_CHUNK, receiver.output().logs().stream()
                    .filter(line -> "OUT_OF_TIME".equals(line.path("cause").textValue())).count());
        }
    }

    private static SQSEvent bookings(int count) {
        String event = "EVT-R-" + UUID.randomUUID().toString().substring(0, 8);
        List<String> bodies = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            bodies.add(Booking.body(event + "-B" + i, event, "S" + i));
        }
        return SqsEvents.of(bodies.toArray(String[]::new));
    }
}
