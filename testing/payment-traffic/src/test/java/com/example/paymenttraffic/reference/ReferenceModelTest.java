package com.example.paymenttraffic.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.payment.AuthorizationType;
import com.example.payment.DeclineReason;
import com.example.paymenttraffic.Account;
import com.example.paymenttraffic.Operation;
import com.example.paymenttraffic.Send;
import com.example.paymenttraffic.Traffic;
import com.example.paymenttraffic.TrafficProfile;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ReferenceModelTest {

    private final ReferenceModel model = new ReferenceModel(List.of(
            new Account("ACC-1", 1_000, "EUR", true),
            new Account("ACC-BLOCKED", 1_000, "EUR", false),
            new Account("ACC-USD", 1_000, "USD", true)));

    private static Operation purchase(String txn, String account, long amount) {
        return new Operation(txn, account, amount, "EUR", AuthorizationType.PURCHASE, "Shop", "5411");
    }

    private static Operation topUp(String txn, String account, long amount) {
        return new Operation(txn, account, amount, "EUR", AuthorizationType.REFUND, "Shop", "5411");
    }

    private static Send send(Operation operation) {
        return new Send("{}", Send.Kind.NEW, Send.Moment.STREAM, operation.transactionId(), Optional.of(operation));
    }

    @Test
    void aPurchase_isApproved_whileTheFundsLast_thenDeclined_andATopUpPaysForTheNext() {
        assertEquals(new Decision.Approved(purchase("T1", "ACC-1", 600)), model.decide(send(purchase("T1", "ACC-1", 600))));
        assertEquals(new Decision.Declined(purchase("T2", "ACC-1", 600), DeclineReason.INSUFFICIENT_FUNDS),
                model.decide(send(purchase("T2", "ACC-1", 600))));
        model.decide(send(topUp("T3", "ACC-1", 500)));
        assertEquals(new Decision.Approved(purchase("T4", "ACC-1", 600)), model.decide(send(purchase("T4", "ACC-1", 600))));

        assertEquals(300L, model.balances().get("ACC-1"));
        assertEquals(Map.of("T1", -600L, "T3", 500L, "T4", -600L), Map.of(
                "T1", model.ledger().get("T1").changeMinor(), "T3", model.ledger().get("T3").changeMinor(),
                "T4", model.ledger().get("T4").changeMinor()));
        assertEquals(3, model.ledger().size());
        assertEquals(1, model.recorded(Decision.Declined.class));
    }

    @Test
    void eachBrokenClauseOfTheAccount_isItsDeclineReason() {
        assertEquals(DeclineReason.UNKNOWN_ACCOUNT, reason(model.decide(send(purchase("T1", "ACC-404", 1)))));
        assertEquals(DeclineReason.ACCOUNT_BLOCKED, reason(model.decide(send(purchase("T2", "ACC-BLOCKED", 1)))));
        assertEquals(DeclineReason.CURRENCY_MISMATCH, reason(model.decide(send(purchase("T3", "ACC-USD", 1)))));
        assertEquals(DeclineReason.INSUFFICIENT_FUNDS, reason(model.decide(send(purchase("T4", "ACC-1", 1_001)))));
        assertEquals(1_000L, model.balances().get("ACC-1"));
        assertEquals(0, model.ledger().size());
    }

    @Test
    void theSameOperation_isADuplicate_anotherUnderItsId_aConflict_andNeitherWrites() {
        Operation original = purchase("T1", "ACC-1", 100);
        model.decide(send(original));

        assertEquals(new Decision.Duplicate(original, false), model.decide(send(original)));
        Operation other = new Operation("T1", "ACC-1", 100, "EUR", AuthorizationType.PURCHASE, "Another Shop", "5411");
        assertEquals(new Decision.Conflict(other), model.decide(send(other)));
        assertEquals(new Decision.Rejected("POISON-0"),
                model.decide(new Send("not json", Send.Kind.POISON, Send.Moment.STREAM, "POISON-0", Optional.empty())));
        assertEquals(900L, model.balances().get("ACC-1"));
        assertEquals(1, model.ledger().size());
    }

    @Test
    void aPaymentTooOld_isRejectedAsTooOld_unlookedUp_andWritesNothing_evenWhenItsAccountCouldPay() {
        Operation payable = purchase("T1", "ACC-1", 100);
        Send tooOld = new Send("{}", Send.Kind.TOO_OLD, Send.Moment.AFTER_DECIDED, "T1", Optional.of(payable), Duration.ofDays(20));
        assertEquals(new Decision.Rejected("T1", true), model.decide(tooOld));
        assertEquals(1_000L, model.balances().get("ACC-1"));
        assertEquals(Map.of(), model.records());
        assertEquals(new Decision.Approved(payable), model.decide(send(payable)), "never decided: sent fresh, it is new");
    }

    @Test
    void afterTheRecordsExpired_anApprovedPayment_isALateDuplicate_aDeclinedOne_isDecidedAnew() {
        Operation approved = purchase("T1", "ACC-1", 100);
        Operation declined = purchase("T2", "ACC-404", 100);
        model.decide(send(approved));
        model.decide(send(declined));
        model.recordsExpired();

        assertEquals(new Decision.Duplicate(approved, true), model.decide(send(approved)));
        assertEquals(new Decision.Declined(declined, DeclineReason.UNKNOWN_ACCOUNT), model.decide(send(declined)));
        assertEquals(900L, model.balances().get("ACC-1"));
        assertEquals(2, model.count(Decision.Declined.class));
        assertEquals(1, model.recorded(Decision.Declined.class), "the decline decided anew replaces its record");
        assertEquals(1, model.recorded(Decision.Approved.class), "the expired record is still in the table");
    }

    @Test
    void aPaymentAppliedBeforeTheRun_isNeverAppliedAgain() {
        Operation earlier = purchase("T1", "ACC-1", 5_000);
        model.appliedBefore(earlier);

        assertEquals(new Decision.Duplicate(earlier, true), model.decide(send(earlier)));
        assertEquals(1_000L, model.balances().get("ACC-1"));
    }

    @Test
    void aDeclineJudgedBeforeATopUp_isTakenAfterIt_asJudged_andJudgingWritesNothing() {
        Decision declined = model.judge(purchase("T1", "ACC-1", 1_500));
        assertEquals(new Decision.Declined(purchase("T1", "ACC-1", 1_500), DeclineReason.INSUFFICIENT_FUNDS), declined);
        assertEquals(0, model.decisions().size(), "judging writes nothing");

        model.decide(send(topUp("T2", "ACC-1", 1_000)));
        assertEquals(new Decision.Approved(purchase("T1", "ACC-1", 1_500)), model.judge(purchase("T1", "ACC-1", 1_500)));
        model.take(declined);

        assertEquals(new Decision.Duplicate(purchase("T1", "ACC-1", 1_500), false), model.judge(purchase("T1", "ACC-1", 1_500)));
        assertEquals(2_000L, model.balances().get("ACC-1"));
        assertEquals(List.of(new Decision.Approved(topUp("T2", "ACC-1", 1_000)), declined), model.decisions());
    }

    @Test
    void oneRecordExpired_decidesItsTransactionAnew_andNoOther() {
        model.decide(send(purchase("T1", "ACC-1", 2_000)));
        model.decide(send(purchase("T2", "ACC-404", 1)));
        model.recordExpired("T1");

        assertEquals(new Decision.Declined(purchase("T1", "ACC-1", 2_000), DeclineReason.INSUFFICIENT_FUNDS),
                model.judge(purchase("T1", "ACC-1", 2_000)));
        assertEquals(new Decision.Duplicate(purchase("T2", "ACC-404", 1), false), model.judge(purchase("T2", "ACC-404", 1)));
    }

    @Test
    void aReplayedTraffic_decidesEveryPaymentOnce_andEveryCopyAsADuplicate() {
        Traffic traffic = Traffic.generate(TrafficProfile.named("R").richAccounts(5, 100_000_000).payments(100, 1_000, 1_000)
                .unknownAccountEvery(20).copies(40).undecidable(3, 3, Send.Moment.STREAM), 5);
        ReferenceModel replayed = ReferenceModel.replay(traffic);

        assertEquals(95, replayed.count(Decision.Approved.class));
        assertEquals(5, replayed.count(Decision.Declined.class));
        assertEquals(40, replayed.count(Decision.Duplicate.class));
        assertEquals(3, replayed.count(Decision.Conflict.class));
        assertEquals(3, replayed.count(Decision.Rejected.class));
        assertEquals(5 * 100_000_000L - 95 * 1_000L, replayed.balances().values().stream().mapToLong(Long::longValue).sum());
    }

    private static DeclineReason reason(Decision decision) {
        return ((Decision.Declined) decision).reason();
    }
}
