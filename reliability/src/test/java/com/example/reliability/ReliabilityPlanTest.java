package com.example.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What {@code make reliability} runs: its size, and what its two lanes can rely on. */
class ReliabilityPlanTest {

    private final List<Scenario> plan = ReliabilityReport.plan();

    @Test
    void everyScenarioSendsAtLeastFiveThousandMessages() {
        plan.forEach(scenario -> assertTrue(scenario.messages() >= 5_000, scenario.toString()));
    }

    @Test
    void noScenarioTwice_soThatEachResultFindsItsPlaceInTheReport() {
        assertEquals(plan.size(), new HashSet<>(plan).size());
    }

    @Test
    void bothBaselineColumns_runEveryFaultPointThatAppliesToThem() {
        for (FaultPoint point : FaultPoint.values()) {
            for (Implementation implementation : List.of(Implementation.POWERTOOLS, Implementation.POWERTOOLS_FIXED)) {
                boolean planned = plan.stream().anyMatch(s -> s.implementation() == implementation && s.fault() == point
                        && s.pollers() == 1);
                assertEquals(point.appliesTo(implementation), planned, implementation + " at " + point);
            }
        }
    }

    @Test
    void capacityShapedThrottling_runsOnTheHotAccounts_forOursAndBothBaselines_beside_theBursts() {
        for (Implementation implementation : Implementation.values()) {
            List<Scenario> capacity = plan.stream().filter(s -> s.implementation() == implementation
                    && s.fault() == DependencyFault.DYNAMODB_CAPACITY).toList();
            assertEquals(1, capacity.size(), implementation + ": " + capacity);
            assertEquals(ReliabilityReport.HOT_ACCOUNTS, capacity.get(0).accounts());
            assertEquals(1, capacity.get(0).pollers());
        }
        assertTrue(plan.stream().anyMatch(s -> s.fault() == DependencyFault.DYNAMODB_THROTTLING
                && s.accounts() == ReliabilityReport.HOT_ACCOUNTS), "the burst shape still runs on the hot accounts");
    }
}
