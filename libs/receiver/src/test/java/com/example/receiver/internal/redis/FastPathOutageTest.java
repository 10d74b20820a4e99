package com.example.receiver.internal.redis;

import static com.example.receiver.fixtures.SqsEvents.failures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import com.example.receiver.fixtures.SqsEvents;
import com.example.receiver.lambda.SeatReceiver;
import com.example.receiver.seats.Booking;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * redis-server goes away in the middle of a run and comes back: Redis is a cache, never the source
 * of truth, so every message is still decided once, by DynamoDB, and the outage is counted.
 */
@ExtendWith(LocalAwsExtension.class)
class FastPathOutageTest {

    private final LocalAws aws;

    FastPathOutageTest(LocalAws aws) {
        this.aws = aws;
    }

    @Test
    void redisStoppedMidRun_everyMessageIsStillDecidedCorrectly_andTheOutageIsCounted() {
        try (SeatReceiver receiver = SeatReceiver.on(aws).fastPath(aws.redis()).build()) {
            // GIVEN 40 bookings over 5 events, then the same 40 again, in batches of 8; Redis is
            // stopped before the 4th batch and started (empty) before the 8th
            String run = UUID.randomUUID().toString().substring(0, 8);
            List<String> deliveries = new ArrayList<>();
            for (int round = 0; round < 2; round++) {
                for (int i = 0; i < 40; i++) {
                    deliveries.add(Booking.body("BKG-O-" + run + "-" + i, "EVT-" + (i % 5), "S" + i));
                }
            }
            List<String> failed = new ArrayList<>();
            for (int batch = 0; batch < 10; batch++) {
                if (batch == 3) {
                    aws.redis().stop();
                }
                if (batch == 7) {
                    aws.redis().start();
                }
                failed.addAll(failures(receiver.handle(SqsEvents.of(
                        deliveries.subList(batch * 8, batch * 8 + 8).toArray(String[]::new)))));
            }
            // THEN nothing failed, every seat was taken once, and the outage was counted
            assertEquals(List.of(), failed);
            assertEquals(40, receiver.tables().holders().size());
            assertEquals(40, receiver.metric("Approved"));
            assertEquals(40, receiver.metric("DuplicateStore") + receiver.metric("DuplicateFastPath"));
            assertTrue(receiver.metric("DuplicateStore") >= 16, "redeliveries during the outage went to the store");
            assertTrue(receiver.metric("FastPathUnavailable") >= 1, "outage counted");
        }
    }
}
