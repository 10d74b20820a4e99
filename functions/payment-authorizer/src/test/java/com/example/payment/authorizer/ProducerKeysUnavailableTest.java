package com.example.payment.authorizer;

import static com.example.payment.PaymentMessages.purchase;
import static com.example.payment.authorizer.AuthorizerRig.failures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.localaws.LocalAws;
import com.example.localaws.MovableClock;
import com.example.localaws.messages.ProducerSigner;
import com.example.receiver.internal.config.ReceiverConfig;
import com.example.receiver.lambda.SecretReader;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;
import software.amazon.awssdk.services.sqs.model.MessageAttributeValue;

/**
 * The producers' keys cannot be read when the function starts: it starts all the same, but no
 * message is decided nor rejected (each is a batch item failure, redelivered, counted as
 * {@code ProducerKeysUnavailable}) until a later read succeeds, at most once a minute or at the
 * first batch after a SnapStart restore, without a deploy. The handler is built as Lambda builds
 * it, against the local AWS, with a clock moved by hand.
 *
 * <p>A secret that does not exist is refused by GetSecretValue with
 * {@code ResourceNotFoundException}, as an unreadable one is with {@code AccessDeniedException}
 * or {@code DecryptionFailure} ("GetSecretValue", AWS Secrets Manager API Reference,
 * https://docs.aws.amazon.com/secretsmanager/latest/apireference/API_GetSecretValue.html). The
 * deliveries carry what Lambda's SQS event carries: the String message attributes the producer
 * set and {@code SentTimestamp} in epoch milliseconds ("Amazon SQS message attributes",
 * https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/sqs-message-metadata.html;
 * "ReceiveMessage", https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/API_ReceiveMessage.html).
 */
class ProducerKeysUnavailableTest extends LocalAwsTest {

    private static final ProducerSigner GATEWAY = new ProducerSigner("gw-2026-12", ProducerSigner.newKey());

    private final AtomicInteger reads = new AtomicInteger();
    private final String secretId = "ProducerSigningKey-not-yet-" + UUID.randomUUID().toString().substring(0, 8);

    ProducerKeysUnavailableTest(LocalAws aws) {
        super(aws);
    }

    @Test
    void keysMissingAtStart_everyMessageIsRetried_neitherDecidedNorRejected_untilTheMinutesReadFindsThem() {
        MovableClock clock = new MovableClock();
        try (AuthorizerRig rig = AuthorizerRig.asInLambda(aws, environment(), clock, countingReads())) {
            // GIVEN a function started while its producer's secret does not exist
            assertEquals(1, reads.get(), "read once at start");
            List<String> errors = errorLines(rig);
            assertEquals(1, errors.size(), String.join("\n", rig.lines()));
            assertTrue(errors.get(0).contains("\"secret_id\":\"" + secretId + "\"")
                    && errors.get(0).contains("\"error_code\":\"ResourceNotFoundException\""), errors.get(0));
            rig.ledger.openAccount("ACC-1", 10_000, "EUR");
            // WHEN a signed payment and an unsigned one arrive
            SQSEvent.SQSMessage signed = signedDelivery(purchase("TXN-KEYS-1", "ACC-1", "25.00", "EUR"), clock.instant());
            SQSEvent.SQSMessage unsigned = delivery(purchase("TXN-KEYS-2", "ACC-1", "5.00", "EUR"), Map.of(), clock.instant());
            // THEN both come back (batch item failures): neither approved nor rejected
            assertEquals(List.of(signed.getMessageId(), unsigned.getMessageId()), failures(rig.invoke(event(signed, unsigned))));
            assertEquals(2, rig.logsOf("RETRY").size());
            assertTrue(rig.logsOf("RETRY").get(0).contains("\"detail\":\"producer signing keys unavailable\""), rig.logsOf("RETRY").get(0));
            assertEquals(2, rig.metric("ProducerKeysUnavailable"));
            assertEquals(0, rig.metric("Rejected"));
            // AND nothing was written
            assertEquals(10_000, rig.ledger.balance("ACC-1"));
            assertTrue(rig.ledger.record("TXN-KEYS-1").isEmpty());

            // WHEN the secret is created, and the messages come back within the minute
            createSecret();
            clock.advance(Duration.ofSeconds(30));
            assertEquals(2, failures(rig.invoke(event(signed, unsigned))).size());
            // THEN the keys are not read again yet: a failing read costs a batch at most once a minute
            assertEquals(1, reads.get());
            assertEquals(4, rig.metric("ProducerKeysUnavailable"));

            // WHEN the minute has passed and SQS delivers them again (the same messages, sent 61 s ago)
            clock.advance(Duration.ofSeconds(31));
            // THEN the keys are read: the signed payment is approved, the unsigned one rejected
            assertEquals(List.of(unsigned.getMessageId()), failures(rig.invoke(event(signed, unsigned))));
            assertEquals(2, reads.get());
            assertEquals(1, rig.metric("Approved"));
            assertEquals(1, rig.metric("Rejected"));
            assertEquals(10_000 - 2_500, rig.ledger.balance("ACC-1"));
            assertEquals(4, rig.metric("ProducerKeysUnavailable"), "not counted once the keys are read");
            assertEquals(1, errorLines(rig).size(), "one line per failed read");
            assertTrue(rig.lines().stream().noneMatch(line -> line.contains(GATEWAY.key())), "the key is never written");
        }
    }

    @Test
    void keysUnreadableWhenTheVersionWasPublished_areReadAtTheFirstBatchAfterASnapStartRestore() {
        MovableClock clock = new MovableClock();
        try (AuthorizerRig rig = AuthorizerRig.asInLambda(aws, environment(), clock, countingReads())) {
            // GIVEN the handler built as Lambda builds it while the secret did not exist (init, at publication)
            rig.ledger.openAccount("ACC-1", 10_000, "EUR");
            SQSEvent.SQSMessage signed = signedDelivery(purchase("TXN-KEYS-3", "ACC-1", "10.00", "EUR"), clock.instant());
            assertEquals(1, failures(rig.invoke(event(signed))).size());
            // WHEN the secret exists and the snapshot is restored, within the retry interval by the clock
            createSecret();
            rig.afterRestore();
            assertEquals(1, reads.get(), "nothing is read in the restore hook");
            // THEN the first batch reads the keys and decides the payment
            assertEquals(List.of(), failures(rig.invoke(event(signed))));
            assertEquals(2, reads.get());
            assertEquals(10_000 - 1_000, rig.ledger.balance("ACC-1"));
        }
    }

    /** The function's environment requiring signatures checked with the keys of {@link #secretId}, which does not exist yet. */
    private Map<String, String> environment() {
        Map<String, String> env = new HashMap<>(AuthorizerRig.environment(aws, false));
        env.put(ReceiverConfig.REQUIRE_PRODUCER_SIGNATURES, "true");
        env.put(ReceiverConfig.PRODUCER_SIGNING_SECRETS, secretId);
        return env;
    }

    /** Reads the local Secrets Manager, as the function's reader does, counting the reads. */
    private SecretReader countingReads() {
        return id -> {
            reads.incrementAndGet();
            return aws.secretString(id);
        };
    }

    private void createSecret() {
        try (SecretsManagerClient secrets = aws.secretsManager()) {
            secrets.createSecret(request -> request.name(secretId)
                    .secretString(ProducerSigner.secretDocument(Map.of(GATEWAY.keyId(), GATEWAY.key()))));
        }
    }

    /** A delivery of {@code body}, signed by the gateway at {@code sentAt}, sent then. */
    private static SQSEvent.SQSMessage signedDelivery(String body, Instant sentAt) {
        return delivery(body, GATEWAY.attributes(body, sentAt), sentAt);
    }

    /** A delivery as Lambda's SQS event has it: the producer's message attributes, SQS's SentTimestamp. */
    private static SQSEvent.SQSMessage delivery(String body, Map<String, MessageAttributeValue> attributes, Instant sentAt) {
        SQSEvent.SQSMessage record = AuthorizerRig.delivery(body, null);
        Map<String, String> system = new HashMap<>(record.getAttributes());
        system.put("SentTimestamp", Long.toString(sentAt.toEpochMilli()));
        record.setAttributes(system);
        Map<String, SQSEvent.MessageAttribute> messageAttributes = new HashMap<>();
        attributes.forEach((name, value) -> {
            SQSEvent.MessageAttribute attribute = new SQSEvent.MessageAttribute();
            attribute.setDataType(value.dataType());
            attribute.setStringValue(value.stringValue());
            messageAttributes.put(name, attribute);
        });
        record.setMessageAttributes(messageAttributes);
        return record;
    }

    private static SQSEvent event(SQSEvent.SQSMessage... records) {
        SQSEvent event = new SQSEvent();
        event.setRecords(new ArrayList<>(List.of(records)));
        return event;
    }

    private static List<String> errorLines(AuthorizerRig rig) {
        return rig.lines().stream().filter(line -> line.contains("\"level\":\"ERROR\"")).toList();
    }
}
