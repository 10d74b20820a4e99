package com.example.receiver.wallets;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import com.example.receiver.MessageResult;
import com.example.receiver.fixtures.SequentialRules;
import com.example.receiver.fixtures.SqsEvents;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What a two-sided hot batch costs, counted on the local AWS: ten transfers in one batch, each
 * writing two wallets, one of them shared by all (the payee, the payer, or both). Every transfer
 * shares a wallet with every other, so the batch is one lane, committed in one
 * {@code TransactWriteItems} when new and answered by one when delivered again. The guide's cost
 * table quotes these counts.
 */
@ExtendWith(LocalAwsExtension.class)
class TwoSidedCostTest {

    private static final int TRANSFERS = 10;
    private static final long FUNDS = 100_000;
    private static final long AMOUNT = 1_250;

    private final LocalAws aws;

    TwoSidedCostTest(LocalAws aws) {
        this.aws = aws;
    }

    @Test
    void tenPayersToOneMerchant_oneTransactionNew_oneRedelivered() {
        assertCosts(index -> "PAYER-" + index, index -> "MERCHANT");
    }

    @Test
    void onePayerToTenPayees_oneTransactionNew_oneRedelivered() {
        assertCosts(index -> "PAYER", index -> "PAYEE-" + index);
    }

    @Test
    void onePayerToOneMerchantTenTimes_oneTransactionNew_oneRedelivered() {
        assertCosts(index -> "PAYER", index -> "MERCHANT");
    }

    private interface Wallet {
        String of(int index);
    }

    private void assertCosts(Wallet payer, Wallet payee) {
        // GIVEN every wallet of the batch, the payers funded
        Map<String, Long> balances = new HashMap<>();
        List<String> bodies = new ArrayList<>();
        String run = Long.toString(System.nanoTime(), 36);
        for (int i = 0; i < TRANSFERS; i++) {
            balances.put(payer.of(i), FUNDS);
            balances.putIfAbsent(payee.of(i), 0L);
            bodies.add(new Transfer(run + "-T" + i, payer.of(i), payee.of(i), AMOUNT).body());
        }
        WalletTables tables = WalletTables.create(aws.dynamoDb(), balances);
        try (WalletReceiver receiver = new WalletReceiver(aws, tables, true)) {
            // WHEN the batch is delivered
            List<String> first = categories(receiver.decide(SqsEvents.of(bodies.toArray(String[]::new))).results());
            Map<String, Integer> newCalls = receiver.calls.byOperation();
            receiver.calls.reset();
            // AND delivered again
            List<String> again = categories(receiver.decide(SqsEvents.of(bodies.toArray(String[]::new))).results());
            Map<String, Integer> redeliveredCalls = receiver.calls.byOperation();

            // THEN every transfer is approved once, then a duplicate, and the money moved once
            assertEquals(nCopies("APPROVED"), first);
            assertEquals(nCopies("DUPLICATE"), again);
            Map<String, Long> expected = new HashMap<>(balances);
            for (int i = 0; i < TRANSFERS; i++) {
                expected.merge(payer.of(i), -AMOUNT, Long::sum);
                expected.merge(payee.of(i), AMOUNT, Long::sum);
            }
            assertEquals(expected, tables.balances());
            // AND each delivery cost one transaction, and no other call
            assertEquals(new TreeMap<>(Map.of("new", Map.of("TransactWriteItems", 1), "redelivered", Map.of("TransactWriteItems", 1))),
                    new TreeMap<>(Map.of("new", newCalls, "redelivered", redeliveredCalls)));
        }
    }

    private static List<String> nCopies(String category) {
        return Collections.nCopies(TRANSFERS, category);
    }

    private static List<String> categories(List<MessageResult> results) {
        return results.stream().map(result -> SequentialRules.category(result.outcome())).toList();
    }
}
