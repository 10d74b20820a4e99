package com.example.receiver.internal.authenticity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.lambdafakes.VirtualClock;
import com.example.lambdakit.telemetry.FunctionLog;
import com.example.receiver.internal.InboundMessage;
import com.example.receiver.internal.MessageAuthenticity.Verdict;
import com.example.receiver.internal.config.ProducerSignaturesConfig;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * The signature rules, with the producers' secrets served by a fake {@link
 * com.example.receiver.lambda.SecretReader} (the project's own interface). The signatures here are
 * made as docs/deploy.md tells a producer to make them, with {@code javax.crypto.Mac}, or by
 * {@code openssl dgst -sha256 -hmac}: never by the code under test.
 */
class ProducerSignaturesTest {

    /** {@code openssl rand -base64 32} once: a key as a producer's secret holds it. */
    static final String KEY = "gT3kq0m8cQ1n7Yc2n1pJ0bq9f8Zr4Wv6sXyA2LmN5oE=";
    static final String NEXT_KEY = "Yb7m0w9Qd2sV8e1rX4kT6pZ3nC5uH0jL9aF2gR7iK1o=";
    static final String OTHER_PRODUCERS_KEY = "Qm4Jt8Vw2Zp6Xs0Ry3Nb7Kd1Hf5Lc9Ga2Eu6Io0Pq4U=";
    static final String BODY = "{\"body\":{\"transaction_id\":\"TXN-1\",\"amount\":12.50}}";
    static final Duration WINDOW = Duration.ofMinutes(5);
    /** The template's queue retention (4 days) and DLQ retention (14 days): what a redrive may send again. */
    static final Duration REDRIVABLE = Duration.ofDays(4 + 14);
    static final Duration MAX_AGE = WINDOW.plus(REDRIVABLE);
    static final Instant SENT = Instant.parse("2026-12-04T12:00:00.250Z");

    private final VirtualClock clock = VirtualClock.at(Instant.parse("2026-12-04T12:00:00Z"));
    private final ByteArrayOutputStream output = new ByteArrayOutputStream();
    private final ProducerSignatures signatures = ProducerSignatures.reading(
            new ProducerSignaturesConfig(List.of("ProducerSigningKey-gateway", "ProducerSigningKey-acquirer"), WINDOW, REDRIVABLE),
            secretId -> secretId.endsWith("gateway")
                    ? "{\"producer\": \"gateway\", \"keys\": {\"gw-2026-11\": \"" + KEY + "\", \"gw-2026-12\": \"" + NEXT_KEY + "\"}}"
                    : "{\"keys\": {\"acq-1\": \"" + OTHER_PRODUCERS_KEY + "\"}}",
            clock, new FunctionLog(new PrintStream(output, true, StandardCharsets.UTF_8), clock, "test"));

    /** HMAC-SHA256 as a producer computes it: the timestamp, '.', the body, UTF-8. */
    static String sign(String key, String timestamp, String body) {
        return hmac(key, (timestamp + "." + body).getBytes(StandardCharsets.UTF_8));
    }

    static String hmac(String key, byte[] bytes) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(bytes));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    static InboundMessage message(String body, Map<String, String> attributes, Optional<Instant> sentAt) {
        return new InboundMessage("m-1", body, Optional.empty(), attributes, sentAt);
    }

    static Map<String, String> signedWith(String keyId, String timestamp, String signature) {
        Map<String, String> attributes = new HashMap<>();
        attributes.put("signature-key-id", keyId);
        attributes.put("signature-timestamp", timestamp);
        attributes.put("signature", signature);
        return attributes;
    }

    /** Signed with gw-2026-11 at {@code signedAt}, sent at {@link #SENT}. */
    private Verdict verifySignedAt(Instant signedAt) {
        String timestamp = Long.toString(signedAt.getEpochSecond());
        return signatures.verify(message(BODY, signedWith("gw-2026-11", timestamp, sign(KEY, timestamp, BODY)), Optional.of(SENT)));
    }

    private static Verdict.Refused refused(String attribute, String rule) {
        return new Verdict.Refused("messageAttributes." + attribute, rule);
    }

    @Test
    void signedAsDocumented_isAuthentic() {
        assertEquals(Verdict.AUTHENTIC, verifySignedAt(SENT.minusSeconds(2)));
    }

    @Test
    void theExactBytes_areTheTimestampAFullStopAndTheBodyInUtf8_asOpensslSignsThem() {
        // GIVEN signatures made by `printf '%s.%s' "$TS" "$BODY" | openssl dgst -sha256 -hmac "$KEY"`
        String timestamp = "1796000000";
        Instant sent = Instant.ofEpochSecond(1796000001);
        String ascii = "{\"body\":{\"transaction_id\":\"TXN-1\",\"amount\":12.50}}";
        String accents = "{\"merchant\":\"Café Zürich €\"}";
        // WHEN checked THEN authentic, in lower and upper case hex
        assertEquals(Verdict.AUTHENTIC, signatures.verify(message(ascii, signedWith("gw-2026-11", timestamp,
                "ad83868438f64e6f5b7fc9f9d0273813b5819e68f3f854538439c3aeb8c8b4eb"), Optional.of(sent))));
        assertEquals(Verdict.AUTHENTIC, signatures.verify(message(accents, signedWith("gw-2026-11", timestamp,
                "482A6378B3AE49FCB6043B74F3A77DEF93EA2640C447375C7BA398CB4540219F"), Optional.of(sent))));
    }

    @Test
    void aSignatureOverAnyOtherBytes_isRefused() {
        String timestamp = Long.toString(SENT.getEpochSecond());
        byte[] body = BODY.getBytes(StandardCharsets.UTF_8);
        List<byte[]> others = List.of(
                body,                                                                        // the body alone
                (timestamp + BODY).getBytes(StandardCharsets.UTF_8),                          // no full stop
                (timestamp + "." + BODY + "\n").getBytes(StandardCharsets.UTF_8),             // echo's newline
                (BODY + "." + timestamp).getBytes(StandardCharsets.UTF_8),                    // the other order
                (timestamp + "." + BODY).getBytes(StandardCharsets.UTF_16BE),                 // not UTF-8
                ("gw-2026-11." + timestamp + "." + BODY).getBytes(StandardCharsets.UTF_8));   // the key id too
        for (byte[] other : others) {
            assertEquals(refused("signature", ProducerSignatures.BAD_SIGNATURE), signatures.verify(
                    message(BODY, signedWith("gw-2026-11", timestamp, hmac(KEY, other)), Optional.of(SENT))));
        }
    }

    @Test
    void anAlteredBody_orAnAlteredTimestamp_isRefused() {
        String timestamp = Long.toString(SENT.getEpochSecond());
        String signature = sign(KEY, timestamp, BODY);
        assertEquals(refused("signature", ProducerSignatures.BAD_SIGNATURE), signatures.verify(message(
                BODY.replace("12.50", "125.00"), signedWith("gw-2026-11", timestamp, signature), Optional.of(SENT))));
        String earlier = Long.toString(SENT.getEpochSecond() - 1);
        assertEquals(refused("signature", ProducerSignatures.BAD_SIGNATURE), signatures.verify(message(
                BODY, signedWith("gw-2026-11", earlier, signature), Optional.of(SENT))));
    }

    @Test
    void eachActiveKey_verifiesItsOwnSignatures_andNoOther() {
        String timestamp = Long.toString(SENT.getEpochSecond());
        // GIVEN the gateway rotating (two active keys) and a second producer
        for (Map.Entry<String, String> key : Map.of("gw-2026-11", KEY, "gw-2026-12", NEXT_KEY, "acq-1", OTHER_PRODUCERS_KEY).entrySet()) {
            assertEquals(Verdict.AUTHENTIC, signatures.verify(message(BODY,
                    signedWith(key.getKey(), timestamp, sign(key.getValue(), timestamp, BODY)), Optional.of(SENT))), key.getKey());
        }
        // WHEN a signature names another active key than the one that made it THEN it does not match
        assertEquals(refused("signature", ProducerSignatures.BAD_SIGNATURE), signatures.verify(message(BODY,
                signedWith("acq-1", timestamp, sign(KEY, timestamp, BODY)), Optional.of(SENT))));
    }

    @Test
    void aKeyIdNoSecretHolds_isRefused() {
        String timestamp = Long.toString(SENT.getEpochSecond());
        assertEquals(refused("signature-key-id", ProducerSignatures.UNKNOWN_KEY), signatures.verify(message(BODY,
                signedWith("gw-2026-10", timestamp, sign(KEY, timestamp, BODY)), Optional.of(SENT))));
    }

    @Test
    void unsignedOrIncompletelySigned_isRefused_namingTheMissingAttribute() {
        String timestamp = Long.toString(SENT.getEpochSecond());
        String signature = sign(KEY, timestamp, BODY);
        assertEquals(refused("signature", ProducerSignatures.UNSIGNED), signatures.verify(message(BODY, Map.of(), Optional.of(SENT))));
        assertEquals(refused("signature", ProducerSignatures.UNSIGNED), signatures.verify(message(BODY,
                Map.of("signature-key-id", "gw-2026-11", "signature-timestamp", timestamp), Optional.of(SENT))));
        assertEquals("messageAttributes.signature-key-id", field(signatures.verify(message(BODY,
                Map.of("signature-timestamp", timestamp, "signature", signature), Optional.of(SENT)))));
        assertEquals("messageAttributes.signature-timestamp", field(signatures.verify(message(BODY,
                Map.of("signature-key-id", "gw-2026-11", "signature", signature), Optional.of(SENT)))));
        // attribute names are case-sensitive, as SQS's are
        assertEquals(refused("signature", ProducerSignatures.UNSIGNED), signatures.verify(message(BODY,
                Map.of("Signature-Key-Id", "gw-2026-11", "Signature-Timestamp", timestamp, "Signature", signature), Optional.of(SENT))));
    }

    @Test
    void malformedAttributes_areRefused_beforeAnyKeyIsUsed() {
        String timestamp = Long.toString(SENT.getEpochSecond());
        String signature = sign(KEY, timestamp, BODY);
        for (String notSeconds : List.of("", "-1", "+1796000000", "1796000000.5", "1796000000000000", "2026-12-04T12:00:00Z", " 1796000000")) {
            assertEquals("messageAttributes.signature-timestamp", field(signatures.verify(message(BODY,
                    signedWith("gw-2026-11", notSeconds, signature), Optional.of(SENT)))), notSeconds);
        }
        for (String notHmac : List.of("", signature.substring(2), signature + "00", "z" + signature.substring(1),
                "sha256=" + signature, java.util.Base64.getEncoder().encodeToString(HexFormat.of().parseHex(signature)))) {
            assertEquals(refused("signature", "must be 64 hex digits: an HMAC-SHA256"), signatures.verify(message(BODY,
                    signedWith("gw-2026-11", timestamp, notHmac), Optional.of(SENT))), notHmac);
        }
        assertEquals(new Verdict.Refused("attributes.SentTimestamp", "is required to tell the signature's age"),
                signatures.verify(message(BODY, signedWith("gw-2026-11", timestamp, signature), Optional.empty())));
    }

    @Test
    void theWindow_countsBackFromSentTimestamp_upToTheProducersWindowAndTheQueuesRetentions() {
        // signed exactly MAX_AGE (5 min + 4 d + 14 d) before it was sent: authentic; a millisecond earlier: refused
        Instant edge = SENT.minus(MAX_AGE);
        Verdict.Refused stale = refused("signature-timestamp", "is more than 1555500 s before the message was sent "
                + "(SentTimestamp): older than the producer's window and the queues' retentions together, so no redrive "
                + "can have sent it; a message sent again");
        assertEquals(Verdict.AUTHENTIC, signatures.verify(message(BODY, signedAtSecond(edge.getEpochSecond()),
                Optional.of(Instant.ofEpochSecond(edge.getEpochSecond()).plus(MAX_AGE)))));
        assertEquals(stale, signatures.verify(message(BODY, signedAtSecond(edge.getEpochSecond()),
                Optional.of(Instant.ofEpochSecond(edge.getEpochSecond()).plus(MAX_AGE).plusMillis(1)))));
        assertEquals(stale, verifySignedAt(SENT.minus(Duration.ofDays(19))));
    }

    @Test
    void aPaymentRedrivenFromTheDlq_withANewSentTimestamp_isAuthentic_atAnyTimeWithinTheDlqsRetention() {
        // GIVEN a payment signed and sent at once, which waited 4 days in the queue and 13 days in the DLQ
        // WHEN an operator's redrive sends it again (SQS gives it a new SentTimestamp) THEN it is authentic
        assertEquals(Verdict.AUTHENTIC, verifySignedAt(SENT.minus(Duration.ofDays(4 + 13))));
        // AND ten minutes after it was dead-lettered too, which a 5-minute window alone refused
        assertEquals(Verdict.AUTHENTIC, verifySignedAt(SENT.minus(Duration.ofMinutes(10))));
    }

    @Test
    void aSignatureFromTheFuture_isAcceptedUpToTheSkew() {
        long second = 1796000000;
        Instant sent = Instant.ofEpochSecond(second).minus(ProducerSignatures.FUTURE_SKEW);
        assertEquals(Verdict.AUTHENTIC, signatures.verify(message(BODY, signedAtSecond(second), Optional.of(sent))));
        assertEquals(refused("signature-timestamp", "is more than 60 s after the message was sent (SentTimestamp): "
                        + "the producer's clock is ahead"),
                signatures.verify(message(BODY, signedAtSecond(second), Optional.of(sent.minusMillis(1)))));
    }

    @Test
    void noRefusal_quotesTheSignatureOrAKey() {
        String timestamp = Long.toString(SENT.getEpochSecond());
        String forged = sign(NEXT_KEY, timestamp, BODY);
        for (Map<String, String> attributes : List.of(signedWith("gw-2026-11", timestamp, forged),
                signedWith("gw-x", timestamp, forged), signedWith("gw-2026-11", "1", forged))) {
            String verdict = signatures.verify(message(BODY, attributes, Optional.of(SENT))).toString();
            assertFalse(verdict.contains(forged) || verdict.contains(KEY) || verdict.contains(NEXT_KEY), verdict);
        }
        String lines = output.toString(StandardCharsets.UTF_8);
        assertFalse(lines.contains(KEY) || lines.contains(NEXT_KEY) || lines.contains(OTHER_PRODUCERS_KEY), lines);
    }

    @Test
    void signaturesAreCompared_inTheSameTime_whereverTheyFirstDiffer() {
        // An early exit would answer sooner for a guess wrong in its first byte than for one wrong
        // in its last. On arrays of 1 MiB the difference is hundreds of microseconds against a few
        // nanoseconds, far beyond the noise of a shared machine; the fastest of many runs is kept.
        byte[] expected = new byte[1 << 20];
        Arrays.fill(expected, (byte) 7);
        byte[] wrongFirst = expected.clone();
        wrongFirst[0] = 8;
        byte[] wrongLast = expected.clone();
        wrongLast[wrongLast.length - 1] = 8;
        long first = Long.MAX_VALUE;
        long last = Long.MAX_VALUE;
        for (int run = 0; run < 200; run++) {
            first = Math.min(first, timed(expected, wrongFirst));
            last = Math.min(last, timed(expected, wrongLast));
        }
        assertTrue(first * 4 > last, "first byte differs: " + first + " ns, last byte differs: " + last + " ns");
    }

    private static long timed(byte[] expected, byte[] received) {
        long start = System.nanoTime();
        boolean same = ProducerSignatures.sameSignature(expected, received);
        long took = System.nanoTime() - start;
        assertFalse(same);
        return took;
    }

    /** Signed with gw-2026-11 at {@code second}. */
    private static Map<String, String> signedAtSecond(long second) {
        String timestamp = Long.toString(second);
        return signedWith("gw-2026-11", timestamp, sign(KEY, timestamp, BODY));
    }

    private static String field(Verdict verdict) {
        return verdict instanceof Verdict.Refused refused ? refused.field() : verdict.toString();
    }
}
