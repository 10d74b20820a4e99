package com.example.receiver.lambda;

import static com.example.receiver.fixtures.SqsEvents.failures;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import com.example.receiver.fixtures.SqsEvents;
import com.example.receiver.seats.Booking;
import com.example.receiver.seats.SeatTables;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Many Lambda environments at once (each its own receiver, one set of tables and one cache), each
 * message delivered several times, in random order; pairs of bookings want the same seat.
 */
@ExtendWith(LocalAwsExtension.class)
class ConcurrencyTest {

    private static final int THREADS = 8;
    private static final int BOOKINGS = 200;
    private static final int EVENTS = 10;
    /** Every tenth booking wants the seat of the booking before it. */
    private static final int CONTESTED_EVERY = 10;
    private static final int BATCH = 10;
    private static final int MAX_RECEIVES = 10;

    private final LocalAws aws;

    ConcurrencyTest(LocalAws aws) {
        this.aws = aws;
    }

    /** A delivery and how often it was received. */
    private record Delivery(String body, int receives) {
    }

    @Test
    void eightEnvironments_sameBookingsThreeTimesEach_takeEachSeatExactlyOnce() throws Exception {
        // GIVEN 200 bookings over 10 events, each delivered 3 times; 20 of them want a seat another wants
        String run = UUID.randomUUID().toString().substring(0, 8);
        Random random = new Random(42);
        List<Delivery> deliveries = new ArrayList<>();
        Map<String, List<String>> contenders = new HashMap<>();
        for (int i = 0; i < BOOKINGS; i++) {
            int seat = i % CONTESTED_EVERY == CONTESTED_EVERY - 1 ? i - 1 : i;
            Booking booking = new Booking("BKG-" + run + "-" + i, "EVT-" + run + "-" + (seat % EVENTS), "S" + seat);
            contenders.computeIfAbsent(booking.seatKey(), key -> new ArrayList<>()).add(booking.bookingId());
            for (int copy = 0; copy < 3; copy++) {
                deliveries.add(new Delivery(booking.body(), 0));
            }
        }
        Collections.shuffle(deliveries, random);
        ConcurrentLinkedQueue<Delivery> queue = new ConcurrentLinkedQueue<>(deliveries);
        SeatTables tables = SeatTables.create(aws.dynamoDb());
        List<SeatReceiver> receivers = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            receivers.add(SeatReceiver.on(aws, tables).fastPath(aws.redis()).build());
        }

        // WHEN 8 environments drain the queue at once, failures going back to the queue
        ExecutorService threads = Executors.newFixedThreadPool(THREADS);
        List<Future<Integer>> lost = new ArrayList<>();
        for (SeatReceiver receiver : receivers) {
            lost.add(threads.submit(() -> drain(receiver, queue)));
        }
        int dropped = 0;
        for (Future<Integer> future : lost) {
            dropped += future.get(5, TimeUnit.MINUTES);
        }
        threads.shutdown();

        // THEN every seat is held by one of the bookings that wanted it, each booking decided once:
        // 180 seats taken, 20 declined, 400 duplicates, no conflict
        assertEquals(0, dropped, "no delivery exceeded its receives");
        Map<String, String> holders = tables.holders();
        assertEquals(contenders.keySet(), holders.keySet());
        holders.forEach((seat, booking) -> assertEquals(true, contenders.get(seat).contains(booking), seat));
        assertEquals(BOOKINGS - BOOKINGS / CONTESTED_EVERY, sum(receivers, "Approved"));
        assertEquals(BOOKINGS / CONTESTED_EVERY, sum(receivers, "Declined"));
        assertEquals(2L * BOOKINGS, sum(receivers, "DuplicateFastPath") + sum(receivers, "DuplicateStore")
                + sum(receivers, "DuplicateInBatch"));
        assertEquals(0, sum(receivers, "Conflict"));
        receivers.forEach(SeatReceiver::close);
    }

    private static long sum(List<SeatReceiver> receivers, String metric) {
        return receivers.stream().mapToLong(receiver -> receiver.metric(metric)).sum();
    }

    /** Takes batches until the queue is empty; returns how many deliveries ran out of receives. */
    private static int drain(SeatReceiver receiver, ConcurrentLinkedQueue<Delivery> queue) {
        int dropped = 0;
        while (true) {
            List<Delivery> taken = new ArrayList<>();
            for (Delivery next; taken.size() < BATCH && (next = queue.poll()) != null; ) {
                taken.add(next);
            }
            if (taken.isEmpty()) {
                return dropped;
            }
            SQSEvent event = SqsEvents.of(taken.stream().map(Delivery::body).toArray(String[]::new));
            SQSBatchResponse response = receiver.handle(event);
            List<String> failed = failures(response);
            for (int i = 0; i < taken.size(); i++) {
                if (failed.contains(event.getRecords().get(i).getMessageId())) {
                    Delivery again = new Delivery(taken.get(i).body(), taken.get(i).receives() + 1);
                    if (again.receives() >= MAX_RECEIVES) {
                        dropped++;
                    } else {
                        queue.add(again);
                    }
                }
            }
        }
    }
}
