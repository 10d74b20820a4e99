package com.example.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import java.time.Duration;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The receiver at every fault point, on reduced traffic (60 payments + 20 extra deliveries)
 * through the local SQS event source mapping: no double debit, nothing lost, nothing stuck.
 */
@ExtendWith(LocalAwsExtension.class)
class ReceiverFaultPointsTest {

    private final ScenarioRunner runner;

    ReceiverFaultPointsTest(LocalAws aws) {
        this.runner = new ScenarioRunner(aws, Duration.ofMinutes(2));
    }

    @ParameterizedTest
    @EnumSource(value = FaultPoint.class, names = {"NONE", "CRASH_AFTER_FAST_PATH", "RESPONSE_LOST",
            "CRASH_AFTER_COMMIT", "CRASH_BEFORE_DELETE"})
    void everyFaultPoint_decidesEachPaymentOnce(FaultPoint point) {
        // GIVEN 60 payments on 3 accounts (every batch commits several of one account together),
        // 20 of them delivered twice, and a fault at the point
        Scenario scenario = new Scenario(Implementation.RECEIVER, point, 60, 20, 1, 7).onAccounts(3);
        // WHEN the queue is consumed
        Result result = runner.run(scenario);
        // THEN every payment is decided once: balances exact, one ledger row each, nothing lost or stuck
        assertTrue(result.drained(), "queue not drained: " + result);
        assertEquals(0, result.extraDebits(), "double debits: " + result);
        assertEquals(0, result.lost(), "lost: " + result);
        assertEquals(0, result.stuck(), "stuck: " + result);
        // a payment not decided is in the DLQ (lost == 0 says so), with nothing written for it
        assertTrue(result.missingDebits() <= 60 - result.decisions(), result.toString());
        assertEquals(result.expectedLedgerRows() - result.missingDebits(), result.ledgerRows(), result.toString());
        if (point != FaultPoint.NONE) {
            assertTrue(result.crashes() + result.droppedResponses() > 0, "the fault never happened: " + result);
        }
    }
}
