package com.example.receiver.internal.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.lambdakit.config.ConfigurationException;
import com.example.lambdakit.config.Environment;
import com.example.receiver.internal.ReceiverSettings;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReceiverConfigTest {

    private static Map<String, String> valid() {
        Map<String, String> env = new HashMap<>();
        env.put("IDEMPOTENCY_TABLE", "records");
        env.put("QUEUE_RETENTION_SECONDS", "345600");
        return env;
    }

    private static ConfigurationException refusal(Map<String, String> env) {
        return assertThrows(ConfigurationException.class, () -> ReceiverConfig.from(new Environment(env)));
    }

    @Test
    void defaults_followTheDesign() {
        ReceiverConfig config = ReceiverConfig.from(new Environment(valid()));
        assertEquals(Duration.ofDays(30), config.recordTtl());
        assertEquals(Duration.ofDays(14), config.deadLetterRetention());
        assertTrue(config.fastPath().isEmpty(), "no endpoint, no fast path");
        assertTrue(config.soonRedelivery());
        assertEquals(new ReceiverSettings(8, Duration.ofSeconds(10), true, 2), config.settings());
    }

    @Test
    void firstBatchLanes_areTwo_orMaxConcurrencyWhenLower() {
        Map<String, String> env = valid();
        env.put("MAX_CONCURRENCY", "1");
        assertEquals(1, ReceiverConfig.from(new Environment(env)).settings().firstBatchLanes());
        env.put("MAX_CONCURRENCY", "16");
        env.put("FIRST_BATCH_LANES", "16");
        assertEquals(16, ReceiverConfig.from(new Environment(env)).settings().lanesAfter(0));
    }

    @Test
    void soonRedelivery_isTrueOrFalse_andAnythingElseIsRefused_namingTheSetting() {
        Map<String, String> env = valid();
        env.put("SOON_REDELIVERY", "false");
        assertFalse(ReceiverConfig.from(new Environment(env)).soonRedelivery());
        env.put("SOON_REDELIVERY", "TRUE");
        assertTrue(ReceiverConfig.from(new Environment(env)).soonRedelivery());
        env.put("SOON_REDELIVERY", "off");
        ConfigurationException refused = refusal(env);
        assertEquals("SOON_REDELIVERY", refused.setting());
        assertEquals("SOON_REDELIVERY must be true or false", refused.getMessage());
    }

    @Test
    void producerSignatures_areOffByDefault_withAFiveMinuteWindow() {
        assertTrue(ReceiverConfig.from(new Environment(valid())).producerSignatures().isEmpty());
        Map<String, String> env = valid();
        env.put("REQUIRE_PRODUCER_SIGNATURES", "true");
        env.put("PRODUCER_SIGNING_SECRETS", " arn:aws:secretsmanager:eu-west-1:111122223333:secret:ProducerSigningKey-gw-AbCdEf ,ProducerSigningKey-acq");
        ProducerSignaturesConfig signatures = ReceiverConfig.from(new Environment(env)).producerSignatures().orElseThrow();
        assertEquals(List.of("arn:aws:secretsmanager:eu-west-1:111122223333:secret:ProducerSigningKey-gw-AbCdEf",
                "ProducerSigningKey-acq"), signatures.signingSecrets());
        assertEquals(Duration.ofMinutes(5), signatures.window());
        env.put("PRODUCER_SIGNATURE_WINDOW_SECONDS", "60");
        assertEquals(Duration.ofMinutes(1), ReceiverConfig.from(new Environment(env)).producerSignatures().orElseThrow().window());
    }

    @Test
    void requiredSignatures_withoutTheProducersSecrets_areRefused_namingTheSettingAndTheRule() {
        Map<String, String> env = valid();
        env.put("REQUIRE_PRODUCER_SIGNATURES", "true");
        assertEquals("PRODUCER_SIGNING_SECRETS is required with REQUIRE_PRODUCER_SIGNATURES=true: the secrets holding "
                + "the producers' keys, comma-separated", refusal(env).getMessage());
        env.put("PRODUCER_SIGNING_SECRETS", "ProducerSigningKey-gw,,ProducerSigningKey-acq");
        assertEquals("PRODUCER_SIGNING_SECRETS must list secrets separated by single commas, with no empty entry",
                refusal(env).getMessage());
        env.put("PRODUCER_SIGNING_SECRETS", "ProducerSigningKey-gw,ProducerSigningKey-gw");
        assertEquals("PRODUCER_SIGNING_SECRETS names ProducerSigningKey-gw more than once: one secret per producer",
                refusal(env).getMessage());
        env.put("REQUIRE_PRODUCER_SIGNATURES", "yes");
        assertEquals("REQUIRE_PRODUCER_SIGNATURES must be true or false", refusal(env).getMessage());
    }

    @Test
    void producersSecrets_withoutRequiredSignatures_areRefused_sinceNothingWouldBeChecked() {
        Map<String, String> env = valid();
        env.put("PRODUCER_SIGNING_SECRETS", "ProducerSigningKey-gw");
        ConfigurationException refused = refusal(env);
        assertEquals("PRODUCER_SIGNING_SECRETS", refused.setting());
        assertEquals("PRODUCER_SIGNING_SECRETS is set but REQUIRE_PRODUCER_SIGNATURES is not true: the keys would not "
                + "be read and no message would be checked", refused.getMessage());
        env.put("REQUIRE_PRODUCER_SIGNATURES", "false");
        assertEquals("PRODUCER_SIGNING_SECRETS", refusal(env).setting());
    }

    @Test
    void signatureWindow_isOneMinuteToOneHour_checkedEvenWhenSignaturesAreOff() {
        Map<String, String> env = valid();
        for (String outside : List.of("59", "3601")) {
            env.put("PRODUCER_SIGNATURE_WINDOW_SECONDS", outside);
            assertEquals("PRODUCER_SIGNATURE_WINDOW_SECONDS must be between 60 and 3600, was " + outside, refusal(env).getMessage());
        }
        env.put("PRODUCER_SIGNATURE_WINDOW_SECONDS", "five minutes");
        assertEquals("PRODUCER_SIGNATURE_WINDOW_SECONDS", refusal(env).setting());
        env.put("PRODUCER_SIGNATURE_WINDOW_SECONDS", "3600");
        assertTrue(ReceiverConfig.from(new Environment(env)).producerSignatures().isEmpty());
    }

    @Test
    void missingTable_isRefused_namingTheSetting() {
        Map<String, String> env = valid();
        env.remove("IDEMPOTENCY_TABLE");
        assertEquals("IDEMPOTENCY_TABLE", refusal(env).setting());
    }

    @Test
    void aRecordThatARedrivenCopyCouldOutlive_isRefused_namingEveryWindow() {
        // GIVEN 4 days of queue, 14 of DLQ, a 300 s signature window: a copy may come back
        // 300 + 2 x 345600 + 1209600 + 60 = 1901160 s after its decision
        Map<String, String> env = valid();
        env.put("IDEMPOTENCY_TTL_SECONDS", "1901160");
        ConfigurationException refused = refusal(env);
        assertEquals("IDEMPOTENCY_TTL_SECONDS", refused.setting());
        assertEquals("IDEMPOTENCY_TTL_SECONDS must exceed PRODUCER_SIGNATURE_WINDOW_SECONDS + 2 x QUEUE_RETENTION_SECONDS + "
                + "DEAD_LETTER_RETENTION_SECONDS + 60 s of clock skew (1901160 <= 1901160): a copy redriven from the "
                + "dead-letter queue could outlive its record and be decided again", refused.getMessage());
        // AND a second more is enough; a shorter DLQ retention lets a shorter record be
        env.put("IDEMPOTENCY_TTL_SECONDS", "1901161");
        assertEquals(Duration.ofSeconds(1901161), ReceiverConfig.from(new Environment(env)).recordTtl());
        env.put("IDEMPOTENCY_TTL_SECONDS", "1000000");
        env.put("DEAD_LETTER_RETENTION_SECONDS", "86400");
        assertEquals(Duration.ofDays(1), ReceiverConfig.from(new Environment(env)).deadLetterRetention());
        // AND the old rule's 7 days (more than the queue's 4) is refused
        env.remove("DEAD_LETTER_RETENTION_SECONDS");
        env.put("IDEMPOTENCY_TTL_SECONDS", "604800");
        assertEquals("IDEMPOTENCY_TTL_SECONDS", refusal(env).setting());
    }

    @Test
    void badValues_areRefused_namingTheSetting() {
        Map<String, String> env = valid();
        env.put("FAST_PATH_ENDPOINT", "redis-without-port");
        assertEquals("FAST_PATH_ENDPOINT", refusal(env).setting());
        env = valid();
        env.put("MAX_CONCURRENCY", "0");
        assertEquals("MAX_CONCURRENCY", refusal(env).setting());
        env = valid();
        env.put("MAX_CONCURRENCY", "4");
        env.put("FIRST_BATCH_LANES", "5");
        assertEquals("FIRST_BATCH_LANES", refusal(env).setting());
        env = valid();
        env.put("QUEUE_RETENTION_SECONDS", "four days");
        assertEquals("QUEUE_RETENTION_SECONDS", refusal(env).setting());
    }

    @Test
    void fastPathEndpoint_isParsed_withTlsAndClusterModeOnByDefault() {
        Map<String, String> env = valid();
        env.put("FAST_PATH_ENDPOINT", "cache.example:6379");
        env.put("FAST_PATH_SIGNING_SECRET", "payments/fast-path-signing-key");
        FastPathConfig cache = ReceiverConfig.from(new Environment(env)).fastPath().orElseThrow();
        assertEquals("cache.example", cache.host());
        assertEquals(6379, cache.port());
        assertTrue(cache.tls());
        assertTrue(cache.cluster());
        assertTrue(cache.caFile().isEmpty());
        assertEquals("payments/fast-path-signing-key", cache.signingSecret());
        assertEquals(Duration.ofMillis(50), cache.timeout());
        assertEquals(Duration.ofMillis(500), cache.connectTimeout());
        assertEquals(Duration.ofSeconds(300), cache.maxIdle());
    }

    @Test
    void maxIdle_mustRetireConnectionsBeforeTheNetworkDropsThem() {
        Map<String, String> env = valid();
        env.put("FAST_PATH_ENDPOINT", "cache.example:6379");
        env.put("FAST_PATH_SIGNING_SECRET", "payments/fast-path-signing-key");
        env.put("FAST_PATH_MAX_IDLE_MS", "349999");
        assertEquals(Duration.ofMillis(349_999), ReceiverConfig.from(new Environment(env)).fastPath().orElseThrow().maxIdle());
        for (String refused : new String[] {"350000", "0", "five minutes"}) {
            env.put("FAST_PATH_MAX_IDLE_MS", refused);
            ConfigurationException refusal = refusal(env);
            assertEquals("FAST_PATH_MAX_IDLE_MS", refusal.setting(), refused);
        }
        env.put("FAST_PATH_MAX_IDLE_MS", "350000");
        assertTrue(refusal(env).getMessage().contains("must be 1-349999, was 350000"), refusal(env).getMessage());
    }

    @Test
    void fastPathWithoutSigningSecret_orWithACaFileItCannotRead_isRefused() {
        Map<String, String> env = valid();
        env.put("FAST_PATH_ENDPOINT", "cache.example:6379");
        ConfigurationException unsigned = refusal(env);
        assertEquals("FAST_PATH_SIGNING_SECRET", unsigned.setting());
        assertTrue(unsigned.getMessage().contains("is required with FAST_PATH_ENDPOINT"), unsigned.getMessage());
        env.put("FAST_PATH_SIGNING_SECRET", "payments/fast-path-signing-key");
        env.put("FAST_PATH_CA_FILE", "no/such/ca.pem");
        assertEquals("FAST_PATH_CA_FILE", refusal(env).setting());
        env.put("FAST_PATH_CLUSTER", "maybe");
        env.remove("FAST_PATH_CA_FILE");
        assertEquals("FAST_PATH_CLUSTER", refusal(env).setting());
    }
}
