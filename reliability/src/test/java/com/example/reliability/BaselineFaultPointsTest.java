package com.example.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localaws.LocalAws;
import org.junit.jupiter.api.Test;

/**
 * What the Powertools 1.15 baseline really does at each fault point, on reduced traffic (60
 * payments + 20 extra deliveries), asserted where it is deterministic. A crash leaves Powertools'
 * record INPROGRESS; 1.15 compares its in-progress expiry (milliseconds) with the time in seconds,
 * so the record never counts as expired before its one-hour {@code expiration}, and every
 * redelivery fails until the message reaches the DLQ. With that fixed, as upstream did, the
 * record is taken over and the payment runs again: a stuck record becomes a double debit.
 */
class BaselineFaultPointsTest extends BaselineFaultPoints {

    BaselineFaultPointsTest(LocalAws aws) {
        super(aws);
    }

    @Test
    void withoutFaults_decidesEachPaymentOnce() {
        // GIVEN no fault WHEN the queue is consumed THEN the baseline is exact too
        Result result = run(FaultPoint.NONE);
        assertEquals(60, result.decisions(), result.toString());
        assertEquals(0, result.extraDebits(), result.toString());
        assertEquals(0, result.missingDebits(), result.toString());
        assertEquals(0, result.stuck(), result.toString());
        assertEquals(0, result.dlq(), result.toString());
    }

    @Test
    void lostDebitResponse_theSdkRetryDebitsAgain() {
        // GIVEN the debit's response is lost for 3 payments (the UpdateItem did run)
        Result result = run(FaultPoint.RESPONSE_LOST);
        // THEN the SDK's own retry of the non-idempotent UpdateItem debits each of them twice
        // (each whose debit ran: a refused one, of an account that does not exist, moved nothing),
        // while Powertools records one COMPLETED decision: nothing lost, nothing stuck
        // (at least: on a loaded machine a retry may itself time out and debit once more)
        assertEquals(3, result.droppedResponses(), result.toString());
        assertTrue(result.extraDebits() >= result.droppedResponses() - result.droppedRefusals(), result.toString());
        assertEquals(60, result.decisions(), result.toString());
        assertEquals(0, result.stuck(), result.toString());
    }

    @Test
    void crashBetweenBusinessWritesAndCompleted_leavesTheRecordInProgressAndTheMessageInTheDlq() {
        Result result = run(FaultPoint.CRASH_BEFORE_COMPLETED);
        // THEN each crashed payment is debited and in the ledger, yet undecided: its record stays
        // INPROGRESS, every redelivery is refused, and the message ends in the DLQ
        assertTrue(result.crashes() > 0, result.toString());
        assertEquals(result.crashes(), result.stuck(), result.toString());
        assertEquals(60 - result.crashes(), result.decisions(), result.toString());
        assertTrue(result.dlq() >= result.crashes(), result.toString());
        assertEquals(0, result.extraDebits(), result.toString());
        assertEquals(0, result.missingDebits(), result.toString());
        assertEquals(result.expectedLedgerRows(), result.ledgerRows(), result.toString());
        assertEquals(0, result.lost(), result.toString());
    }

    @Test
    void crashBetweenDebitAndLedger_debitsWithoutALedgerRowOrADecision() {
        Result result = run(FaultPoint.CRASH_AFTER_COMMIT);
        // THEN each crashed payment is debited, has no ledger row, stays INPROGRESS, ends in the DLQ
        assertTrue(result.crashes() > 0, result.toString());
        assertEquals(result.crashes(), result.stuck(), result.toString());
        assertEquals(0, result.extraDebits(), result.toString());
        assertEquals(result.expectedLedgerRows() - result.crashes(), result.ledgerRows(), result.toString());
        assertTrue(result.dlq() >= result.crashes(), result.toString());
    }

    @Test
    void crashBeforeAnyBusinessWrite_blocksThePaymentUntilTheDlq() {
        Result result = run(FaultPoint.CRASH_AFTER_FAST_PATH);
        // THEN each crashed payment is never applied: INPROGRESS left, no decision, no debit (a
        // crashed decline had none to make), no ledger row, and the message in the DLQ
        assertTrue(result.crashes() > 0, result.toString());
        assertEquals(result.crashes(), result.stuck(), result.toString());
        assertEquals(60 - result.crashes(), result.decisions(), result.toString());
        assertTrue(result.missingDebits() > 0 && result.missingDebits() <= result.crashes(), result.toString());
        assertEquals(result.expectedLedgerRows() - result.missingDebits(), result.ledgerRows(), result.toString());
        assertEquals(0, result.extraDebits(), result.toString());
        assertTrue(result.dlq() >= result.crashes(), result.toString());
    }

    @Test
    void crashAfterTheResponse_isReplayedFromTheCompletedRecord() {
        Result result = run(FaultPoint.CRASH_BEFORE_DELETE);
        // THEN the redelivered batch replays the stored decisions: exact (a message whose every
        // receive fell in a crashed invocation may sit in the DLQ, its payment decided all the same)
        assertTrue(result.crashes() > 0, result.toString());
        assertEquals(60, result.decisions(), result.toString());
        assertEquals(0, result.extraDebits(), result.toString());
        assertEquals(0, result.missingDebits(), result.toString());
        assertEquals(0, result.stuck(), result.toString());
    }

    // Powertools as fixed upstream (aws-powertools/powertools-lambda-java#1281, #1285 in 1.16): a
    // crashed claim is freed when the crashed invocation would have ended, so the redelivery runs
    // the method again, whatever it had already written.
}
