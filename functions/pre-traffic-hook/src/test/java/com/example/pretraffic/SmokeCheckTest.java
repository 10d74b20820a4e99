package com.example.pretraffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.payment.SmokeKeyScope;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

class SmokeCheckTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final LifecycleEvent EVENT = new LifecycleEvent("d-SMOKE0001", "exec-1");
    private static final SmokePayment PAYMENT =
            new SmokePayment("d-SMOKE0001", Instant.parse("2026-12-06T17:00:00Z"), "arn:aws:sqs:eu-west-1:123456789012:payments");

    /** The two items, as the authorizer leaves them. */
    private final Map<String, String> records = new HashMap<>();
    private final Map<String, Long> balances = new HashMap<>(Map.of(SmokePayment.ACCOUNT_ID, 500L));
    private final List<String> reported = new ArrayList<>();
    private final List<String> invoked = new ArrayList<>();

    private final SmokeReads reads = new SmokeReads() {
        @Override
        public Optional<String> recordStatus(String transactionId) {
            return Optional.ofNullable(records.get(transactionId));
        }

        @Override
        public OptionalLong balanceMinor(String accountId) {
            Long balance = balances.get(accountId);
            return balance == null ? OptionalLong.empty() : OptionalLong.of(balance);
        }
    };
    private final LifecycleHook hook = (event, verdict) -> reported.add(event.deploymentId() + " " + event.executionId()
            + " " + verdict.status());

    /** A version that decides as the authorizer does: a refund once per transaction id. */
    private final NewVersion goodVersion = event -> {
        invoked.add(event);
        JsonNode body = body(event);
        String transactionId = body.path("transaction_id").asText();
        if (records.putIfAbsent(transactionId, SmokeCheck.APPROVED) == null) {
            balances.merge(body.path("account_id").asText(), body.path("amount").decimalValue().movePointRight(2).longValueExact(), Long::sum);
        }
        return "{\"batchItemFailures\":[]}";
    };

    @Test
    void aVersionThatDecidesTheSmokePayment_succeeds_andTheBalanceRisesByOneMinorUnit() {
        Verdict verdict = check(goodVersion).run(EVENT, PAYMENT);

        assertTrue(verdict.succeeded(), verdict.reason());
        assertEquals(List.of("d-SMOKE0001 exec-1 Succeeded"), reported);
        assertEquals(501L, balances.get(SmokePayment.ACCOUNT_ID));
        assertEquals(SmokeCheck.APPROVED, records.get("SMOKE-PRE-TRAFFIC-d-SMOKE0001"));
    }

    @Test
    void theHookRunAgainForOneDeployment_succeeds_withoutASecondRefund() {
        check(goodVersion).run(EVENT, PAYMENT);
        Verdict again = check(goodVersion).run(new LifecycleEvent("d-SMOKE0001", "exec-2"), PAYMENT);

        assertTrue(again.succeeded(), again.reason());
        assertEquals(501L, balances.get(SmokePayment.ACCOUNT_ID));
        assertEquals(List.of("d-SMOKE0001 exec-1 Succeeded", "d-SMOKE0001 exec-2 Succeeded"), reported);
    }

    @Test
    void theEvent_isOneSqsRecordOfTheSmokeAccount_neverAProducersTransaction() {
        check(goodVersion).run(EVENT, PAYMENT);

        JsonNode event = read(invoked.get(0));
        assertEquals(1, event.path("Records").size());
        JsonNode record = event.path("Records").get(0);
        assertEquals("aws:sqs", record.path("eventSource").asText());
        assertEquals("arn:aws:sqs:eu-west-1:123456789012:payments", record.path("eventSourceARN").asText());
        JsonNode message = read(record.path("body").asText());
        assertEquals("2026-12-06T17:00:00Z", message.path("headers").path("timestamp").asText());
        assertEquals(SmokePayment.ACCOUNT_ID, message.path("body").path("account_id").asText());
        assertEquals("REFUND", message.path("body").path("authorization_type").asText());
        assertTrue(message.path("body").path("transaction_id").asText().startsWith(SmokePayment.TRANSACTION_PREFIX));
    }

    @Test
    void unsigned_theRecordCarriesNoMessageAttribute() {
        check(goodVersion).run(EVENT, PAYMENT);

        assertEquals(0, read(invoked.get(0)).path("Records").get(0).path("messageAttributes").size());
    }

    @Test
    void signed_theRecordCarriesTheHooksKeyId_andTheProducersSignatureOfItsBody() throws Exception {
        SmokeKey key = new SmokeKey(SmokeKeyScope.KEY_ID, "k".repeat(44));

        Verdict verdict = new SmokeCheck(goodVersion, reads, hook, () -> Optional.of(key)).run(EVENT, PAYMENT);

        assertTrue(verdict.succeeded(), verdict.reason());
        JsonNode record = read(invoked.get(0)).path("Records").get(0);
        JsonNode attributes = record.path("messageAttributes");
        assertEquals(SmokeKeyScope.KEY_ID, attributes.path("signature-key-id").path("stringValue").asText());
        assertEquals("String", attributes.path("signature-key-id").path("dataType").asText());
        String timestamp = attributes.path("signature-timestamp").path("stringValue").asText();
        assertEquals(Long.toString(Instant.parse("2026-12-06T17:00:00Z").getEpochSecond()), timestamp);
        // HMAC-SHA256 of "<timestamp>.<body>" under the key's text, as docs/deploy.md tells a producer
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key.key().getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        String expected = HexFormat.of().formatHex(mac.doFinal((timestamp + "." + record.path("body").asText())
                .getBytes(StandardCharsets.UTF_8)));
        assertEquals(expected, attributes.path("signature").path("stringValue").asText());
        assertFalse(key.toString().contains(key.key()), "the key is never in its text");
    }

    @Test
    void aKeyThatCannotBeRead_fails_beforeInvokingTheVersion() {
        Verdict verdict = new SmokeCheck(goodVersion, reads, hook, () -> {
            throw new IllegalStateException("AccessDeniedException");
        }).run(EVENT, PAYMENT);

        assertFailed(verdict, "the check could not finish: java.lang.IllegalStateException: AccessDeniedException");
        assertTrue(invoked.isEmpty());
    }

    @Test
    void aVersionThatReturnsThePayment_fails() {
        Verdict verdict = check(event -> "{\"batchItemFailures\":[{\"itemIdentifier\":\"x\"}]}").run(EVENT, PAYMENT);

        assertFailed(verdict, "returned the smoke payment to the queue");
    }

    @Test
    void aVersionThatThrows_fails() {
        Verdict verdict = check(event -> {
            throw new NewVersion.VersionFailed("Unhandled: boom");
        }).run(EVENT, PAYMENT);

        assertFailed(verdict, "failed the invocation: Unhandled: boom");
    }

    @Test
    void aVersionThatAnswersWithoutDeciding_fails() {
        Verdict verdict = check(event -> "{\"batchItemFailures\":[]}").run(EVENT, PAYMENT);

        assertFailed(verdict, "no record of SMOKE-PRE-TRAFFIC-d-SMOKE0001");
    }

    @Test
    void aVersionThatDeclinesTheRefund_fails() {
        Verdict verdict = check(event -> {
            records.put(PAYMENT.transactionId(), "DECLINED");
            return "{\"batchItemFailures\":[]}";
        }).run(EVENT, PAYMENT);

        assertFailed(verdict, "says DECLINED, not APPROVED");
    }

    @Test
    void aVersionThatRecordsWithoutMovingTheBalance_fails() {
        Verdict verdict = check(event -> {
            records.put(PAYMENT.transactionId(), SmokeCheck.APPROVED);
            return "{\"batchItemFailures\":[]}";
        }).run(EVENT, PAYMENT);

        assertFailed(verdict, "balance is 500 minor units, expected 501");
    }

    @Test
    void aVersionThatMovesTheBalanceTwice_fails() {
        Verdict verdict = check(event -> {
            goodVersion.invoke(event);
            balances.merge(SmokePayment.ACCOUNT_ID, 1L, Long::sum);
            return "{\"batchItemFailures\":[]}";
        }).run(EVENT, PAYMENT);

        assertFailed(verdict, "balance is 502 minor units, expected 501");
    }

    @Test
    void anAnswerThatIsNoBatchResponse_fails() {
        Verdict verdict = check(event -> "null").run(EVENT, PAYMENT);

        assertFailed(verdict, "not a batch response");
    }

    @Test
    void withoutTheSmokeAccount_itFails_beforeInvokingTheVersion() {
        balances.clear();

        Verdict verdict = check(goodVersion).run(EVENT, PAYMENT);

        assertFailed(verdict, "the smoke account ACC-SMOKE-PRE-TRAFFIC does not exist");
        assertTrue(invoked.isEmpty());
    }

    @Test
    void aReadThatFails_isReportedFailed_notLeftPending() {
        SmokeReads broken = new SmokeReads() {
            @Override
            public Optional<String> recordStatus(String transactionId) {
                throw new IllegalStateException("AccessDenied");
            }

            @Override
            public OptionalLong balanceMinor(String accountId) {
                return OptionalLong.of(0);
            }
        };

        Verdict verdict = new SmokeCheck(goodVersion, broken, hook, SmokeSigning.UNSIGNED).run(EVENT, PAYMENT);

        assertFailed(verdict, "the check could not finish: java.lang.IllegalStateException: AccessDenied");
    }

    private SmokeCheck check(NewVersion version) {
        return new SmokeCheck(version, reads, hook, SmokeSigning.UNSIGNED);
    }

    private void assertFailed(Verdict verdict, String reason) {
        assertFalse(verdict.succeeded());
        assertTrue(verdict.reason().contains(reason), verdict.reason());
        assertEquals(List.of("d-SMOKE0001 exec-1 Failed"), reported);
    }

    private static JsonNode body(String event) {
        return read(read(event).path("Records").get(0).path("body").asText()).path("body");
    }

    private static JsonNode read(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
