package com.example.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localaws.LocalAws;
import org.junit.jupiter.api.Test;

/**
 * The Powertools baseline with its in-progress expiry fixed, as upstream did, at the fault points a
 * crash leaves its record INPROGRESS (reduced traffic, as {@link BaselineFaultPointsTest}): the record is
 * taken over and the payment runs again, so a stuck record becomes a double debit.
 */
class FixedUpstreamFaultPointsTest extends BaselineFaultPoints {

    FixedUpstreamFaultPointsTest(LocalAws aws) {
        super(aws);
    }

    @Test
    void fixedUpstream_crashBeforeAnyBusinessWrite_isTakenOverAndAppliedOnce() {
        Result result = run(Implementation.POWERTOOLS_FIXED, FaultPoint.CRASH_AFTER_FAST_PATH);
        assertTrue(result.crashes() > 0, result.toString());
        assertEquals(0, result.stuck(), result.toString());
        assertEquals(60, result.decisions(), result.toString());
        assertEquals(0, result.extraDebits(), result.toString());
        assertEquals(0, result.missingDebits(), result.toString());
    }

    @Test
    void fixedUpstream_crashBetweenDebitAndLedger_isTakenOver_andDebitsAgain() {
        Result result = run(Implementation.POWERTOOLS_FIXED, FaultPoint.CRASH_AFTER_COMMIT);
        // THEN no record is stuck any more, but each crashed payment is debited twice
        assertTrue(result.crashes() > 0, result.toString());
        assertEquals(0, result.stuck(), result.toString());
        assertEquals(result.crashes(), result.extraDebits(), result.toString());
        assertEquals(result.expectedLedgerRows(), result.ledgerRows(), result.toString());
    }

    @Test
    void fixedUpstream_crashBeforeCompleted_isTakenOver_andDebitsAgain() {
        Result result = run(Implementation.POWERTOOLS_FIXED, FaultPoint.CRASH_BEFORE_COMPLETED);
        assertTrue(result.crashes() > 0, result.toString());
        assertEquals(0, result.stuck(), result.toString());
        assertEquals(result.crashes(), result.extraDebits(), result.toString());
        assertEquals(60, result.decisions(), result.toString());
    }
}
