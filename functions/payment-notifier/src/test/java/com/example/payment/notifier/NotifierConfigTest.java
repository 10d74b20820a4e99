package com.example.payment.notifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.lambdakit.config.ConfigurationException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The notifier refuses to start on a missing or unsafe setting, naming it. */
class NotifierConfigTest {

    private static Map<String, String> valid() {
        Map<String, String> env = new HashMap<>();
        env.put("PUSH_API_BASE_URL", "https://push.invalid");
        env.put("NOTIFICATION_IDEMPOTENCY_TABLE", "NotificationIdempotencyTable");
        env.put("NOTIFIER_DLQ_URL", "http://127.0.0.1:1/queue/dlq");
        env.put("PUSH_API_AUTH", "hmac");
        env.put("PUSH_API_CREDENTIAL_SECRET", "PushApiCredential-test");
        return env;
    }

    @Test
    void missingOrUnknownAuth_isRefused_namingTheSettingAndTheChoices() {
        // GIVEN no PUSH_API_AUTH, then one that is no mode
        Map<String, String> missing = valid();
        missing.remove("PUSH_API_AUTH");
        Map<String, String> unknown = valid();
        unknown.put("PUSH_API_AUTH", "basic");
        // WHEN the notifier reads its settings THEN it refuses to start: no default sends unauthenticated
        assertEquals("PUSH_API_AUTH", assertThrows(ConfigurationException.class, () -> NotifierConfig.from(missing)).setting());
        ConfigurationException refused = assertThrows(ConfigurationException.class, () -> NotifierConfig.from(unknown));
        assertEquals("PUSH_API_AUTH", refused.setting());
        assertTrue(refused.getMessage().contains("must be bearer, hmac, hmac-and-legacy or none"), refused.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"bearer", "hmac", "hmac-and-legacy"})
    void credentialedAuthWithoutItsSecret_isRefused_namingTheSecretSetting(String auth) {
        Map<String, String> env = valid();
        env.put("PUSH_API_AUTH", auth);
        env.put("PUSH_API_CREDENTIAL_SECRET", " ");
        ConfigurationException refused = assertThrows(ConfigurationException.class, () -> NotifierConfig.from(env));
        assertEquals("PUSH_API_CREDENTIAL_SECRET", refused.setting());
        assertTrue(refused.getMessage().contains("is required with PUSH_API_AUTH=" + auth), refused.getMessage());
    }

    @Test
    void none_needsNoSecret_andIgnoresOne() {
        Map<String, String> env = valid();
        env.put("PUSH_API_AUTH", "none");
        NotifierConfig config = NotifierConfig.from(env);
        assertEquals(NotifierConfig.AuthMode.NONE, config.pushApiAuth());
        assertEquals("", config.credentialSecret());
    }

    @Test
    void defaults_areThirtyDaysOfRecordsAndThreeSecondCalls() {
        NotifierConfig config = NotifierConfig.from(valid());
        assertEquals(Duration.ofDays(30), config.recordTtl());
        assertEquals(Duration.ofSeconds(3), config.pushApiTimeout());
    }

    @Test
    void recordsThatDoNotOutliveTheQueueRetention_areRefused() {
        Map<String, String> env = valid();
        env.put("IDEMPOTENCY_TTL_SECONDS", "345600");
        env.put("QUEUE_RETENTION_SECONDS", "345600");
        ConfigurationException refused = assertThrows(ConfigurationException.class, () -> NotifierConfig.from(env));
        assertTrue(refused.getMessage().contains("IDEMPOTENCY_TTL_SECONDS"), refused.getMessage());
    }

    @Test
    void missingOrNonHttpBaseUrl_isRefused() {
        Map<String, String> missing = valid();
        missing.remove("PUSH_API_BASE_URL");
        assertTrue(assertThrows(ConfigurationException.class, () -> NotifierConfig.from(missing))
                .getMessage().contains("PUSH_API_BASE_URL"));
        Map<String, String> ftp = valid();
        ftp.put("PUSH_API_BASE_URL", "ftp://push.invalid");
        assertTrue(assertThrows(ConfigurationException.class, () -> NotifierConfig.from(ftp))
                .getMessage().contains("PUSH_API_BASE_URL"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"https://push.example.com/v1?tenant=7", "https://push.example.com/v1#top", "https://push.example.com/?"})
    void baseUrlWithQueryOrFragment_isRefused_namingTheSettingAndTheRule(String baseUrl) {
        // GIVEN a base URL whose query or fragment could not survive appending /notifications
        Map<String, String> env = valid();
        env.put("PUSH_API_BASE_URL", baseUrl);
        // WHEN the notifier reads its settings THEN it refuses to start, saying which and why
        ConfigurationException refused = assertThrows(ConfigurationException.class, () -> NotifierConfig.from(env));
        assertEquals("PUSH_API_BASE_URL", refused.setting());
        assertTrue(refused.getMessage().contains("must have no query string or fragment"), refused.getMessage());
    }

    @Test
    void malformedBaseUrl_isRefused_namingTheSetting() {
        Map<String, String> env = valid();
        env.put("PUSH_API_BASE_URL", "https://push.example.com/v 1");
        ConfigurationException refused = assertThrows(ConfigurationException.class, () -> NotifierConfig.from(env));
        assertEquals("PUSH_API_BASE_URL", refused.setting());
    }
}
