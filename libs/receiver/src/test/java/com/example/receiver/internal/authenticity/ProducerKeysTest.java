package com.example.receiver.internal.authenticity;

import static com.example.receiver.internal.authenticity.ProducerSignaturesTest.BODY;
import static com.example.receiver.internal.authenticity.ProducerSignaturesTest.KEY;
import static com.example.receiver.internal.authenticity.ProducerSignaturesTest.NEXT_KEY;
import static com.example.receiver.internal.authenticity.ProducerSignaturesTest.sign;
import static com.example.receiver.internal.authenticity.ProducerSignaturesTest.signedWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.lambdafakes.VirtualClock;
import com.example.lambdakit.config.ConfigurationException;
import com.example.lambdakit.telemetry.FunctionLog;
import com.example.receiver.internal.InboundMessage;
import com.example.receiver.internal.MessageAuthenticity.Verdict;
import com.example.receiver.internal.config.ProducerSignaturesConfig;
import com.example.receiver.lambda.SecretReader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ConnectException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkClientException;

/**
 * The producers' keys: read once, again at most once a minute while they cannot be read, all or
 * nothing, and refused at start when they were read but are unusable. Secrets Manager is a fake
 * {@link SecretReader} here (the project's own interface); what it answers for real is tested
 * against the local AWS ({@code ProducerKeysUnavailableTest} in payment-authorizer).
 */
class ProducerKeysTest {

    private static final String GATEWAY = "ProducerSigningKey-gateway";
    private static final String ACQUIRER = "ProducerSigningKey-acquirer";
    private static final String GATEWAY_KEYS = "{\"keys\": {\"gw-2026-11\": \"" + KEY + "\"}}";
    private static final String ACQUIRER_KEYS = "{\"keys\": {\"acq-1\": \"" + NEXT_KEY + "\"}}";

    private final VirtualClock clock = VirtualClock.at(Instant.parse("2026-12-04T12:00:00Z"));
    private final ByteArrayOutputStream output = new ByteArrayOutputStream();
    private final FunctionLog log = new FunctionLog(new PrintStream(output, true, StandardCharsets.UTF_8), clock, "test");
    /** Per secret, what each of its reads answers, in order (then the last answer again). */
    private final Map<String, List<Supplier<String>>> answers = new HashMap<>();
    private final List<String> reads = new ArrayList<>();

    private ProducerSignatures signatures(String... secretIds) {
        SecretReader reader = secretId -> {
            reads.add(secretId);
            List<Supplier<String>> queue = answers.get(secretId);
            return (queue.size() > 1 ? queue.remove(0) : queue.get(0)).get();
        };
        return ProducerSignatures.reading(new ProducerSignaturesConfig(List.of(secretIds), Duration.ofMinutes(5), Duration.ofDays(18)), reader, clock, log);
    }

    @SafeVarargs
    private void answer(String secretId, Supplier<String>... inOrder) {
        answers.put(secretId, new ArrayList<>(List.of(inOrder)));
    }

    /** A message signed with gw-2026-11, sent now. */
    private InboundMessage signedNow() {
        String timestamp = Long.toString(clock.instant().getEpochSecond());
        return new InboundMessage("m", BODY, Optional.empty(), signedWith("gw-2026-11", timestamp, sign(KEY, timestamp, BODY)),
                Optional.of(clock.instant()));
    }

    private List<String> lines(String level) {
        return output.toString(StandardCharsets.UTF_8).lines().filter(line -> line.contains("\"level\":\"" + level + "\"")).toList();
    }

    @Test
    void unreadableAtStart_everyMessageIsUnverifiable_readAgainOncePerMinute_thenKeptForGood() {
        answer(GATEWAY, () -> { throw accessDenied(); }, () -> { throw accessDenied(); }, () -> GATEWAY_KEYS);
        // GIVEN keys that cannot be read at start
        ProducerSignatures signatures = signatures(GATEWAY);
        assertEquals(1, reads.size());
        // WHEN a message comes within the minute THEN it cannot be checked, and nothing is read
        clock.advance(Duration.ofSeconds(59));
        assertEquals(new Verdict.Unverifiable(ProducerSignatures.KEYS_UNAVAILABLE), signatures.verify(signedNow()));
        assertEquals(1, reads.size());
        // WHEN the minute has passed THEN they are read once more, and fail once more
        clock.advance(Duration.ofSeconds(1));
        assertEquals(new Verdict.Unverifiable(ProducerSignatures.KEYS_UNAVAILABLE), signatures.verify(signedNow()));
        assertEquals(new Verdict.Unverifiable(ProducerSignatures.KEYS_UNAVAILABLE), signatures.verify(signedNow()));
        assertEquals(2, reads.size());
        // WHEN another minute has passed and the read succeeds THEN they are used, and never read again
        clock.advance(Duration.ofSeconds(60));
        assertEquals(Verdict.AUTHENTIC, signatures.verify(signedNow()));
        clock.advance(Duration.ofHours(1));
        assertEquals(Verdict.AUTHENTIC, signatures.verify(signedNow()));
        assertEquals(3, reads.size());
        // AND each failed read wrote one ERROR line naming the secret and the code; the success one INFO line with the key ids
        List<String> errors = lines("ERROR");
        assertEquals(2, errors.size());
        assertTrue(errors.get(0).contains("\"secret_id\":\"" + GATEWAY + "\""), errors.get(0));
        assertTrue(errors.get(0).contains("\"error_code\":\"AccessDeniedException\""), errors.get(0));
        assertTrue(errors.get(0).contains("\"retry_in_s\":60"), errors.get(0));
        assertEquals(1, lines("INFO").size());
        assertTrue(lines("INFO").get(0).contains("\"key_ids\":\"gw-2026-11\""), lines("INFO").get(0));
        assertFalse(output.toString(StandardCharsets.UTF_8).contains(KEY), "the key is never written");
    }

    @Test
    void oneProducersSecretUnreadable_noMessageIsChecked_evenOneSignedByAnotherProducer() {
        // A message of the unreadable producer would otherwise be refused as signed with an unknown key.
        answer(GATEWAY, () -> GATEWAY_KEYS);
        answer(ACQUIRER, () -> { throw SdkClientException.builder().message("timeout").cause(new ConnectException()).build(); });
        ProducerSignatures signatures = signatures(ACQUIRER, GATEWAY);
        assertEquals(new Verdict.Unverifiable(ProducerSignatures.KEYS_UNAVAILABLE), signatures.verify(signedNow()));
        assertEquals(List.of(ACQUIRER), reads, "the reads stop at the failing secret");
        assertTrue(lines("ERROR").get(0).contains("\"detail\":\"caused by ConnectException\""), lines("ERROR").get(0));
    }

    @Test
    void afterASnapStartRestore_missingKeysAreReadAtTheNextMessage_withoutWaitingTheMinute() {
        answer(GATEWAY, () -> { throw accessDenied(); }, () -> GATEWAY_KEYS);
        ProducerSignatures signatures = signatures(GATEWAY);
        signatures.readKeysAtNextUse();
        assertEquals(1, reads.size(), "nothing is read by the restore itself");
        assertEquals(Verdict.AUTHENTIC, signatures.verify(signedNow()));
        assertEquals(2, reads.size());
    }

    @Test
    void unusableKeysReadAtStart_stopTheFunction_namingTheSecret_neverTheKey() {
        Map<String, String> documents = Map.of(
                "not JSON", "keys: " + KEY,
                "not an object", "[\"" + KEY + "\"]",
                "no keys", "{\"key\": \"" + KEY + "\"}",
                "no key in keys", "{\"keys\": {}}",
                "a key too short", "{\"keys\": {\"k\": \"" + KEY.substring(0, 40) + "\"}}",
                "a key that is no base64", "{\"keys\": {\"k\": \"" + KEY.replace('=', '!') + "\"}}",
                "a key id with a space", "{\"keys\": {\"gw 1\": \"" + KEY + "\"}}",
                "a key id twice", "{\"keys\": {\"k\": \"" + KEY + "\", \"k\": \"" + NEXT_KEY + "\"}}",
                "a key that is a number", "{\"keys\": {\"k\": 12345678901234567890123456789012345678901234567890}}");
        documents.forEach((problem, document) -> {
            answer(GATEWAY, () -> document);
            ConfigurationException refused = assertThrows(ConfigurationException.class, () -> signatures(GATEWAY), problem);
            assertEquals("PRODUCER_SIGNING_SECRETS", refused.setting(), problem);
            assertTrue(refused.getMessage().contains("secret " + GATEWAY + " "), problem + ": " + refused.getMessage());
            assertFalse(refused.getMessage().contains(KEY.substring(0, 12)) || refused.getMessage().contains(NEXT_KEY.substring(0, 12)),
                    problem + ": " + refused.getMessage());
        });
    }

    @Test
    void aGeneratedSecret_holdsOneKey_underTheKeyIdItsTemplateNames() {
        // GIVEN a secret as Secrets Manager generates it: the template's key id, the key at the top level
        answer(GATEWAY, () -> "{\"keyId\": \"gw-2026-11\", \"key\": \"" + KEY + "\"}");
        // WHEN a message signed with that key id and key comes THEN it is authentic
        assertEquals(Verdict.AUTHENTIC, signatures(GATEWAY).verify(signedNow()));
        assertTrue(lines("INFO").get(0).contains("\"key_ids\":\"gw-2026-11\""), lines("INFO").get(0));
    }

    @Test
    void aGeneratedSecret_breakingTheRules_orHoldingBothShapes_stopsTheFunctionAtStart() {
        Map<String, String> documents = Map.of(
                "a generated key too short", "{\"keyId\": \"k\", \"key\": \"" + KEY.substring(0, 40) + "\"}",
                "a generated key id with a space", "{\"keyId\": \"gw 1\", \"key\": \"" + KEY + "\"}",
                "a key id without its key", "{\"keyId\": \"k\"}",
                "both shapes", "{\"keys\": {\"a\": \"" + NEXT_KEY + "\"}, \"keyId\": \"k\", \"key\": \"" + KEY + "\"}");
        documents.forEach((problem, document) -> {
            answer(GATEWAY, () -> document);
            ConfigurationException refused = assertThrows(ConfigurationException.class, () -> signatures(GATEWAY), problem);
            assertTrue(refused.getMessage().contains("secret " + GATEWAY + " "), problem + ": " + refused.getMessage());
            assertFalse(refused.getMessage().contains(KEY.substring(0, 12)) || refused.getMessage().contains(NEXT_KEY.substring(0, 12)),
                    problem + ": " + refused.getMessage());
        });
    }

    @Test
    void aKeyIdHeldByTwoProducers_stopsTheFunctionAtStart_namingItAndBothSecrets() {
        answer(GATEWAY, () -> GATEWAY_KEYS);
        answer(ACQUIRER, () -> "{\"keys\": {\"acq-1\": \"" + NEXT_KEY + "\", \"gw-2026-11\": \"" + NEXT_KEY + "\"}}");
        ConfigurationException refused = assertThrows(ConfigurationException.class, () -> signatures(GATEWAY, ACQUIRER));
        assertEquals("PRODUCER_SIGNING_SECRETS hold key id gw-2026-11 (in " + GATEWAY + " and " + ACQUIRER + ") twice: "
                + "a key id must name one producer's key, unique across producers", refused.getMessage());
    }

    @Test
    void unusableKeysReadLater_areOneMoreFailedRead_notAStop() {
        answer(GATEWAY, () -> { throw accessDenied(); }, () -> "{\"keys\": {}}", () -> GATEWAY_KEYS);
        ProducerSignatures signatures = signatures(GATEWAY);
        clock.advance(Duration.ofSeconds(60));
        assertEquals(new Verdict.Unverifiable(ProducerSignatures.KEYS_UNAVAILABLE), signatures.verify(signedNow()));
        assertTrue(lines("ERROR").get(1).contains("\"error\":\"InvalidProducerKeys\""), lines("ERROR").get(1));
        clock.advance(Duration.ofSeconds(60));
        assertEquals(Verdict.AUTHENTIC, signatures.verify(signedNow()));
    }

    private static AwsServiceException accessDenied() {
        return AwsServiceException.builder().message("User is not authorized: " + KEY)
                .awsErrorDetails(AwsErrorDetails.builder().errorCode("AccessDeniedException").build()).build();
    }
}
