package com.example.receiver.lambda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.lambdafakes.VirtualClock;
import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import com.example.receiver.Decision;
import com.example.receiver.DuplicateSource;
import com.example.receiver.Outcome;
import com.example.receiver.fixtures.SqsEvents;
import com.example.receiver.seats.Booking;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What the fast path answers for stays within what the store answers for: a cached decision
 * never outlives the record it was read from (after the record's {@code expiresAt} a re-send is
 * decided anew, "Working with expired items and time to live (TTL)", Amazon DynamoDB Developer
 * Guide, https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/ttl-expired-items.html),
 * and two receivers sharing one cache and its signing key never answer from each other's
 * decisions. The cache keeps a value for its {@code SETEX} seconds of real time
 * (https://valkey.io/commands/setex/), so the record's end is brought near with the receiver's
 * clock and the last seconds are waited out.
 */
@ExtendWith(LocalAwsExtension.class)
class FastPathScopeTest {

    /** How long before its record's end the duplicate is read: the most the cache may keep it. */
    private static final Duration BEFORE_THE_END = Duration.ofSeconds(3);

    private final LocalAws aws;

    FastPathScopeTest(LocalAws aws) {
        this.aws = aws;
    }

    @BeforeEach
    void emptyCache() {
        aws.redis().flushAll();
    }

    @Test
    void aStoreDuplicateCachedNearItsRecordsEnd_isNoFastPathAnswerAfterTheRecordExpires() throws InterruptedException {
        Booking booking = new Booking("BKG-L-" + UUID.randomUUID().toString().substring(0, 8), "EVT-L", "A1");
        VirtualClock clock = VirtualClock.aheadOfSystem();
        try (SeatReceiver receiver = SeatReceiver.on(aws).fastPath(aws.redis()).clock(clock).build()) {
            // GIVEN a booking approved, its record counting until expiresAt, the cache since emptied
            assertEquals(new Outcome.Approved(), decide(receiver, booking));
            Instant expiresAt = Instant.ofEpochSecond(Long.parseLong(
                    receiver.tables().record(booking.bookingId()).orElseThrow().get("expiresAt").n()));
            aws.redis().flushAll();
            // AND the record's last 3 seconds come
            clock.advance(Duration.between(clock.instant(), expiresAt.minus(BEFORE_THE_END)));
            // WHEN a copy is decided by the store's record, which the receiver then caches
            Outcome stored = decide(receiver, booking);
            assertEquals(DuplicateSource.STORE, ((Outcome.Duplicate) stored).source(), stored.toString());
            // AND another copy comes once the record has expired (its second past expiresAt)
            Thread.sleep(Duration.between(clock.instant(), expiresAt.plusSeconds(1)).toMillis() + 100);
            assertTrue(clock.instant().getEpochSecond() > expiresAt.getEpochSecond());
            Outcome late = decide(receiver, booking);
            // THEN the cache no longer answers for it: it is decided anew, by the seat it holds
            assertEquals(new Outcome.Duplicate(DuplicateSource.LATE, Decision.approved()), late);
            assertEquals(0, receiver.metric("DuplicateFastPath"));
        }
    }

    @Test
    void twoReceiversWithOtherKeyPrefixes_onOneCache_eachDecidesItsOwnOperation() {
        // GIVEN two receivers on one cache and one signing key, each with its tables and key prefix
        String key = "K-" + UUID.randomUUID().toString().substring(0, 8);
        Booking concert = new Booking(key, "EVT-CONCERT", "A1");
        Booking train = new Booking(key, "EVT-TRAIN", "12B");
        try (SeatReceiver concerts = SeatReceiver.on(aws).fastPath(aws.redis()).keyPrefix("CONCERT").build();
             SeatReceiver trains = SeatReceiver.on(aws).fastPath(aws.redis()).keyPrefix("TRAIN").build()) {
            // WHEN each receives an operation under the same key, one after the other
            Outcome first = decide(concerts, concert);
            Outcome second = decide(trains, train);
            // THEN each decides its own: approved, and the seat held, by each
            assertEquals(new Outcome.Approved(), first);
            assertEquals(new Outcome.Approved(), second);
            assertEquals(Optional.of(key), trains.tables().holder("EVT-TRAIN", "12B"));
            assertEquals(0, trains.metric("Conflict"));
            // AND each one's copy is still answered by the cache, from its own decision
            assertEquals(new Outcome.Duplicate(DuplicateSource.FAST_PATH, Decision.approved()), decide(concerts, concert));
            assertEquals(new Outcome.Duplicate(DuplicateSource.FAST_PATH, Decision.approved()), decide(trains, train));
        }
    }

    private static Outcome decide(SeatReceiver receiver, Booking booking) {
        return receiver.decide(SqsEvents.of(booking.body())).results().get(0).outcome();
    }
}
