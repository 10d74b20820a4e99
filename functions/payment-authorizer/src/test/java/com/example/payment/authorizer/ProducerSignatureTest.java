package com.example.payment.authorizer;

import static com.example.payment.PaymentMessages.purchase;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsFolder;
import com.example.localaws.invoke.FunctionInvoker;
import com.example.localaws.invoke.Invocation;
import com.example.localaws.invoke.LambdaFunction;
import com.example.localaws.invoke.RuntimeEmulator;
import com.example.localaws.mapping.SqsEventJson;
import com.example.localaws.mapping.SqsEventSourceMapping;
import com.example.localaws.messages.GeneratedSigningKey;
import com.example.localaws.messages.ProducerSigner;
import com.example.payment.PaymentMessages;
import com.example.payment.SmokeKeyScope;
import com.example.template.Template;
import com.example.receiver.lambda.ReceiverVariables;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.MessageAttributeValue;

/**
 * Producers' signatures, required ({@code REQUIRE_PRODUCER_SIGNATURES=true}), end to end on the
 * local AWS: messages sent to a local SQS queue with their signature as String message attributes,
 * delivered by the local SQS event source mapping as Lambda delivers them (every system attribute,
 * {@code SentTimestamp} included, and every message attribute) to the real handler under the
 * Lambda runtime emulator, which reads the producers' keys from the local Secrets Manager at init.
 * Each test asserts the batch response, the outcome and reason logged per message, and the
 * balances, ledger rows and records that follow. The pre-traffic hook's key, generated as the
 * template declares it, is listed after the producers' and signs the smoke account's payments only.
 *
 * <p>AWS behaviour relied on: SQS keeps a message's attributes (name, String data type, value)
 * with it and returns them on receive ("Amazon SQS message attributes",
 * https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/sqs-message-metadata.html);
 * {@code SentTimestamp} is when SQS accepted the message, epoch milliseconds ("ReceiveMessage",
 * https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/API_ReceiveMessage.html);
 * Lambda hands both to the function in the event's {@code attributes} and {@code messageAttributes}
 * ("Using Lambda with Amazon SQS", https://docs.aws.amazon.com/lambda/latest/dg/with-sqs.html).
 */
class ProducerSignatureTest extends LocalAwsTest {

    static final String FUNCTION = "PaymentAuthorizerFunction";
    static final String ACCOUNT = "ACC-SIGNED";
    static final long BALANCE = 100_000;

    /** The gateway's two active keys (it is rotating), and a key nobody registered. */
    private static final ProducerSigner CURRENT = new ProducerSigner("gw-2026-11", ProducerSigner.newKey());
    private static final ProducerSigner NEXT = new ProducerSigner("gw-2026-12", ProducerSigner.newKey());
    private static final ProducerSigner UNREGISTERED = new ProducerSigner("gw-2026-10", ProducerSigner.newKey());

    /** The function of the class, its keys read at its first invocation's init; kept for the class. */
    private static FunctionInvoker emulator;
    private static String secret;
    /** The pre-traffic hook's key, generated as template.yaml's SmokeSigningKey, listed after the producers'. */
    private static GeneratedSigningKey smokeKey;

    private final List<Invocation> invocations = new ArrayList<>();
    private SqsClient sqs;
    private String queueUrl;

    ProducerSignatureTest(LocalAws aws) {
        super(aws);
    }

    @BeforeEach
    void queueAndAccount() {
        sqs = aws.sqs();
        queueUrl = sqs.createQueue(request -> request.queueName("PaymentsQueue-signed-" + UUID.randomUUID().toString().substring(0, 8))
                .attributesWithStrings(Map.of("VisibilityTimeout", "300"))).queueUrl();
        new Ledger(aws.dynamoDb()).openAccount(ACCOUNT, BALANCE, "EUR");
    }

    @AfterEach
    void closeClient() {
        sqs.close();
    }

    @AfterAll
    static void stopEmulator() {
        if (emulator != null) {
            emulator.close();
            emulator = null;
        }
    }

    @Test
    void signedPayment_isApproved() {
        // GIVEN a purchase signed by its producer just now
        String body = purchase("TXN-SIGNED-1", ACCOUNT, "25.00", "EUR");
        String id = send(body, CURRENT.attributes(body, Instant.now()));
        // WHEN the queue delivers it
        SqsEventSourceMapping.Poll poll = deliver(classFunction());
        // THEN it is approved and deleted: one debit, one ledger row
        assertEquals(new SqsEventSourceMapping.Poll(1, 1, 0), poll);
        assertEquals("APPROVED", outcomeOf(id));
        Ledger ledger = new Ledger(aws.dynamoDb());
        assertEquals(BALANCE - 2_500, ledger.balance(ACCOUNT));
        assertEquals(1, ledger.entries(ACCOUNT).size());
    }

    @Test
    void alteredUnknownKeyUnsignedStaleOrFuture_isEachRejectedWithItsReason_beforeAnyWrite() {
        // GIVEN five messages of one batch, none authentic
        Map<String, List<String>> expected = new LinkedHashMap<>();
        String signedBody = purchase("TXN-FORGED-1", ACCOUNT, "10.00", "EUR");
        Map<String, MessageAttributeValue> signature = CURRENT.attributes(signedBody, Instant.now());
        // the body of a signed message, altered on its way: 10.00 became 900.00
        expected.put(send(signedBody.replace("10.00", "900.00"), signature),
                List.of("messageAttributes.signature", "does not match the message"));
        String unknownKey = purchase("TXN-FORGED-2", ACCOUNT, "11.00", "EUR");
        expected.put(send(unknownKey, UNREGISTERED.attributes(unknownKey, Instant.now())),
                List.of("messageAttributes.signature-key-id", "names no active producer key"));
        expected.put(send(purchase("TXN-FORGED-3", ACCOUNT, "12.00", "EUR"), Map.of()),
                List.of("messageAttributes.signature", "the queue takes messages signed by their producer only"));
        // signed a second longer before SQS accepts it than the 5-minute window and the queues'
        // retentions (4 + 14 days) together: no redrive can have sent it, a message sent again
        String stale = purchase("TXN-FORGED-4", ACCOUNT, "13.00", "EUR");
        expected.put(send(stale, CURRENT.attributes(stale, Instant.now().minusSeconds(300 + 18 * 86_400 + 1))),
                List.of("messageAttributes.signature-timestamp", "is more than 1555500 s before the message was sent"));
        String future = purchase("TXN-FORGED-5", ACCOUNT, "14.00", "EUR");
        expected.put(send(future, CURRENT.attributes(future, Instant.now().plusSeconds(90))),
                List.of("messageAttributes.signature-timestamp", "the producer's clock is ahead"));
        // WHEN the queue delivers them
        SqsEventSourceMapping.Poll poll = deliver(classFunction());
        // THEN every one is a batch item failure (to end in the DLQ), rejected with the field and the rule
        assertEquals(new SqsEventSourceMapping.Poll(5, 0, 5), poll);
        expected.forEach((id, reason) -> {
            String line = lineOf(id);
            assertTrue(line.contains("\"outcome\":\"REJECTED\"") && line.contains("\"field\":\"" + reason.get(0) + "\"")
                    && line.contains(reason.get(1)), line);
        });
        // AND nothing was written: balance, ledger and idempotency records unchanged
        Ledger ledger = new Ledger(aws.dynamoDb());
        assertEquals(BALANCE, ledger.balance(ACCOUNT));
        assertEquals(0, ledger.allEntries());
        for (int i = 1; i <= 5; i++) {
            assertTrue(ledger.record("TXN-FORGED-" + i).isEmpty());
        }
        // AND no line quotes a signature
        String signatureValue = signature.get(ProducerSigner.SIGNATURE).stringValue();
        assertTrue(invocations.stream().flatMap(invocation -> invocation.logs().stream()).noneMatch(l -> l.contains(signatureValue)));
    }

    @Test
    void producerRetry_signedAnewWithANewMessageId_isDuplicate() {
        // GIVEN a purchase signed and approved
        String original = purchase("TXN-SIGNED-RETRY", ACCOUNT, "40.00", "EUR");
        send(original, CURRENT.attributes(original, Instant.now().minusSeconds(5)));
        deliver(classFunction());
        // WHEN its producer sends it again: a new header message id, a new timestamp and signature, a new SQS message
        String retry = PaymentMessages.producerRetry(original);
        assertNotEquals(original, retry);
        Map<String, MessageAttributeValue> resigned = CURRENT.attributes(retry, Instant.now());
        String id = send(retry, resigned);
        SqsEventSourceMapping.Poll poll = deliver(classFunction());
        // THEN it is authentic and a duplicate: the signature is no part of the operation
        assertEquals(new SqsEventSourceMapping.Poll(1, 1, 0), poll);
        assertTrue(lineOf(id).contains("\"outcome\":\"DUPLICATE\""), lineOf(id));
        assertEquals(BALANCE - 4_000, new Ledger(aws.dynamoDb()).balance(ACCOUNT));
        assertEquals(1, new Ledger(aws.dynamoDb()).entries(ACCOUNT).size());
    }

    @Test
    void rotation_bothActiveKeysVerify_andAKeyRemovedFromTheSecret_failsInTheNextVersion() {
        String rotating = createSecret(Map.of(CURRENT.keyId(), CURRENT.key(), NEXT.keyId(), NEXT.key()));
        try (FunctionInvoker before = RuntimeEmulator.start(function(rotating), aws.root(), workDir().resolve("rotation-before"))) {
            // GIVEN the gateway's secret holding its current and its next key
            String byCurrent = purchase("TXN-ROTATE-1", ACCOUNT, "1.00", "EUR");
            String byNext = purchase("TXN-ROTATE-2", ACCOUNT, "2.00", "EUR");
            String currentId = send(byCurrent, CURRENT.attributes(byCurrent, Instant.now()));
            String nextId = send(byNext, NEXT.attributes(byNext, Instant.now()));
            // WHEN signed with either THEN approved
            assertEquals(new SqsEventSourceMapping.Poll(2, 2, 0), deliver(before));
            assertEquals("APPROVED", outcomeOf(currentId));
            assertEquals("APPROVED", outcomeOf(nextId));

            // WHEN the rotation ends: the current key is removed from the secret
            try (SecretsManagerClient secrets = aws.secretsManager()) {
                secrets.putSecretValue(request -> request.secretId(rotating)
                        .secretString(ProducerSigner.secretDocument(Map.of(NEXT.keyId(), NEXT.key()))));
            }
            // THEN an environment that read the keys before still holds it (keys are read once per environment)...
            String late = purchase("TXN-ROTATE-3", ACCOUNT, "3.00", "EUR");
            String lateId = send(late, CURRENT.attributes(late, Instant.now()));
            deliver(before);
            assertEquals("APPROVED", outcomeOf(lateId));
        }
        // ...and the next version, whose init reads the secret again, refuses it and keeps the next key
        try (FunctionInvoker after = RuntimeEmulator.start(function(rotating), aws.root(), workDir().resolve("rotation-after"))) {
            String removed = purchase("TXN-ROTATE-4", ACCOUNT, "4.00", "EUR");
            String kept = purchase("TXN-ROTATE-5", ACCOUNT, "5.00", "EUR");
            String removedId = send(removed, CURRENT.attributes(removed, Instant.now()));
            String keptId = send(kept, NEXT.attributes(kept, Instant.now()));
            assertEquals(new SqsEventSourceMapping.Poll(2, 1, 1), deliver(after));
            assertTrue(lineOf(removedId).contains("\"outcome\":\"REJECTED\"") && lineOf(removedId).contains("names no active producer key"),
                    lineOf(removedId));
            assertEquals("APPROVED", outcomeOf(keptId));
        }
        assertEquals(BALANCE - 100 - 200 - 300 - 500, new Ledger(aws.dynamoDb()).balance(ACCOUNT));
    }

    @Test
    void theHooksKey_signsTheSmokeAccountsRefund_andNoRealAccountsPayment() {
        // GIVEN the pre-traffic hook's key, as the template generates it and lists it after the producers'
        Ledger ledger = new Ledger(aws.dynamoDb());
        ledger.openAccount(SmokeKeyScope.ACCOUNT_ID, 0, "EUR");
        ProducerSigner hook = smokeKey().signer();
        // WHEN it signs the smoke account's refund, and a purchase and a refund of a real account
        String smoke = PaymentMessages.refund("SMOKE-PRE-TRAFFIC-d-LOCAL0001", SmokeKeyScope.ACCOUNT_ID, "0.01", "EUR");
        String smokeId = send(smoke, hook.attributes(smoke, Instant.now()));
        String purchase = purchase("TXN-HOOK-KEY-1", ACCOUNT, "900.00", "EUR");
        String purchaseId = send(purchase, hook.attributes(purchase, Instant.now()));
        String refund = PaymentMessages.refund("TXN-HOOK-KEY-2", ACCOUNT, "900.00", "EUR");
        String refundId = send(refund, hook.attributes(refund, Instant.now()));
        SqsEventSourceMapping.Poll poll = deliver(classFunction());
        // THEN the smoke refund is approved; the real account's two are rejected (to the DLQ) for the key's scope
        assertEquals(new SqsEventSourceMapping.Poll(3, 1, 2), poll);
        assertEquals("APPROVED", outcomeOf(smokeId));
        for (String id : List.of(purchaseId, refundId)) {
            String line = lineOf(id);
            assertTrue(line.contains("\"outcome\":\"REJECTED\"") && line.contains("\"field\":\"messageAttributes.signature-key-id\"")
                    && line.contains(SmokeKeyScope.RULE), line);
        }
        // AND only the smoke account moved: no balance, ledger row or record of the real account's payments
        assertEquals(1, ledger.balance(SmokeKeyScope.ACCOUNT_ID));
        assertEquals(BALANCE, ledger.balance(ACCOUNT));
        assertEquals(0, ledger.entries(ACCOUNT).size());
        assertTrue(ledger.record("TXN-HOOK-KEY-1").isEmpty());
        assertTrue(ledger.record("TXN-HOOK-KEY-2").isEmpty());
    }

    // ------------------------------------------------------------------ helpers

    /** Sends {@code body} with {@code attributes} to the test's queue; the SQS message id. */
    private String send(String body, Map<String, MessageAttributeValue> attributes) {
        return sqs.sendMessage(request -> request.queueUrl(queueUrl).messageBody(body).messageAttributes(attributes)).messageId();
    }

    /** One poll of the local SQS event source mapping (batch size 10, as the template's) into {@code function}. */
    private SqsEventSourceMapping.Poll deliver(FunctionInvoker function) {
        return new SqsEventSourceMapping(sqs, queueUrl, LocalAws.REGION.id(), 10, Duration.ofSeconds(1), event -> {
            Invocation invocation = function.invoke(SqsEventJson.event(event));
            invocations.add(invocation);
            SQSBatchResponse response = SqsEventJson.response(invocation.payload());
            return response;
        }).pollOnce();
    }

    /** The function of the class: signatures required, the gateway's secret holding its two keys. */
    private FunctionInvoker classFunction() {
        if (emulator == null) {
            secret = createSecret(Map.of(CURRENT.keyId(), CURRENT.key(), NEXT.keyId(), NEXT.key()));
            emulator = RuntimeEmulator.start(function(secret), aws.root(), workDir().resolve("producer-signatures"));
        }
        return emulator;
    }

    /** The function as template.yaml declares it, requiring signatures checked with the keys of {@code secretId}. */
    private LambdaFunction function(String secretId) {
        Map<String, String> env = new HashMap<>(AuthorizerRig.environment(aws, false));
        env.put(ReceiverVariables.REQUIRE_PRODUCER_SIGNATURES, "true");
        // As the template lists them: the producers' secrets, then the pre-traffic hook's.
        env.put(ReceiverVariables.PRODUCER_SIGNING_SECRETS, secretId + "," + smokeKey().secretId());
        env.put("AWS_REGION", LocalAws.REGION.id());
        env.put("AWS_ENDPOINT_URL", aws.endpoint().toString());
        return LambdaFunction.fromTemplate(aws.root().resolve("template.yaml"), FUNCTION,
                LambdaFunction.moduleClasspath(aws.root().resolve("functions/payment-authorizer")), env);
    }

    /** The pre-traffic hook's key, generated once for the class as template.yaml's SmokeSigningKey declares it. */
    private GeneratedSigningKey smokeKey() {
        if (smokeKey == null) {
            smokeKey = GeneratedSigningKey.create(Template.read(aws.root().resolve("template.yaml")), "SmokeSigningKey", aws);
        }
        return smokeKey;
    }

    /** A producer's secret holding {@code keys}, named as the template's producer secrets map locally. */
    private String createSecret(Map<String, String> keys) {
        String name = "ProducerSigningKey-gateway-" + UUID.randomUUID().toString().substring(0, 8);
        try (SecretsManagerClient secrets = aws.secretsManager()) {
            secrets.createSecret(request -> request.name(name).secretString(ProducerSigner.secretDocument(keys)));
        }
        return name;
    }

    private Path workDir() {
        return LocalAwsFolder.of(aws.root());
    }

    /** The function's log line of the message whose SQS id is {@code messageId}. */
    private String lineOf(String messageId) {
        return invocations.stream().flatMap(invocation -> invocation.logs().stream())
                .filter(line -> line.contains("\"message_id\":\"" + messageId + "\"") && line.contains("\"outcome\""))
                .findFirst().orElseThrow(() -> new AssertionError("no line for " + messageId + " in " + invocations));
    }

    private String outcomeOf(String messageId) {
        String line = lineOf(messageId);
        return line.replaceFirst(".*\"outcome\":\"([A-Z]+)\".*", "$1");
    }
}
