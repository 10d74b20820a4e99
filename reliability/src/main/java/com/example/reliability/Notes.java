package com.example.reliability;

import java.util.Locale;

/** Why a scenario's non-zero figures are what they are, from what the run measured. */
final class Notes {

    private static final String INPROGRESS_BLOCKS = "Powertools 1.15 leaves the record INPROGRESS (a crash runs no "
            + "handler, so nothing deletes or completes it). Its conditional put compares `in_progress_expiration` "
            + "(epoch milliseconds) with `:now` in epoch seconds, so the in-progress expiry never frees the record "
            + "before its one-hour `expiration`: every redelivery, and every copy of the payment, fails with "
            + "`IdempotencyAlreadyInProgressException` (or `IdempotencyInconsistentStateException`) until "
            + "`maxReceiveCount` moves it to the DLQ, which is why the DLQ holds more messages than there were crashes.";

    private Notes() {
    }

    static String explain(Result r) {
        if (!r.drained()) {
            return "the queue was not empty when the run's deadline passed; the counts are a snapshot.";
        }
        Scenario s = r.scenario();
        if (s.implementation() == Implementation.RECEIVER) {
            return ours(r);
        }
        if (s.fault() == DependencyFault.DYNAMODB_CAPACITY) {
            return capacityBaseline(r);
        }
        if (!(s.fault() instanceof FaultPoint point)) {
            return counts(r);
        }
        if (s.implementation() == Implementation.POWERTOOLS_FIXED) {
            return fixedUpstream(r, point);
        }
        return switch (point) {
            case RESPONSE_LOST -> lostDebitResponses(r) + " Powertools recorded one COMPLETED decision per payment: its "
                    + "record cannot see inside the method. The ledger PutItem, keyed by transaction, overwrote its row, so "
                    + "the ledger shows nothing.";
            case CRASH_AFTER_FAST_PATH -> String.format(Locale.ROOT, "%d crashes right after Powertools saved INPROGRESS, "
                    + "%d records stuck. %s Those payments were never applied (%d debits missing; a crashed decline has no "
                    + "debit to miss) and have no decision; a redrive after the hour would apply them.",
                    r.crashes(), r.stuck(), INPROGRESS_BLOCKS, r.missingDebits());
            case CRASH_AFTER_COMMIT -> String.format(Locale.ROOT, "%d crashes between the debit and the ledger PutItem, "
                    + "%d records stuck: the money moved (no debit is missing) but the ledger lacks %d rows and there is no "
                    + "decision. %s A redelivery after the hour debits those accounts a second time.",
                    r.crashes(), r.stuck(), r.expectedLedgerRows() - r.ledgerRows(), INPROGRESS_BLOCKS);
            case CRASH_BEFORE_COMPLETED -> String.format(Locale.ROOT, "%d crashes between the business writes and "
                    + "COMPLETED, %d records stuck: debit and ledger row are written, the decision is not. %s A redelivery "
                    + "after the hour debits those accounts a second time for one ledger row (the row is overwritten): "
                    + "`BaselineExpiryTest` shows it step by step with a 2 s expiration.",
                    r.crashes(), r.stuck(), INPROGRESS_BLOCKS);
            case NONE, CRASH_BEFORE_DELETE -> r.decisions() == s.payments() && r.extraDebits() == 0 && r.stuck() == 0
                    && point == FaultPoint.CRASH_BEFORE_DELETE
                    ? String.format(Locale.ROOT, "%d messages reached the DLQ although every payment is decided: each of "
                    + "their %d receives fell in an invocation that crashed after its response (every 3rd one does), so "
                    + "none was ever deleted. A redrive replays the stored decision.", r.dlq(), ScenarioRunner.MAX_RECEIVE_COUNT)
                    : unplannedTimeouts(r);
        };
    }

    /**
     * Powertools with its in-progress expiry fixed: a crashed claim is freed at the end of the
     * invocation that made it, so the redelivery runs the method again, whatever it had written.
     */
    private static String fixedUpstream(Result r, FaultPoint point) {
        String freed = String.format(Locale.ROOT, "With the upstream fix the claim compares `in_progress_expiration` in "
                + "milliseconds, so the record left INPROGRESS by the crash is free once the crashed invocation's %d ms "
                + "would have ended, and the next redelivery (after the %d s visibility timeout) claims it and runs the "
                + "method again.", ScenarioRunner.FUNCTION_TIMEOUT.toMillis(), ScenarioRunner.VISIBILITY_SECONDS);
        return switch (point) {
            case CRASH_AFTER_FAST_PATH -> String.format(Locale.ROOT, "%d crashes right after Powertools saved INPROGRESS. "
                    + "%s Nothing had been written yet, so that second run is the first: %s", r.crashes(), freed, counts(r));
            case CRASH_AFTER_COMMIT -> String.format(Locale.ROOT, "%d crashes between the debit and the ledger PutItem: "
                    + "%s It debits again: %d double debits, where Powertools as served leaves the records stuck instead. "
                    + "The fix trades a blocked payment for a repeated one: a record around the method cannot make its two "
                    + "separate writes one.%s %s", r.crashes(), freed, r.extraDebits(), beyond(r, r.crashes()), counts(r));
            case CRASH_BEFORE_COMPLETED -> String.format(Locale.ROOT, "%d crashes between the business writes and "
                    + "COMPLETED: %s It debits again and overwrites the ledger row: %d double debits for one row each.%s %s",
                    r.crashes(), freed, r.extraDebits(), beyond(r, r.crashes()), counts(r));
            case RESPONSE_LOST -> lostDebitResponses(r) + " As with Powertools as served: the lost response is the "
                    + "debit's, inside the method, where no record can see; the fix is about claims, not about this.";
            case NONE, CRASH_BEFORE_DELETE -> r.decisions() == r.scenario().payments() && r.extraDebits() == 0
                    && r.stuck() == 0 && point == FaultPoint.CRASH_BEFORE_DELETE
                    ? String.format(Locale.ROOT, "%d messages reached the DLQ although every payment is decided: each of "
                    + "their %d receives fell in an invocation that crashed after its response, as with Powertools as "
                    + "served.", r.dlq(), ScenarioRunner.MAX_RECEIVE_COUNT)
                    : unplannedTimeouts(r);
        };
    }

    /**
     * The baseline's lost debit responses: each one of a debit that ran is retried by the SDK and
     * applied again; one of a debit refused by its condition moved nothing to move twice.
     */
    private static String lostDebitResponses(Result r) {
        int ran = r.droppedResponses() - r.droppedRefusals();
        return String.format(Locale.ROOT, "%d double debits for %d lost responses. %d of those responses were refusals "
                + "(the debit's condition failed: every 20th payment names an account that does not exist), which moved "
                + "nothing, so their retries could not move it twice. Each of the other %d was the response of a debit that "
                + "ran, an UpdateItem `balance - :amt`: the SDK timed out and retried the same request (timeouts are "
                + "retryable), the funds condition still held, and it was applied again.%s",
                r.extraDebits(), r.droppedResponses(), r.droppedRefusals(), ran, beyond(r, ran));
    }

    /** What explains double debits beyond the {@code expected} ones the fault made, if any. */
    private static String beyond(Result r, long expected) {
        long more = r.extraDebits() - expected;
        if (more > 0) {
            return String.format(Locale.ROOT, " The %d beyond those came from no planned fault: on the loaded machine "
                    + "(%.1f ms per message) a DynamoDB call that outlives the SDK's %d ms attempt timeout is a lost "
                    + "response nobody planned, and a timed-out debit is retried and applied twice (see the no-fault rows).",
                    more, r.meanMsPerMessage(), LocalClients.ATTEMPT_TIMEOUT.toMillis());
        }
        if (more < 0) {
            return String.format(Locale.ROOT, " That is %d fewer than the fault's %d: this run's counts do not explain the "
                    + "difference.", -more, expected);
        }
        return "";
    }

    /**
     * No fault was injected, yet the baseline shows damage: the only cause on a loaded machine is
     * a DynamoDB call outliving the SDK's attempt timeout, a lost response nobody planned.
     */
    private static String unplannedTimeouts(Result r) {
        return String.format(Locale.ROOT, "no fault was injected here (%s). The machine was loaded (%.1f ms per message), "
                + "and a DynamoDB call that outlives the SDK's %d ms attempt timeout is a lost response nobody planned, "
                + "with the effects the fault rows above show one by one: a timed-out debit is retried and applied twice "
                + "(double debits); a timed-out Powertools INPROGRESS PutItem is retried, finds the record it has just "
                + "written, and refuses its own payment until the record expires (a stuck record, its debit missing); a "
                + "timed-out COMPLETED update leaves the record INPROGRESS after the debit (stuck, debit applied). Such "
                + "payments end in the DLQ. The receiver ran the same traffic on the same machine without any of these: "
                + "its timed-out TransactWriteItems is retried and recognised as a duplicate of itself.",
                counts(r), r.meanMsPerMessage(), LocalClients.ATTEMPT_TIMEOUT.toMillis());
    }

    private static String ours(Result r) {
        if (r.extraDebits() != 0 || r.lost() != 0 || r.stuck() != 0) {
            return "FAILURE of the receiver's guarantee: " + counts(r);
        }
        if (r.deadLetters().isPresent()) {
            return undecidable(r, r.deadLetters().orElseThrow());
        }
        return String.format(Locale.ROOT, "%d messages reached the DLQ: each failed at all %d of its receives "
                + "(the fault hit it every time: a crash, or retries the SDK could not absorb), and the receiver never "
                + "acknowledges what it could not decide. %d of their payments are undecided, and nothing was written for "
                + "them (exactly %d debits are missing); the other DLQ messages are copies of payments decided meanwhile. "
                + "Nothing is lost, nothing is stuck: a redrive decides each payment once, or replays its decision.",
                r.dlq(), ScenarioRunner.MAX_RECEIVE_COUNT, r.scenario().payments() - r.decisions(), r.missingDebits())
                + (grouped(r) && (r.scenario().fault() == DependencyFault.DYNAMODB_THROTTLING
                        || r.scenario().fault() == DependencyFault.DYNAMODB_CAPACITY) ? GROUPED_THROTTLING : "");
    }

    /** Poison and conflicts: what the DLQ holds is what was sent to it, and how it got there. */
    private static String undecidable(Result r, DeadLetters d) {
        boolean atOnce = r.scenario().fault() == UndecidableMessages.AT_ONCE;
        return String.format(Locale.ROOT, "%d messages reached the DLQ: the %d poison messages and %d conflicts sent "
                        + "(%d of them found there, %d with their reason as message attributes), %s; every payment is "
                        + "decided (%d), nothing was written for a poison message or a conflict (exactly %d debits are "
                        + "missing), and %d deliveries were made for %d messages.",
                r.dlq(), r.scenario().undecidable(), r.scenario().undecidable(), d.found(), d.withReason(),
                atOnce ? "each sent there by the function in the invocation that first saw it"
                        : "each moved by the queue's redrive policy after its " + ScenarioRunner.MAX_RECEIVE_COUNT
                                + " receives, with no reason",
                r.decisions(), r.missingDebits(), r.deliveries(), r.scenario().messages());
    }

    private static final String GROUPED_THROTTLING = " On few accounts each batch commits its account's payments as "
            + "one transaction, and a throttled group is waited out whole in the invocation (jittered exponential "
            + "back-off, while the invocation can afford it), then brought back in seconds, later at each receive; one "
            + "call per payment would only add load to a throttled table. The bursts throttle the next 12 "
            + "TransactWriteItems whatever the load, so waiting relieves them only once they are used up; DynamoDB "
            + "throttles by capacity instead (the capacity rows), which waiting relieves as the load falls.";

    /**
     * The baseline under capacity throttling: four separate writes, any of which may be throttled
     * beyond the SDK's retries, around a method that cannot be undone.
     */
    private static String capacityBaseline(Result r) {
        return String.format(Locale.ROOT, "Powertools writes its INPROGRESS record, the debit, the ledger row and "
                + "COMPLETED in four calls, each throttled on its own beyond the SDK's retries (%d requests refused). A "
                + "throttled ledger PutItem fails the method after the money moved: Powertools deletes its record (unless "
                + "that DeleteItem is throttled too) and the redelivery debits again. A throttled COMPLETED update, or "
                + "delete, leaves the record INPROGRESS: as served it blocks the payment until its hour is out (stuck, "
                + "then the DLQ); fixed upstream it is freed after the invocation's %d ms and the payment runs again, "
                + "debiting again. %s", r.throttled(), ScenarioRunner.FUNCTION_TIMEOUT.toMillis(), counts(r));
    }

    private static boolean grouped(Result r) {
        return r.scenario().accounts() < ScenarioTraffic.MAX_ACCOUNTS;
    }

    private static String counts(Result r) {
        return String.format(Locale.ROOT, "double debits %d, lost %d, stuck %d, DLQ %d, debits missing %d.",
                r.extraDebits(), r.lost(), r.stuck(), r.dlq(), r.missingDebits());
    }
}
