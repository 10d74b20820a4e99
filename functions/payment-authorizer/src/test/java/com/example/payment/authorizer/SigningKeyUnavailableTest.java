package com.example.payment.authorizer;

import static com.example.payment.PaymentMessages.purchase;
import static com.example.payment.authorizer.AuthorizerRig.event;
import static com.example.payment.authorizer.AuthorizerRig.failures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localaws.LocalAws;
import com.example.localaws.MovableClock;
import com.example.receiver.internal.config.ReceiverConfig;
import com.example.receiver.lambda.SecretReader;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;

/**
 * The fast path's signing key cannot be read when the function starts: the function starts all
 * the same, with the fast path off, and turns it on once a later read succeeds, without a deploy.
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
class SigningKeyUnavailableTest extends LocalAwsTest {

    private final AtomicInteger reads = new AtomicInteger();
    private final String secretId = "idempotent-receiver/not-yet-" + UUID.randomUUID();
    /** The key, once {@link #createSecret()} made it: no line may quote it. */
    private String secretValue = "";

    SigningKeyUnavailableTest(LocalAws aws) {
        super(aws);
    }

    @BeforeEach
    void quietCache() {
        aws.redis().resetStats();
    }

    @Test
    void secretMissingAtStart_theStoreDecidesEveryPayment_andOnceTheSecretExists_theFastPathServes() {
        MovableClock clock = new MovableClock();
        try (AuthorizerRig rig = AuthorizerRig.with(aws, environment(), clock, countingReads())) {
            // GIVEN a function started while its signing secret does not exist
            assertEquals(1, reads.get(), "read once at start");
            List<String> errors = errorLines(rig);
            assertEquals(1, errors.size(), String.join("\n", rig.lines()));
            assertTrue(errors.get(0).contains("\"secret_id\":\"" + secretId + "\""), errors.get(0));
            assertTrue(errors.get(0).contains("\"error_code\":\"ResourceNotFoundException\""), errors.get(0));
            rig.ledger.openAccount("ACC-1", 10_000, "EUR");
            String payment = purchase("TXN-KEY-1", "ACC-1", "25.00", "EUR");

            // WHEN a payment arrives, then its redelivery
            assertEquals(List.of(), failures(rig.invoke(event(payment))));
            assertEquals(List.of(), failures(rig.invoke(event(payment))));
            // THEN DynamoDB decided both, exactly as with no fast path: one debit, one duplicate
            assertEquals(1, rig.metric("Approved"));
            assertEquals(1, rig.metric("DuplicateStore"));
            assertEquals(10_000 - 2_500, rig.ledger.balance("ACC-1"));
            // AND the cache was never asked, no outage was counted, and each invocation counted the missing key
            assertEquals(0, aws.redis().calls("get") + aws.redis().calls("setex"));
            assertEquals(0, rig.metric("FastPathUnavailable"));
            assertEquals(2, rig.metric("FastPathKeyUnavailable"));

            // WHEN the secret is created, and a redelivery comes within the retry interval
            createSecret();
            clock.advance(Duration.ofSeconds(30));
            assertEquals(List.of(), failures(rig.invoke(event(payment))));
            // THEN the key is not read again yet: a failing read costs a batch at most once a minute
            assertEquals(1, reads.get());
            assertEquals(3, rig.metric("FastPathKeyUnavailable"));

            // WHEN the interval has passed
            clock.advance(Duration.ofSeconds(31));
            assertEquals(List.of(), failures(rig.invoke(event(payment))));
            // THEN the key was read and the fast path is on: the store's answer is cached...
            assertEquals(2, reads.get());
            assertEquals(3, rig.metric("FastPathKeyUnavailable"), "not counted once the key is read");
            rig.calls.reset();
            assertEquals(List.of(), failures(rig.invoke(event(payment))));
            // ...and the next redelivery is a fast-path duplicate, with no DynamoDB call
            assertEquals(1, rig.metric("DuplicateFastPath"));
            assertEquals(1, rig.logsOf("DUPLICATE").stream().filter(line -> line.contains("\"source\":\"FAST_PATH\"")).count());
            assertEquals(0, rig.calls.total());
            assertEquals(1, errorLines(rig).size(), "one line per failed read");
            assertEquals(10_000 - 2_500, rig.ledger.balance("ACC-1"));
            assertTrue(rig.lines().stream().noneMatch(line -> line.contains(secretValue)), "the key is never written");
        }
    }

    @Test
    void secretUnreadableWhenTheVersionWasPublished_isReadAtTheFirstBatchAfterASnapStartRestore() {
        MovableClock clock = new MovableClock();
        try (AuthorizerRig rig = AuthorizerRig.asInLambda(aws, environment(), clock, countingReads())) {
            // GIVEN the handler built as Lambda builds it while the secret did not exist (init, at publication)
            rig.ledger.openAccount("ACC-1", 10_000, "EUR");
            String payment = purchase("TXN-KEY-2", "ACC-1", "10.00", "EUR");
            assertEquals(List.of(), failures(rig.invoke(event(payment))));
            assertEquals(1, rig.metric("FastPathKeyUnavailable"));
            // WHEN the secret exists and the snapshot is restored, within the retry interval by the clock
            createSecret();
            rig.afterRestore();
            assertEquals(1, reads.get(), "nothing is read in the restore hook");
            assertEquals(List.of(), failures(rig.invoke(event(payment))));
            // THEN the first batch read the key: the redelivery after it is answered by Redis alone
            assertEquals(2, reads.get());
            rig.calls.reset();
            assertEquals(List.of(), failures(rig.invoke(event(payment))));
            assertEquals(1, rig.metric("DuplicateFastPath"));
            assertEquals(0, rig.calls.total());
            assertEquals(1, rig.metric("FastPathKeyUnavailable"));
            assertEquals(10_000 - 1_000, rig.ledger.balance("ACC-1"));
        }
    }

    /** The function's environment with the fast path on, signing with {@link #secretId}, which does not exist yet. */
    private Map<String, String> environment() {
        Map<String, String> env = new HashMap<>(AuthorizerRig.environment(aws, true));
        env.put(ReceiverConfig.FAST_PATH_SIGNING_SECRET, secretId);
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
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        secretValue = HexFormat.of().formatHex(key);
        try (SecretsManagerClient secrets = aws.secretsManager()) {
            secrets.createSecret(request -> request.name(secretId).secretString(secretValue));
        }
    }

    private static List<String> errorLines(AuthorizerRig rig) {
        return rig.lines().stream().filter(line -> line.contains("\"level\":\"ERROR\"")).toList();
    }
}
