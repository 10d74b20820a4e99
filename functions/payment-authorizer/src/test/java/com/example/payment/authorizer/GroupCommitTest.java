package com.example.payment.authorizer;

import static com.example.payment.PaymentMessages.purchase;
import static com.example.payment.PaymentMessages.refund;
import static com.example.payment.authorizer.AuthorizerRig.event;
import static com.example.payment.authorizer.AuthorizerRig.failures;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.localaws.LocalAws;
import com.example.receiver.lambda.ReceiverVariables;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A hot account's batch committed as one transaction: every record, one account update with the
 * summed amount, every ledger entry ("TransactWriteItems", DynamoDB API Reference: at most 100
 * actions, no two on one item,
 * https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TransactWriteItems.html);
 * and, whenever the group cannot commit as a whole, exactly the decisions of one by one.
 */
class GroupCommitTest extends LocalAwsTest {

    GroupCommitTest(LocalAws aws) {
        super(aws);
    }

    @Test
    void tenNewPaymentsOnOneAccount_costOneTransaction_andPostExactly() {
        try (AuthorizerRig rig = AuthorizerRig.withoutFastPath(aws)) {
            // GIVEN one account, and a batch of 10 new purchases on it
            rig.ledger.openAccount("ACC-HOT", 100_000, "EUR");
            List<String> batch = new ArrayList<>();
            for (int i = 1; i <= 10; i++) {
                batch.add(purchase("TXN-G" + i, "ACC-HOT", i + ".00", "EUR"));
            }
            // WHEN processed
            assertEquals(List.of(), failures(rig.invoke(event(batch.toArray(String[]::new)))));
            // THEN one DynamoDB call in all, and the account, ledger and records as ten commits leave them
            assertEquals(Map.of("TransactWriteItems", 1), rig.calls.byOperation());
            assertEquals(100_000 - 5_500, rig.ledger.balance("ACC-HOT"));
            assertEquals(10, rig.ledger.entries("ACC-HOT").size());
            for (int i = 1; i <= 10; i++) {
                assertEquals("APPROVED", rig.ledger.record("TXN-G" + i).orElseThrow().get("status").s());
            }
            assertEquals(10, rig.metric("Approved"));
        }
    }

    @Test
    void tenPaymentsOnOneAccount_redeliveredWithoutTheCache_areDecidedFromTheirRecords_inOneTransaction() {
        try (AuthorizerRig rig = AuthorizerRig.withoutFastPath(aws)) {
            // GIVEN a hot account's batch of 10, committed
            rig.ledger.openAccount("ACC-HOT", 100_000, "EUR");
            List<String> batch = new ArrayList<>();
            for (int i = 1; i <= 10; i++) {
                batch.add(purchase("TXN-R" + i, "ACC-HOT", i + ".00", "EUR"));
            }
            String[] bodies = batch.toArray(String[]::new);
            assertEquals(List.of(), failures(rig.invoke(event(bodies))));
            rig.calls.reset();
            // WHEN the whole batch is delivered again, with no cache to answer it: the group's
            // cancellation has every record's condition failing and the ledger rows' too (the
            // entries of these very payments)
            assertEquals(List.of(), failures(rig.invoke(event(bodies))));
            // THEN the records explain it: ten duplicates from one transaction, nothing posted twice
            assertEquals(Map.of("TransactWriteItems", 1), rig.calls.byOperation());
            assertEquals(10, rig.metric("DuplicateStore"));
            assertEquals(100_000 - 5_500, rig.ledger.balance("ACC-HOT"));
            assertEquals(10, rig.ledger.entries("ACC-HOT").size());
        }
    }

    @Test
    void aHotBatchHalfDecidedBefore_costsTwoTransactions_theDuplicatesFromTheirRecords_theRestTogether() {
        try (AuthorizerRig rig = AuthorizerRig.withoutFastPath(aws)) {
            rig.ledger.openAccount("ACC-HOT", 100_000, "EUR");
            List<String> batch = new ArrayList<>();
            for (int i = 1; i <= 10; i++) {
                batch.add(purchase("TXN-H" + i, "ACC-HOT", "1.00", "EUR"));
            }
            // GIVEN the odd ones decided by an earlier delivery
            List<String> odd = new ArrayList<>();
            for (int i = 0; i < 10; i += 2) {
                odd.add(batch.get(i));
            }
            assertEquals(List.of(), failures(rig.invoke(event(odd.toArray(String[]::new)))));
            rig.calls.reset();
            // WHEN the whole batch arrives
            assertEquals(List.of(), failures(rig.invoke(event(batch.toArray(String[]::new)))));
            // THEN one cancelled group explained by its records, and the five new ones together
            assertEquals(Map.of("TransactWriteItems", 2), rig.calls.byOperation());
            assertEquals(100_000 - 1_000, rig.ledger.balance("ACC-HOT"));
            assertEquals(10, rig.ledger.entries("ACC-HOT").size());
        }
    }

    @Test
    void aPurchaseTheFundsCannotCover_fallsBackToOneByOne_andDeclinesOnlyThatOne() {
        try (AuthorizerRig rig = AuthorizerRig.withoutFastPath(aws)) {
            // GIVEN 10.00, and purchases of 3, 3, 5 and 2 in that order
            rig.ledger.openAccount("ACC-1", 1_000, "EUR");
            rig.invoke(event(purchase("TXN-1", "ACC-1", "3", "EUR"), purchase("TXN-2", "ACC-1", "3", "EUR"),
                    purchase("TXN-3", "ACC-1", "5", "EUR"), purchase("TXN-4", "ACC-1", "2", "EUR")));
            // THEN the group was cancelled, and one by one declined the third only: 10 - 3 - 3 - 2
            assertEquals("DECLINED", rig.ledger.record("TXN-3").orElseThrow().get("status").s());
            assertEquals("INSUFFICIENT_FUNDS", rig.ledger.record("TXN-3").orElseThrow().get("reason").s());
            assertEquals(200, rig.ledger.balance("ACC-1"));
            assertEquals(3, rig.ledger.entries("ACC-1").size());
            // the group, then four transactions and the decline's record
            assertEquals(5, rig.calls.of("TransactWriteItems"));
            assertEquals(1, rig.calls.of("PutItem"));
        }
    }

    @Test
    void aRefundBeforeAPurchase_fundsIt_withinTheOneTransaction() {
        try (AuthorizerRig rig = AuthorizerRig.withoutFastPath(aws)) {
            rig.ledger.openAccount("ACC-1", 0, "EUR");
            assertEquals(List.of(), failures(rig.invoke(event(refund("TXN-R", "ACC-1", "10.00", "EUR"),
                    purchase("TXN-P", "ACC-1", "10.00", "EUR")))));
            assertEquals(0, rig.ledger.balance("ACC-1"));
            assertEquals(2, rig.ledger.entries("ACC-1").size());
            assertEquals(1, rig.calls.of("TransactWriteItems"));
        }
    }

    @Test
    void aPaymentDecidedBefore_inTheGroup_isTheStoresDuplicate_andTheOthersAreApproved() {
        try (AuthorizerRig rig = AuthorizerRig.withoutFastPath(aws)) {
            rig.ledger.openAccount("ACC-1", 10_000, "EUR");
            String old = purchase("TXN-OLD", "ACC-1", "1.00", "EUR");
            rig.invoke(event(old));
            rig.invoke(event(purchase("TXN-A", "ACC-1", "1.00", "EUR"), old, purchase("TXN-B", "ACC-1", "1.00", "EUR")));
            assertEquals(10_000 - 300, rig.ledger.balance("ACC-1"));
            assertEquals(3, rig.ledger.entries("ACC-1").size());
            assertEquals(1, rig.logsOf("DUPLICATE").size());
            assertEquals(3, rig.metric("Approved"));
        }
    }

    @Test
    void aGroupBeyondOneTransaction_isSplit_withinDynamoDbsLimits() {
        try (AuthorizerRig rig = AuthorizerRig.withoutFastPath(aws)) {
            // GIVEN 60 new payments on one account in one batch: 60 records + 1 account + 60 ledger rows
            rig.ledger.openAccount("ACC-1", 1_000_000, "EUR");
            List<String> batch = new ArrayList<>();
            for (int i = 1; i <= 60; i++) {
                batch.add(purchase("TXN-" + i, "ACC-1", "1.00", "EUR"));
            }
            assertEquals(List.of(), failures(rig.invoke(event(batch.toArray(String[]::new)))));
            // THEN two transactions of at most 100 actions: 49 payments (99 actions), then 11
            assertEquals(2, rig.calls.of("TransactWriteItems"));
            assertEquals(1_000_000 - 6_000, rig.ledger.balance("ACC-1"));
            assertEquals(60, rig.ledger.entries("ACC-1").size());
        }
    }

    @Test
    void groupCommitOff_commitsEachPaymentOnItsOwn() {
        Map<String, String> env = new HashMap<>(AuthorizerRig.environment(aws, false));
        env.put(ReceiverVariables.GROUP_COMMIT, "false");
        try (AuthorizerRig rig = AuthorizerRig.with(aws, env, Clock.systemUTC())) {
            rig.ledger.openAccount("ACC-1", 10_000, "EUR");
            rig.invoke(event(purchase("TXN-1", "ACC-1", "1.00", "EUR"), purchase("TXN-2", "ACC-1", "1.00", "EUR"),
                    purchase("TXN-3", "ACC-1", "1.00", "EUR")));
            assertEquals(3, rig.calls.of("TransactWriteItems"));
            assertEquals(9_700, rig.ledger.balance("ACC-1"));
        }
    }
}
