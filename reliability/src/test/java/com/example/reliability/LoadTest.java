package com.example.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Four pollers, each its own execution environment, on one queue: 100 transactions each
 * delivered 3 times in random order across 50 accounts (make reliability runs 1 000).
 */
@ExtendWith(LocalAwsExtension.class)
class LoadTest {

    private final ScenarioRunner runner;

    LoadTest(LocalAws aws) {
        this.runner = new ScenarioRunner(aws, Duration.ofMinutes(2));
    }

    @Test
    void fourPollers_threeDeliveriesEach_exactlyOneDecisionPerTransaction() {
        // GIVEN 100 transactions, each sent 3 times, shuffled
        Result result = runner.run(new Scenario(Implementation.RECEIVER, FaultPoint.NONE, 100, 200, 4, 17));
        // THEN exactly 100 decisions, balances exact, one ledger row per approval, nothing in the DLQ
        assertTrue(result.drained(), result.toString());
        assertEquals(100, result.decisions(), result.toString());
        assertEquals(0, result.extraDebits(), result.toString());
        assertEquals(0, result.missingDebits(), result.toString());
        assertEquals(result.expectedLedgerRows(), result.ledgerRows(), result.toString());
        assertEquals(0, result.dlq(), result.toString());
        assertEquals(0, result.stuck(), result.toString());
    }
}
