package com.example.receiver.internal.redis;

import static com.example.receiver.fixtures.SqsEvents.failures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import com.example.receiver.IdempotencyKey;
import com.example.receiver.fixtures.SqsEvents;
import com.example.receiver.lambda.SeatReceiver;
import com.example.receiver.seats.Booking;
import com.example.receiver.seats.SeatTables;
import com.example.receiver.seats.BookingParser;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import redis.clients.jedis.Jedis;

/**
 * Someone who can write to Redis plants a value under a booking's fast-path key before the
 * booking arrives. Redis is a cache, never the source of truth: a planted value must not turn a
 * new booking into an acknowledged message that nothing decided. Values are signed with the
 * function's secret (HMAC-SHA256, "HMAC: Keyed-Hashing for Message Authentication", RFC 2104,
 * https://www.rfc-editor.org/rfc/rfc2104): without that secret, a planted value is a miss, counted.
 */
@ExtendWith(LocalAwsExtension.class)
class ForgedFastPathTest {

    private final LocalAws aws;
    private final Booking booking = new Booking("BKG-F-" + UUID.randomUUID().toString().substring(0, 8), "EVT-F", "A1");
    private final String key = RedisFastPath.redisKey(SeatTables.KEY_PREFIX, new IdempotencyKey(booking.bookingId()));

    ForgedFastPathTest(LocalAws aws) {
        this.aws = aws;
    }

    private SeatReceiver receiver() {
        return SeatReceiver.on(aws).fastPath(aws.redis()).build();
    }

    private Jedis redis() {
        return aws.redis().node(0).admin();
    }

    /**
     * A value signed as the receiver signs it (docs/architecture.md, "Signed values"): HMAC-SHA256
     * under the signing secret over the key's length, the key, and the value before the signature.
     */
    private String signed(String payload, String secret) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            mac.update((key.length() + ":" + key).getBytes(StandardCharsets.UTF_8));
            byte[] signature = mac.doFinal(payload.getBytes(StandardCharsets.UTF_8));
            return payload + "|" + Base64.getUrlEncoder().withoutPadding().encodeToString(signature);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private String signedWithTheReceiversSecret(String payload) {
        return signed(payload, aws.secretString(aws.fastPathSigningSecret()));
    }

    private static String fingerprintOf(Booking booking) {
        return BookingParser.fingerprint(booking).hex();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"APPROVED|", "DECLINED|SEAT_TAKEN"})
    void plantedDecisionWithAnotherFingerprint_endsAsConflict_forTheDlq_andNothingIsWritten(String decision) {
        try (SeatReceiver receiver = receiver(); Jedis redis = redis()) {
            // GIVEN a correctly signed cached decision for the booking's key, but for another seat
            String otherFingerprint = fingerprintOf(new Booking(booking.bookingId(), booking.event(), "Z9"));
            redis.set(key, signedWithTheReceiversSecret("v2|" + decision + "|" + otherFingerprint));
            // WHEN the booking is delivered, twice (as SQS redelivers a failed message)
            SQSEvent first = SqsEvents.of(booking.body());
            SQSBatchResponse response = receiver.handle(first);
            SQSBatchResponse again = receiver.handle(SqsEvents.of(booking.body()));
            // THEN each delivery is a conflict returned as a batch item failure (it ends in the DLQ)
            assertEquals(List.of(first.getRecords().get(0).getMessageId()), failures(response));
            assertEquals(1, failures(again).size());
            String conflict = receiver.logsOf("CONFLICT").get(0);
            assertTrue(conflict.contains("\"stored_fingerprint\":\"" + otherFingerprint + "\"")
                    && conflict.contains("\"received_fingerprint\":\"" + fingerprintOf(booking) + "\""), conflict);
            assertEquals(2, receiver.metric("Conflict"));
            // THEN nothing was decided or written, and no DynamoDB call was made for it
            assertEquals(Optional.empty(), receiver.tables().record(booking.bookingId()));
            assertEquals(Optional.empty(), receiver.tables().holder(booking.event(), booking.seat()));
            assertEquals(0, receiver.calls.total());
        }
    }

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(strings = {"garbage", "", "v1|APPROVED||not-a-fingerprint", "v1|APPROVED||{fp}", "v2|APPROVED||{fp}",
            "v2|APPROVED||{fp}|", "v2|APPROVED||{fp}|bm90IGEgc2lnbmF0dXJl", "v2|DECLINED||{fp}", "v2|APPROVED|WHY|{fp}",
            "v2|approved||{fp}", "v2|APPROVED||{FP}", "v2|MAYBE||{fp}", "v2|DECLINED|not a reason|{fp}", "\u0000\u00ff\ufffd"})
    void plantedValueThatDoesNotDecode_isAMiss_soDynamoDbDecides_andTheTrueDecisionReplacesIt(String planted) {
        try (SeatReceiver receiver = receiver(); Jedis redis = redis()) {
            String fingerprint = fingerprintOf(booking);
            // GIVEN a value under the key that is no signed decision (even with the true fingerprint
            // in it: an unsigned one, or one with a missing, wrong or foreign signature)
            redis.set(key, planted.replace("{fp}", fingerprint).replace("{FP}", fingerprint.toUpperCase(Locale.ROOT)));
            // WHEN the booking is delivered
            SQSBatchResponse response = receiver.handle(SqsEvents.of(booking.body()));
            // THEN DynamoDB decides it, once, the invalid value is counted, and the cache now holds the signed decision
            assertEquals(List.of(), failures(response));
            assertEquals(1, receiver.calls.of("TransactWriteItems"));
            assertEquals("APPROVED", receiver.tables().record(booking.bookingId()).orElseThrow().get("status").s());
            assertEquals(Optional.of(booking.bookingId()), receiver.tables().holder(booking.event(), booking.seat()));
            assertEquals(1, receiver.metric("FastPathSignatureInvalid"));
            assertEquals(signedWithTheReceiversSecret("v2|APPROVED||" + fingerprint), redis.get(key));
            // THEN a redelivery is a duplicate answered by the cache alone
            receiver.calls.reset();
            assertEquals(List.of(), failures(receiver.handle(SqsEvents.of(booking.body()))));
            assertEquals(1, receiver.metric("DuplicateFastPath"));
            assertEquals(0, receiver.calls.total());
        }
    }

    @Test
    void plantedDecisionWithTheTrueFingerprint_signedWithAnotherSecret_isDecidedByDynamoDb_notAcknowledged() {
        try (SeatReceiver receiver = receiver(); Jedis redis = redis()) {
            // GIVEN the seat taken by another booking, and a planted APPROVED for this one with the
            // true fingerprint, signed by someone who does not hold the receiver's secret
            receiver.handle(SqsEvents.of(Booking.body(booking.bookingId() + "-other", booking.event(), booking.seat())));
            receiver.calls.reset();
            redis.set(key, signed("v2|APPROVED||" + fingerprintOf(booking), "a secret that is not the receiver's one"));
            // WHEN the booking is delivered
            SQSBatchResponse response = receiver.handle(SqsEvents.of(booking.body()));
            // THEN DynamoDB decides it (declined: the seat is taken), the forgery is counted
            assertEquals(List.of(), failures(response));
            assertTrue(receiver.calls.of("TransactWriteItems") >= 1, "DynamoDB decided it");
            assertEquals("DECLINED", receiver.tables().record(booking.bookingId()).orElseThrow().get("status").s());
            assertEquals(Optional.of(booking.bookingId() + "-other"), receiver.tables().holder(booking.event(), booking.seat()));
            assertEquals(0, receiver.metric("DuplicateFastPath"));
            assertEquals(1, receiver.metric("FastPathSignatureInvalid"));
        }
    }

    @Test
    void plantedDecisionSignedWithTheReceiversSecret_isAHit_answeredWithoutDynamoDb() {
        try (SeatReceiver receiver = receiver(); Jedis redis = redis()) {
            // GIVEN a correctly signed decision with the true fingerprint (what the receiver itself writes)
            redis.set(key, signedWithTheReceiversSecret("v2|APPROVED||" + fingerprintOf(booking)));
            // WHEN the booking is delivered, THEN the cache answers it: a duplicate, no DynamoDB call
            assertEquals(List.of(), failures(receiver.handle(SqsEvents.of(booking.body()))));
            assertEquals(1, receiver.metric("DuplicateFastPath"));
            assertEquals(0, receiver.calls.total());
            assertEquals(0, receiver.metric("FastPathSignatureInvalid"));
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"list", "hash"})
    void plantedKeyOfAnotherRedisType_isAMiss_andIsReplacedByTheDecision(String type) {
        try (SeatReceiver receiver = receiver(); Jedis redis = redis()) {
            // GIVEN the key holds a list or a hash, which GET answers with WRONGTYPE
            if (type.equals("list")) {
                redis.lpush(key, "v1|APPROVED||" + fingerprintOf(booking));
            } else {
                redis.hset(key, "status", "APPROVED");
            }
            // WHEN the booking is delivered, THEN DynamoDB decides it and the decision is cached
            assertEquals(List.of(), failures(receiver.handle(SqsEvents.of(booking.body()))));
            assertEquals("APPROVED", receiver.tables().record(booking.bookingId()).orElseThrow().get("status").s());
            assertEquals("string", redis.type(key));
            assertEquals(0, receiver.metric("FastPathUnavailable"), "a foreign type is a miss, not an outage");
        }
    }
}
