package com.example.payment.authorizer;

import static com.example.payment.PaymentMessages.purchase;
import static com.example.payment.authorizer.AuthorizerRig.event;
import static com.example.payment.authorizer.AuthorizerRig.failures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.localaws.LocalAws;
import com.example.payment.Payment;
import com.example.payment.PaymentParser;
import com.example.receiver.ParseResult;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import redis.clients.jedis.Jedis;

/**
 * Someone who can write to Redis plants a value under a payment's fast-path key before the
 * payment arrives. Redis is a cache, never the source of truth: a planted value must not turn a
 * new payment into an acknowledged message that nothing decided. Values are signed with the
 * function's secret (HMAC-SHA256): without that secret, a planted value is a miss, counted.
 */
class ForgedFastPathTest extends LocalAwsTest {

    private static final String TXN = "TXN-FORGED-1";
    private static final String KEY = "dedup:" + TXN;

    ForgedFastPathTest(LocalAws aws) {
        super(aws);
    }

    private Jedis redis() {
        return aws.redis().node(0).admin();
    }

    /**
     * A value signed as the function signs it (docs/architecture.md, "Signed values"): HMAC-SHA256
     * under the signing secret over the key's length, the key, and the value before the signature.
     */
    private String signed(String payload, String secret) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            mac.update((KEY.length() + ":" + KEY).getBytes(StandardCharsets.UTF_8));
            byte[] signature = mac.doFinal(payload.getBytes(StandardCharsets.UTF_8));
            return payload + "|" + Base64.getUrlEncoder().withoutPadding().encodeToString(signature);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private String signedWithTheFunctionsSecret(String payload) {
        return signed(payload, aws.secretString(aws.fastPathSigningSecret()));
    }

    private static String fingerprintOf(String message) {
        ParseResult<Payment> parsed = new PaymentParser().parse(message);
        return ((ParseResult.Valid<Payment>) parsed).command().fingerprint().hex();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"APPROVED|", "DECLINED|INSUFFICIENT_FUNDS"})
    void plantedDecisionWithAnotherFingerprint_endsAsConflict_forTheDlq_andNothingIsWritten(String decision) {
        try (AuthorizerRig rig = AuthorizerRig.withFastPath(aws); Jedis redis = redis()) {
            rig.ledger.openAccount("ACC-1", 10_000, "EUR");
            String payment = purchase(TXN, "ACC-1", "25.50", "EUR");
            // GIVEN a correctly signed cached decision for the payment's key, but for another operation
            String otherFingerprint = fingerprintOf(purchase(TXN, "ACC-1", "0.01", "EUR"));
            redis.set(KEY, signedWithTheFunctionsSecret("v2|" + decision + "|" + otherFingerprint));
            // WHEN the payment is delivered, twice (as SQS redelivers a failed message)
            SQSEvent first = event(payment);
            SQSBatchResponse response = rig.invoke(first);
            SQSBatchResponse again = rig.invoke(event(payment));
            // THEN each delivery is a conflict returned as a batch item failure (it ends in the DLQ)
            assertEquals(List.of(first.getRecords().get(0).getMessageId()), failures(response));
            assertEquals(1, failures(again).size());
            String conflict = rig.logsOf("CONFLICT").get(0);
            assertTrue(conflict.contains("\"stored_fingerprint\":\"" + otherFingerprint + "\"")
                    && conflict.contains("\"received_fingerprint\":\"" + fingerprintOf(payment) + "\""), conflict);
            assertEquals(2, rig.metric("Conflict"));
            // THEN nothing was decided or written, and no DynamoDB call was made for it
            assertTrue(rig.ledger.record(TXN).isEmpty());
            assertEquals(10_000, rig.ledger.balance("ACC-1"));
            assertEquals(0, rig.ledger.entries("ACC-1").size());
            assertEquals(0, rig.calls.total());
        }
    }

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(strings = {"garbage", "", "v1|APPROVED||not-a-fingerprint", "v1|APPROVED||{fp}", "v2|APPROVED||{fp}",
            "v2|APPROVED||{fp}|", "v2|APPROVED||{fp}|bm90IGEgc2lnbmF0dXJl", "v2|DECLINED||{fp}", "v2|APPROVED|WHY|{fp}",
            "v2|approved||{fp}", "v2|APPROVED||{FP}", "v2|MAYBE||{fp}", "v2|DECLINED|not a reason|{fp}", "\u0000\u00ff\ufffd"})
    void plantedValueThatDoesNotDecode_isAMiss_soDynamoDbDecides_andTheTrueDecisionReplacesIt(String planted) {
        try (AuthorizerRig rig = AuthorizerRig.withFastPath(aws); Jedis redis = redis()) {
            rig.ledger.openAccount("ACC-1", 10_000, "EUR");
            String payment = purchase(TXN, "ACC-1", "25.50", "EUR");
            String fingerprint = fingerprintOf(payment);
            // GIVEN a value under the key that is no signed decision (even with the true fingerprint
            // in it: an unsigned one, or one with a missing, wrong or foreign signature)
            redis.set(KEY, planted.replace("{fp}", fingerprint).replace("{FP}", fingerprint.toUpperCase(Locale.ROOT)));
            // WHEN the payment is delivered
            SQSBatchResponse response = rig.invoke(event(payment));
            // THEN DynamoDB decides it, once, the invalid value is counted, and the cache now holds the signed decision
            assertEquals(List.of(), failures(response));
            assertEquals(1, rig.calls.of("TransactWriteItems"));
            assertEquals("APPROVED", rig.ledger.record(TXN).orElseThrow().get("status").s());
            assertEquals(10_000 - 2_550, rig.ledger.balance("ACC-1"));
            assertEquals(1, rig.metric("FastPathSignatureInvalid"));
            assertEquals(signedWithTheFunctionsSecret("v2|APPROVED||" + fingerprint), redis.get(KEY));
            // THEN a redelivery is a duplicate answered by the cache alone
            rig.calls.reset();
            assertEquals(List.of(), failures(rig.invoke(event(payment))));
            assertEquals(1, rig.metric("DuplicateFastPath"));
            assertEquals(0, rig.calls.total());
            assertEquals(10_000 - 2_550, rig.ledger.balance("ACC-1"));
        }
    }

    @Test
    void plantedDecisionWithTheTrueFingerprint_signedWithAnotherSecret_isDecidedByDynamoDb_notAcknowledged() {
        try (AuthorizerRig rig = AuthorizerRig.withFastPath(aws); Jedis redis = redis()) {
            rig.ledger.openAccount("ACC-1", 1_000, "EUR");
            // GIVEN a payment the account cannot afford, and a planted APPROVED for it with the true
            // fingerprint, signed by someone who does not hold the function's secret
            String payment = purchase(TXN, "ACC-1", "25.50", "EUR");
            redis.set(KEY, signed("v2|APPROVED||" + fingerprintOf(payment), "a secret that is not the function's one"));
            // WHEN the payment is delivered
            SQSBatchResponse response = rig.invoke(event(payment));
            // THEN DynamoDB decides it (declined: insufficient funds), the forgery is counted, nothing is debited
            assertEquals(List.of(), failures(response));
            assertEquals(1, rig.calls.of("TransactWriteItems"));
            assertEquals("DECLINED", rig.ledger.record(TXN).orElseThrow().get("status").s());
            assertEquals(1_000, rig.ledger.balance("ACC-1"));
            assertEquals(0, rig.metric("DuplicateFastPath"));
            assertEquals(1, rig.metric("FastPathSignatureInvalid"));
        }
    }

    @Test
    void plantedDecisionSignedWithTheFunctionsSecret_isAHit_answeredWithoutDynamoDb() {
        try (AuthorizerRig rig = AuthorizerRig.withFastPath(aws); Jedis redis = redis()) {
            rig.ledger.openAccount("ACC-1", 10_000, "EUR");
            // GIVEN a correctly signed decision with the true fingerprint (what the function itself writes)
            String payment = purchase(TXN, "ACC-1", "25.50", "EUR");
            redis.set(KEY, signedWithTheFunctionsSecret("v2|APPROVED||" + fingerprintOf(payment)));
            // WHEN the payment is delivered, THEN the cache answers it: a duplicate, no DynamoDB call
            assertEquals(List.of(), failures(rig.invoke(event(payment))));
            assertEquals(1, rig.metric("DuplicateFastPath"));
            assertEquals(0, rig.calls.total());
            assertEquals(0, rig.metric("FastPathSignatureInvalid"));
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"list", "hash"})
    void plantedKeyOfAnotherRedisType_isAMiss_andIsReplacedByTheDecision(String type) {
        try (AuthorizerRig rig = AuthorizerRig.withFastPath(aws); Jedis redis = redis()) {
            rig.ledger.openAccount("ACC-1", 10_000, "EUR");
            String payment = purchase(TXN, "ACC-1", "25.50", "EUR");
            // GIVEN the key holds a list or a hash, which GET answers with WRONGTYPE
            if (type.equals("list")) {
                redis.lpush(KEY, "v1|APPROVED||" + fingerprintOf(payment));
            } else {
                redis.hset(KEY, "status", "APPROVED");
            }
            // WHEN the payment is delivered, THEN DynamoDB decides it and the decision is cached
            assertEquals(List.of(), failures(rig.invoke(event(payment))));
            assertEquals("APPROVED", rig.ledger.record(TXN).orElseThrow().get("status").s());
            assertEquals(10_000 - 2_550, rig.ledger.balance("ACC-1"));
            assertEquals("string", redis.type(KEY));
            assertEquals(0, rig.metric("FastPathUnavailable"), "a foreign type is a miss, not an outage");
        }
    }
}
