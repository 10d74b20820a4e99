package com.example.receiver.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.receiver.ConfigurationException;
import java.time.Duration;
import java.util.HashMap;
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
        assertEquals(Duration.ofDays(7), config.recordTtl());
        assertTrue(config.fastPath().isEmpty(), "no endpoint, no fast path");
        assertTrue(config.soonRedelivery());
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
    void missingTable_isRefused_namingTheSetting() {
        Map<String, String> env = valid();
        env.remove("IDEMPOTENCY_TABLE");
        assertEquals("IDEMPOTENCY_TABLE", refusal(env).setting());
    }

    @Test
    void ttlNotExceedingRetention_isRefused() {
        Map<String, String> env = valid();
        env.put("IDEMPOTENCY_TTL_SECONDS", "345600");
        ConfigurationException refused = refusal(env);
        assertEquals("IDEMPOTENCY_TTL_SECONDS", refused.setting());
        assertTrue(refused.getMessage().contains("must exceed QUEUE_RETENTION_SECONDS"), refused.getMessage());
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
