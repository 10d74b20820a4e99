package com.example.receiver.internal.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.example.lambdakit.config.ConfigurationException;
import com.example.lambdakit.config.Environment;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The record's lifetime against the age bound ({@code MAX_MESSAGE_AGE_SECONDS}), checked as the receiver starts. */
class RecordLifetimeTest {

    private static Map<String, String> bounded(String maxAge, String ttl) {
        Map<String, String> env = new HashMap<>();
        env.put("IDEMPOTENCY_TABLE", "records");
        env.put("QUEUE_RETENTION_SECONDS", "345600");
        env.put("MAX_MESSAGE_AGE_SECONDS", maxAge);
        env.put("IDEMPOTENCY_TTL_SECONDS", ttl);
        return env;
    }

    private static ConfigurationException refusal(Map<String, String> env, TypedSettings typed) {
        return assertThrows(ConfigurationException.class, () -> ReceiverConfig.from(new Environment(env), typed));
    }

    @Test
    void aRecordNotAboveTheBoundAndTheSkew_isRefused_namingBothVariables() {
        // GIVEN an 18-day bound: a copy still decided arrives at most 1555200 + 60 s after its decision
        ConfigurationException refused = refusal(bounded("1555200", "1555260"), TypedSettings.NONE);
        assertEquals("IDEMPOTENCY_TTL_SECONDS", refused.setting());
        assertEquals("IDEMPOTENCY_TTL_SECONDS must exceed MAX_MESSAGE_AGE_SECONDS + 60 s of clock skew (1555260 <= 1555260): "
                + "a copy young enough to be decided could outlive its record and be decided again", refused.getMessage());
        // AND a second more is enough
        ReceiverConfig config = ReceiverConfig.from(new Environment(bounded("1555200", "1555261")));
        assertEquals(Optional.of(Duration.ofDays(18)), config.maxMessageAge());
        assertEquals(Duration.ofSeconds(1555261), config.recordTtl());
    }

    @Test
    void withABound_theQueuesWindowsNoLongerBoundTheRecord_howeverLongTheyAre() {
        // GIVEN 13 days of queue and 14 of DLQ: one redrive alone would need 40 days and an hour
        Map<String, String> env = bounded("604800", "1814400");
        env.put("QUEUE_RETENTION_SECONDS", "1123200");
        // THEN a 21-day record outlives every copy a 7-day bound lets be decided
        assertEquals(Duration.ofDays(21), ReceiverConfig.from(new Environment(env)).recordTtl());
        // AND without the bound the queue-bounded rule applies, and refuses it
        env.remove("MAX_MESSAGE_AGE_SECONDS");
        ConfigurationException refused = refusal(env, TypedSettings.NONE);
        assertEquals("IDEMPOTENCY_TTL_SECONDS", refused.setting());
        assertEquals(Optional.empty(), ReceiverConfig.from(new Environment(bounded("", "2592000"))).maxMessageAge());
    }

    @Test
    void theBound_isOneTo364Days_andAnythingElseIsRefused_namingIt() {
        for (String outside : new String[] {"86399", "31449601"}) {
            ConfigurationException refused = refusal(bounded(outside, "31536000"), TypedSettings.NONE);
            assertEquals("MAX_MESSAGE_AGE_SECONDS must be between 86400 and 31449600 (1 to 364 days), was " + outside,
                    refused.getMessage());
        }
        assertEquals("MAX_MESSAGE_AGE_SECONDS", refusal(bounded("18 days", "2592000"), TypedSettings.NONE).setting());
        assertEquals(Optional.of(Duration.ofDays(364)),
                ReceiverConfig.from(new Environment(bounded("31449600", "31536000"))).maxMessageAge());
    }

    @Test
    void theBoundGivenInCode_isCheckedAsTheVariable_andMustAgreeWithIt() {
        Map<String, String> env = bounded("", "2592000");
        TypedSettings typed = TypedSettings.NONE.withMaxMessageAge(Duration.ofDays(18));
        assertEquals(Optional.of(Duration.ofDays(18)), ReceiverConfig.from(new Environment(env), typed).maxMessageAge());
        assertEquals("IDEMPOTENCY_TTL_SECONDS", refusal(env, TypedSettings.NONE.withMaxMessageAge(Duration.ofDays(30))).setting());
        env.put("MAX_MESSAGE_AGE_SECONDS", "604800");
        assertEquals("MAX_MESSAGE_AGE_SECONDS is set both in the environment (604800) and by the builder (1555200): "
                + "give it one way", refusal(env, typed).getMessage());
    }
}
