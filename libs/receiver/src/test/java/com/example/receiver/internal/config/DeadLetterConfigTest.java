package com.example.receiver.internal.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.example.lambdakit.config.ConfigurationException;
import com.example.lambdakit.config.Environment;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DeadLetterConfigTest {

    private static final String URL = "https://sqs.eu-west-1.amazonaws.com/123456789012/payments-dlq";

    @Test
    void aNamedQueue_isUsedAtOnce_byDefault() {
        assertEquals(Optional.of(URL), from(Map.of("DEAD_LETTER_QUEUE_URL", URL)).queueUrl());
        assertEquals(Optional.of(URL), from(Map.of("DEAD_LETTER_QUEUE_URL", URL, "DEAD_LETTER_AT_ONCE", "TRUE")).queueUrl());
    }

    @Test
    void switchedOff_orNoQueueNamed_theFunctionDeadLettersNothing() {
        assertEquals(Optional.empty(), from(Map.of("DEAD_LETTER_QUEUE_URL", URL, "DEAD_LETTER_AT_ONCE", "false")).queueUrl());
        assertEquals(Optional.empty(), from(Map.of()).queueUrl());
        assertEquals(Optional.empty(), from(Map.of("DEAD_LETTER_QUEUE_URL", " ", "DEAD_LETTER_AT_ONCE", "false")).queueUrl());
    }

    @Test
    void atOnceWithoutAQueue_orNeitherTrueNorFalse_isRefused_namingTheSetting() {
        ConfigurationException missing = assertThrows(ConfigurationException.class,
                () -> from(Map.of("DEAD_LETTER_AT_ONCE", "true")));
        assertEquals("DEAD_LETTER_QUEUE_URL is required with DEAD_LETTER_AT_ONCE=true", missing.getMessage());
        ConfigurationException wrong = assertThrows(ConfigurationException.class,
                () -> from(Map.of("DEAD_LETTER_QUEUE_URL", URL, "DEAD_LETTER_AT_ONCE", "soon")));
        assertEquals("DEAD_LETTER_AT_ONCE", wrong.setting());
    }

    private static DeadLetterConfig from(Map<String, String> env) {
        return DeadLetterConfig.from(new Environment(env));
    }
}
