package com.example.recordsweeper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.example.lambdakit.config.ConfigurationException;
import com.example.lambdakit.config.Environment;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The sweeper's configuration: the retention's floor, refused at init with the variable and the rule. */
class SweeperSettingsTest {

    private static final Map<String, String> TABLES = Map.of(SweeperSettings.ACCOUNTS_TABLE, "accounts",
            SweeperSettings.IDEMPOTENCY_TABLE, "records");

    @Test
    void retentionBelowNinetySeconds_isRefused_namingTheVariableAndTheRule() {
        ConfigurationException refused = assertThrows(ConfigurationException.class,
                () -> SweeperSettings.from(environment("89")));
        assertEquals(SweeperSettings.APPLIED_RETENTION_SECONDS, refused.setting());
        assertEquals("APPLIED_RETENTION_SECONDS must be at least 90 (the authorizer's 30 s timeout plus margin for clock"
                + " skew: an entry removed sooner lets a copy that read no record decide the payment again), was 89",
                refused.getMessage());
    }

    @Test
    void retentionOfNinetySeconds_isAccepted_andUnsetIsTwoMinutes() {
        assertEquals(Duration.ofSeconds(90), SweeperSettings.from(environment("90")).appliedRetention());
        assertEquals(Duration.ofSeconds(120), SweeperSettings.from(new Environment(TABLES)).appliedRetention());
    }

    @Test
    void missingTable_isRefused_namingTheVariable() {
        ConfigurationException refused = assertThrows(ConfigurationException.class,
                () -> SweeperSettings.from(new Environment(Map.of(SweeperSettings.ACCOUNTS_TABLE, "accounts"))));
        assertEquals(SweeperSettings.IDEMPOTENCY_TABLE, refused.setting());
    }

    private static Environment environment(String retention) {
        Map<String, String> variables = new HashMap<>(TABLES);
        variables.put(SweeperSettings.APPLIED_RETENTION_SECONDS, retention);
        return new Environment(variables);
    }
}
