package com.example.payment.notifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.receiver.ConfigurationException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The notifier refuses to start on a missing or unsafe setting, naming it. */
class NotifierConfigTest {

    private static Map<String, String> valid() {
        Map<String, String> env = new HashMap<>();
        env.put("PUSH_API_BASE_URL", "https://push.invalid");
        env.put("NOTIFICATION_IDEMPOTENCY_TABLE", "NotificationIdempotencyTable");
        env.put("NOTIFIER_DLQ_URL", "http://127.0.0.1:1/queue/dlq");
        return env;
    }

    @Test
    void defaults_areSevenDaysOfRecordsAndThreeSecondCalls() {
        NotifierConfig config = NotifierConfig.from(valid());
        assertEquals(Duration.ofDays(7), config.recordTtl());
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
}
