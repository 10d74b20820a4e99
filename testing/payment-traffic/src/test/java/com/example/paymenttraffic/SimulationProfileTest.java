package com.example.paymenttraffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.payment.AuthorizationType;
import com.example.paymenttraffic.reference.Decision;
import com.example.paymenttraffic.reference.ReferenceModel;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * What the simulation's workload draws, from the one generator: drawn opening balances (so the
 * order of decisions matters), a few hot accounts, top-ups, and payments approved before the
 * run and sent again in it.
 */
class SimulationProfileTest {

    private static TrafficProfile simulation() {
        return TrafficProfile.named("S").richAccounts(20, 0).openingBalances(0, 100_000).hotAccounts(3, 0.3)
                .payments(1_000, 100, 30_000).refundAmounts(1_000, 49_999).mix(0, 0, 0.25).copyShares(0, 0.08, 0, 0).producerRetries(2)
                .appliedBefore(0.02).undecidable(2, 2, Send.Moment.STREAM).conflictsChangeTheAmount(100);
    }

    @Test
    void openingBalances_areDrawnPerAccount_withinTheirRange_andRepeatBySeed() {
        Traffic traffic = Traffic.generate(simulation(), 7);

        assertTrue(traffic.accounts().stream().allMatch(a -> a.balanceMinor() >= 0 && a.balanceMinor() <= 100_000));
        assertTrue(traffic.accounts().stream().map(Account::balanceMinor).distinct().count() > 10, "drawn, not one balance");
        assertEquals(traffic.accounts(), Traffic.generate(simulation(), 7).accounts());
    }

    @Test
    void theHotAccounts_takeTheirShareOfThePayments() {
        Traffic traffic = Traffic.generate(simulation(), 7);
        Map<String, Long> byAccount = traffic.payments().stream().collect(Collectors.groupingBy(Operation::accountId, Collectors.counting()));
        long hot = byAccount.getOrDefault("ACC-S-00", 0L) + byAccount.getOrDefault("ACC-S-01", 0L) + byAccount.getOrDefault("ACC-S-02", 0L);

        assertTrue(hot > 1_000 * 0.3, "the three hot accounts took " + hot + " of 1000 payments");
    }

    @Test
    void aPaymentAppliedBeforeTheRun_isSentAgain_andNeverAppliedAgain_whateverItsAccountHolds() {
        Traffic traffic = Traffic.generate(simulation(), 7);
        ReferenceModel model = ReferenceModel.replay(traffic);

        assertTrue(traffic.appliedBefore().size() > 5, "applied before: " + traffic.appliedBefore().size());
        for (Operation earlier : traffic.appliedBefore()) {
            long opening = traffic.accounts().stream().filter(a -> a.id().equals(earlier.accountId())).findFirst().orElseThrow().balanceMinor();
            assertTrue(earlier.amountMinor() > opening, "more than its account opens the run with");
            assertTrue(model.decisions().contains(new Decision.Duplicate(earlier, true)), earlier.transactionId());
        }
        assertTrue(model.count(Decision.Declined.class) > 0, "drawn balances decline some purchases for want of funds");
    }

    @Test
    void refunds_areDrawnFromTheirOwnRange() {
        Traffic traffic = Traffic.generate(simulation(), 7);
        List<Operation> refunds = traffic.payments().stream().filter(o -> o.type() == AuthorizationType.REFUND).toList();
        List<Operation> purchases = traffic.payments().stream().filter(o -> o.type() == AuthorizationType.PURCHASE)
                .filter(o -> !traffic.appliedBefore().contains(o)).toList();

        assertTrue(refunds.stream().allMatch(o -> o.amountMinor() >= 1_000 && o.amountMinor() <= 49_999));
        assertTrue(refunds.stream().anyMatch(o -> o.amountMinor() > 30_000), "above the purchases' range");
        assertTrue(purchases.stream().allMatch(o -> o.amountMinor() >= 100 && o.amountMinor() <= 30_000));
    }

    @Test
    void aPaymentItsProducerSendsAgain_isSentOnceOrTwice_underNewMessageIds() {
        Traffic traffic = Traffic.generate(simulation(), 7);
        Map<String, List<Send>> retries = traffic.sends().stream().filter(s -> s.kind() == Send.Kind.PRODUCER_RETRY)
                .collect(Collectors.groupingBy(Send::key));

        assertTrue(retries.values().stream().allMatch(sends -> sends.size() <= 2));
        assertTrue(retries.values().stream().anyMatch(sends -> sends.size() == 2
                && !sends.get(0).body().equals(sends.get(1).body())), "some sent twice, each its own message");
    }

    @Test
    void aConflict_changesTheAmount() {
        Traffic traffic = Traffic.generate(simulation(), 7);
        List<Send> conflicts = traffic.sends().stream().filter(s -> s.kind() == Send.Kind.CONFLICT).toList();

        assertEquals(2, conflicts.size());
        for (Send conflict : conflicts) {
            Operation original = traffic.payments().stream().filter(o -> o.transactionId().equals(conflict.key())).findFirst().orElseThrow();
            assertEquals(original.amountMinor() + 100, conflict.operation().orElseThrow().amountMinor());
        }
    }
}
