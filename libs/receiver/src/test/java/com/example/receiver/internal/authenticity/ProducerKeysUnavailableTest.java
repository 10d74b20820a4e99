package com.example.receiver.internal.authenticity;

import static com.example.receiver.fixtures.SqsEvents.failures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.lambdafakes.VirtualClock;
import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import com.example.localaws.messages.ProducerSigner;
import com.example.receiver.fixtures.SqsEvents;
import com.example.receiver.internal.config.ReceiverConfig;
import com.example.receiver.lambda.SeatReceiver;
import com.example.receiver.seats.Booking;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;

/**
 * The producers' keys cannot be read when the receiver is built: it is built all the same, but no
 * message is decided nor rejected (each is a batch item failure, redelivered, counted as
 * {@code ProducerKeysUnavailable}) until a later read succeeds, at most once a minute or at the
 * first batch after a SnapStart restore, without a deploy; against the local AWS, with a clock
 * moved by hand.
 *
 * <p>A secret that does not exist is refused by GetSecretValue with
 * {@code ResourceNotFoundException}, as an unreadable one is with {@code AccessDeniedException}
 * or {@code DecryptionFailure} ("GetSecretValue", AWS Secrets Manager API Reference,
 * https://docs.aws.amazon.com/secretsmanager/latest/apireference/API_GetSecretValue.html). The
 * deliveries carry what Lambda's SQS event carries: the String message attributes the producer
 * set and {@code SentTimestamp} in epoch milliseconds ("Amazon SQS message attributes",
 * https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/sqs-message-metadata.html).
 */
@ExtendWith(LocalAwsExtension.class)
class ProducerKeysUnavailableTest {

    private static final ProducerSigner GATEWAY = new ProducerSigner("gw-2026-12", ProducerSigner.newKey());

    private final LocalAws aws;
    private final AtomicInteger reads = new AtomicInteger();
    private final String secretId = "ProducerSigningKey-not-yet-" + UUID.randomUUID().toString().substring(0, 8);
    private final String run = UUID.randomUUID().toString().substring(0, 8);

    ProducerKeysUnavailableTest(LocalAws aws) {
        this.aws = aws;
    }

    @Test
    void keysMissingAtStart_everyMessageIsRetried_neitherDecidedNorRejected_untilTheMinutesReadFindsThem() {
        VirtualClock clock = VirtualClock.atSystemTime();
        try (SeatReceiver receiver = receiver(clock)) {
            // GIVEN a receiver built while its producer's secret does not exist
            assertEquals(1, reads.get(), "read once at start");
            List<String> errors = errorLines(receiver);
            assertEquals(1, errors.size(), String.join("\n", receiver.lines()));
            assertTrue(errors.get(0).contains("\"secret_id\":\"" + secretId + "\"")
                    && errors.get(0).contains("\"error_code\":\"ResourceNotFoundException\""), errors.get(0));
            // WHEN a signed booking and an unsigned one arrive
            String signedId = "BKG-KEYS-1-" + run;
            SQSEvent.SQSMessage signed = signed(Booking.body(signedId, "EVT-1", "A1"), clock.instant());
            SQSEvent.SQSMessage unsigned = SqsEvents.sent(Booking.body("BKG-KEYS-2-" + run, "EVT-1", "A2"), Map.of(),
                    clock.instant());
            // THEN both come back (batch item failures): neither approved nor rejected
            assertEquals(List.of(signed.getMessageId(), unsigned.getMessageId()),
                    failures(receiver.handle(SqsEvents.of(List.of(signed, unsigned)))));
            assertEquals(2, receiver.logsOf("RETRY").size());
            assertTrue(receiver.logsOf("RETRY").get(0).contains("\"detail\":\"producer signing keys unavailable\""),
                    receiver.logsOf("RETRY").get(0));
            assertEquals(2, receiver.metric("ProducerKeysUnavailable"));
            assertEquals(0, receiver.metric("Rejected"));
            // AND nothing was written
            assertEquals(Map.of(), receiver.tables().holders());
            assertEquals(Optional.empty(), receiver.tables().record(signedId));

            // WHEN the secret is created, and the messages come back within the minute
            createSecret();
            clock.advance(Duration.ofSeconds(30));
            assertEquals(2, failures(receiver.handle(SqsEvents.of(List.of(signed, unsigned)))).size());
            // THEN the keys are not read again yet: a failing read costs a batch at most once a minute
            assertEquals(1, reads.get());
            assertEquals(4, receiver.metric("ProducerKeysUnavailable"));

            // WHEN the minute has passed and SQS delivers them again (the same messages, sent 61 s ago)
            clock.advance(Duration.ofSeconds(31));
            // THEN the keys are read: the signed booking is approved, the unsigned one rejected
            assertEquals(List.of(unsigned.getMessageId()), failures(receiver.handle(SqsEvents.of(List.of(signed, unsigned)))));
            assertEquals(2, reads.get());
            assertEquals(1, receiver.metric("Approved"));
            assertEquals(1, receiver.metric("Rejected"));
            assertEquals(Map.of("EVT-1#A1", signedId), receiver.tables().holders());
            assertEquals(4, receiver.metric("ProducerKeysUnavailable"), "not counted once the keys are read");
            assertEquals(1, errorLines(receiver).size(), "one line per failed read");
            assertTrue(receiver.lines().stream().noneMatch(line -> line.contains(GATEWAY.key())), "the key is never written");
        }
    }

    @Test
    void keysUnreadableWhenTheVersionWasPublished_areReadAtTheFirstBatchAfterASnapStartRestore() {
        VirtualClock clock = VirtualClock.atSystemTime();
        try (SeatReceiver receiver = receiver(clock)) {
            // GIVEN the receiver built while the secret did not exist (init, at publication)
            String bookingId = "BKG-KEYS-3-" + run;
            SQSEvent.SQSMessage signed = signed(Booking.body(bookingId, "EVT-1", "A3"), clock.instant());
            assertEquals(1, failures(receiver.handle(SqsEvents.of(List.of(signed)))).size());
            // WHEN the secret exists and the snapshot is restored, within the retry interval by the clock
            createSecret();
            receiver.restored();
            assertEquals(1, reads.get(), "nothing is read in the restore hook");
            // THEN the first batch reads the keys and decides the booking
            assertEquals(List.of(), failures(receiver.handle(SqsEvents.of(List.of(signed)))));
            assertEquals(2, reads.get());
            assertEquals(Optional.of(bookingId), receiver.tables().holder("EVT-1", "A3"));
        }
    }

    /** A receiver requiring signatures checked with the keys of {@link #secretId}, which does not exist yet; reads counted. */
    private SeatReceiver receiver(VirtualClock clock) {
        return SeatReceiver.on(aws)
                .set(ReceiverConfig.REQUIRE_PRODUCER_SIGNATURES, "true")
                .set(ReceiverConfig.PRODUCER_SIGNING_SECRETS, secretId)
                .secrets(id -> {
                    reads.incrementAndGet();
                    return aws.secretString(id);
                })
                .clock(clock).build();
    }

    private void createSecret() {
        try (SecretsManagerClient secrets = aws.secretsManager()) {
            secrets.createSecret(request -> request.name(secretId)
                    .secretString(ProducerSigner.secretDocument(Map.of(GATEWAY.keyId(), GATEWAY.key()))));
        }
    }

    /** A delivery of {@code body}, signed by the gateway at {@code sentAt}, sent then. */
    private static SQSEvent.SQSMessage signed(String body, Instant sentAt) {
        return SqsEvents.sent(body, GATEWAY.attributes(body, sentAt), sentAt);
    }

    private static List<String> errorLines(SeatReceiver receiver) {
        return receiver.lines().stream().filter(line -> line.contains("\"level\":\"ERROR\"")).toList();
    }
}
