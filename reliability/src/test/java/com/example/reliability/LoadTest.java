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
 * delivered 3 times in random order across 50 accounts (make reliability runs 1 000); and eight
 * on one account, where their transactions really conflict.
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
        assertExactlyOnceNothingInTheDlq(result);
    }

    /**
     * DynamoDB cancels a transaction that touches an item another in-flight transaction holds
     * ("Transaction conflict handling in DynamoDB",
     * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/transaction-apis.html#transaction-conflict-handling);
     * the launcher's conflict mode does the same, so eight environments on one account meet as
     * {@code TransactionConflict}, and none of their payments may reach the DLQ.
     */
    @Test
    void eightEnvironmentsOnOneAccount_realConflicts_exactBalances_nothingInTheDlq() {
        // GIVEN 100 transactions on one account, each sent 3 times, and transactions that conflict
        Result result = runner.run(new Scenario(Implementation.RECEIVER, FaultPoint.NONE, 100, 200, 8, 23)
                .onAccounts(1).withConflicts(Duration.ofMillis(10)));
        // THEN the launcher did cancel transactions, and still: exact balance and ledger, no DLQ
        assertTrue(result.conflictsAnswered() > 0, "no conflict happened: " + result);
        assertExactlyOnceNothingInTheDlq(result);
    }

    /** 100 decisions, balances exact, one ledger row per approval, nothing stuck, nothing in the DLQ. */
    private static void assertExactlyOnceNothingInTheDlq(Result result) {
        assertTrue(result.drained(), result.toString());
        assertEquals(100, result.decisions(), result.toString());
        assertEquals(0, result.extraDebits(), result.toString());
        assertEquals(0, result.missingDebits(), result.toString());
        assertEquals(result.expectedLedgerRows(), result.ledgerRows(), result.toString());
        assertEquals(0, result.dlq(), result.toString());
        assertEquals(0, result.stuck(), result.toString());
    }
}
