package com.example.receiver.internal.redis;

import static com.example.receiver.fixtures.SqsEvents.failures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.lambdafakes.VirtualClock;
import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import com.example.receiver.fixtures.SqsEvents;
import com.example.receiver.internal.config.ReceiverConfig;
import com.example.receiver.lambda.SeatReceiver;
import com.example.receiver.seats.Booking;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;

/**
 * The fast path's signing key cannot be read when the receiver is built: it is built all the
 * same, with the fast path off, and turns it on once a later read succeeds, without a deploy.
 *
 * <p>A secret that does not exist is refused by GetSecretValue with
 * {@code ResourceNotFoundException}, as an unreadable one is with {@code AccessDeniedException}
 * or {@code DecryptionFailure} ("GetSecretValue", AWS Secrets Manager API Reference,
 * https://docs.aws.amazon.com/secretsmanager/latest/apireference/API_GetSecretValue.html). Under
 * SnapStart the init runs when the version is published, and the {@code afterRestore} hook runs
 * in each restored environment, within 10 s ("Lambda SnapStart runtime hooks for Java",
 * https://docs.aws.amazon.com/lambda/latest/dg/snapstart-runtime-hooks-java.html): the hook only
 * makes the key due, and the first batch reads it.
 */
@ExtendWith(LocalAwsExtension.class)
class SigningKeyUnavailableTest {

    private final LocalAws aws;
    private final AtomicInteger reads = new AtomicInteger();
    private final String secretId = "idempotent-receiver/not-yet-" + UUID.randomUUID();
    private final String run = UUID.randomUUID().toString().substring(0, 8);
    /** The key, once {@link #createSecret()} made it: no line may quote it. */
    private String secretValue = "";

    SigningKeyUnavailableTest(LocalAws aws) {
        this.aws = aws;
    }

    @BeforeEach
    void quietCache() {
        aws.redis().resetStats();
    }

    @Test
    void secretMissingAtStart_theStoreDecidesEveryBooking_andOnceTheSecretExists_theFastPathServes() {
        VirtualClock clock = VirtualClock.atSystemTime();
        try (SeatReceiver receiver = receiver(clock)) {
            // GIVEN a receiver built while its signing secret does not exist
            assertEquals(1, reads.get(), "read once at start");
            List<String> errors = errorLines(receiver);
            assertEquals(1, errors.size(), String.join("\n", receiver.lines()));
            assertTrue(errors.get(0).contains("\"secret_id\":\"" + secretId + "\""), errors.get(0));
            assertTrue(errors.get(0).contains("\"error_code\":\"ResourceNotFoundException\""), errors.get(0));
            String booking = Booking.body("BKG-KEY-1-" + run, "EVT-1", "A1");

            // WHEN a booking arrives, then its redelivery
            assertEquals(List.of(), failures(receiver.handle(SqsEvents.of(booking))));
            assertEquals(List.of(), failures(receiver.handle(SqsEvents.of(booking))));
            // THEN DynamoDB decided both, exactly as with no fast path: one seat, one duplicate
            assertEquals(1, receiver.metric("Approved"));
            assertEquals(1, receiver.metric("DuplicateStore"));
            // AND the cache was never asked, no outage was counted, and each invocation counted the missing key
            assertEquals(0, aws.redis().calls("get") + aws.redis().calls("setex"));
            assertEquals(0, receiver.metric("FastPathUnavailable"));
            assertEquals(2, receiver.metric("FastPathKeyUnavailable"));

            // WHEN the secret is created, and a redelivery comes within the retry interval
            createSecret();
            clock.advance(Duration.ofSeconds(30));
            assertEquals(List.of(), failures(receiver.handle(SqsEvents.of(booking))));
            // THEN the key is not read again yet: a failing read costs a batch at most once a minute
            assertEquals(1, reads.get());
            assertEquals(3, receiver.metric("FastPathKeyUnavailable"));

            // WHEN the interval has passed
            clock.advance(Duration.ofSeconds(31));
            assertEquals(List.of(), failures(receiver.handle(SqsEvents.of(booking))));
            // THEN the key was read and the fast path is on: the store's answer is cached...
            assertEquals(2, reads.get());
            assertEquals(3, receiver.metric("FastPathKeyUnavailable"), "not counted once the key is read");
            receiver.calls.reset();
            assertEquals(List.of(), failures(receiver.handle(SqsEvents.of(booking))));
            // ...and the next redelivery is a fast-path duplicate, with no DynamoDB call
            assertEquals(1, receiver.metric("DuplicateFastPath"));
            assertEquals(0, receiver.calls.total());
            assertEquals(1, errorLines(receiver).size(), "one line per failed read");
            assertEquals(Map.of("EVT-1#A1", "BKG-KEY-1-" + run), receiver.tables().holders());
            assertTrue(receiver.lines().stream().noneMatch(line -> line.contains(secretValue)), "the key is never written");
        }
    }

    @Test
    void secretUnreadableWhenTheVersionWasPublished_isReadAtTheFirstBatchAfterASnapStartRestore() {
        VirtualClock clock = VirtualClock.atSystemTime();
        try (SeatReceiver receiver = receiver(clock)) {
            // GIVEN the receiver built while the secret did not exist (init, at publication)
            String booking = Booking.body("BKG-KEY-2-" + run, "EVT-1", "A1");
            assertEquals(List.of(), failures(receiver.handle(SqsEvents.of(booking))));
            assertEquals(1, receiver.metric("FastPathKeyUnavailable"));
            // WHEN the secret exists and the snapshot is restored, within the retry interval by the clock
            createSecret();
            receiver.restored();
            assertEquals(1, reads.get(), "nothing is read in the restore hook");
            assertEquals(List.of(), failures(receiver.handle(SqsEvents.of(booking))));
            // THEN the first batch read the key: the redelivery after it is answered by Redis alone
            assertEquals(2, reads.get());
            receiver.calls.reset();
            assertEquals(List.of(), failures(receiver.handle(SqsEvents.of(booking))));
            assertEquals(1, receiver.metric("DuplicateFastPath"));
            assertEquals(0, receiver.calls.total());
            assertEquals(1, receiver.metric("FastPathKeyUnavailable"));
        }
    }

    /** A receiver with the fast path on, signing with {@link #secretId}, which does not exist yet; reads counted. */
    private SeatReceiver receiver(VirtualClock clock) {
        return SeatReceiver.on(aws).fastPath(aws.redis())
                .set(ReceiverConfig.FAST_PATH_SIGNING_SECRET, secretId)
                .secrets(id -> {
                    reads.incrementAndGet();
                    return aws.secretString(id);
                })
                .clock(clock).build();
    }

    private void createSecret() {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        secretValue = HexFormat.of().formatHex(key);
        try (SecretsManagerClient secrets = aws.secretsManager()) {
            secrets.createSecret(request -> request.name(secretId).secretString(secretValue));
        }
    }

    private static List<String> errorLines(SeatReceiver receiver) {
        return receiver.lines().stream().filter(line -> line.contains("\"level\":\"ERROR\"")).toList();
    }
}
