package com.example.receiver.internal.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The fast path's breaker period and node parallelism: the function's values, and validation as built. */
class FastPathConfigTest {

    @Test
    void theFunctionsConfig_opensABreakerFor5s_andAsksAtMost4NodesAtOnce() {
        FastPathConfig config = config(FastPathConfig.BREAKER_OPEN_FOR, FastPathConfig.MAX_PARALLEL_NODES);
        assertEquals(config, new FastPathConfig("cache.local", 6379, true, true, Optional.empty(), "secret",
                Duration.ofMillis(500), Duration.ofMillis(50), Duration.ofSeconds(300), Duration.ofHours(1)));
        assertEquals(Duration.ofSeconds(5), config.breakerOpenFor());
        assertEquals(4, config.maxParallelNodes());
    }

    @Test
    void breakerPeriodNotPositive_orNoNode_isRefused() {
        assertThrows(IllegalArgumentException.class, () -> config(Duration.ZERO, 4));
        assertThrows(IllegalArgumentException.class, () -> config(Duration.ofSeconds(5), 0));
    }

    private static FastPathConfig config(Duration breakerOpenFor, int maxParallelNodes) {
        return new FastPathConfig("cache.local", 6379, true, true, Optional.empty(), "secret", Duration.ofMillis(500),
                Duration.ofMillis(50), Duration.ofSeconds(300), Duration.ofHours(1), breakerOpenFor, maxParallelNodes);
    }
}
