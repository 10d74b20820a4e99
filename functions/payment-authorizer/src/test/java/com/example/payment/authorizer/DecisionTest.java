package com.example.payment.authorizer;

import static com.example.payment.PaymentMessages.purchase;
import static com.example.payment.PaymentMessages.refund;
import static com.example.payment.authorizer.AuthorizerRig.event;
import static com.example.payment.authorizer.AuthorizerRig.failures;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.lambdakit.config.ConfigurationException;
import com.example.localaws.LocalAws;
import com.example.payment.AccountAttributes;
import com.example.payment.PaymentTables;
import com.example.receiver.lambda.ReceiverVariables;
import com.example.receiver.testkit.ItemReason;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Declines, refunds, late duplicates, invalid messages and start-up refusal. */
class DecisionTest extends LocalAwsTest {

    DecisionTest(LocalAws aws) {
        super(aws);
    }

    @Test
    void insufficientFunds_isDeclinedAndRecorded_andStaysDeclinedAfterFundsArrive() {
        try (AuthorizerRig rig = AuthorizerRig.withoutFastPath(aws)) {
            // GIVEN 10.00 EUR and a purchase of 25.50
            rig.ledger.openAccount("ACC-1", 1_000, "EUR");
            String message = purchase("TXN-1", "ACC-1", "25.50", "EUR");
            SQSBatchResponse first = rig.invoke(event(message));
            // THEN declined, acknowledged, recorded, no debit, no ledger row
            assertEquals(List.of(), failures(first));
            assertEquals("DECLINED", rig.ledger.record("TXN-1").orElseThrow().get("status").s());
            assertEquals("INSUFFICIENT_FUNDS", rig.ledger.record("TXN-1").orElseThrow().get("reason").s());
            assertEquals(1_000, rig.ledger.balance("ACC-1"));
            assertEquals(0, rig.ledger.entries("ACC-1").size());
            // WHEN funds arrive and the message is redelivered
            rig.ledger.openAccount("ACC-1", 100_000, "EUR");
            SQSBatchResponse redelivery = rig.invoke(event(message));
            // THEN the decline is replayed, not decided again
            assertEquals(List.of(), failures(redelivery));
            assertEquals(100_000, rig.ledger.balance("ACC-1"));
            String duplicate = rig.logsOf("DUPLICATE").get(0);
            assertTrue(duplicate.contains("\"original\":\"DECLINED(INSUFFICIENT_FUNDS)\""), duplicate);
        }
    }

    @Test
    void declineReasons_areTakenFromTheAccountAsItWas() {
        try (AuthorizerRig rig = AuthorizerRig.withoutFastPath(aws)) {
            rig.ledger.openAccount("ACC-BLOCKED", 100_000, "EUR", AccountAttributes.BLOCKED);
            rig.ledger.openAccount("ACC-USD", 100_000, "USD");
            rig.invoke(event(purchase("TXN-1", "ACC-NONE", "1.00", "EUR"),
                    purchase("TXN-2", "ACC-BLOCKED", "1.00", "EUR"),
                    purchase("TXN-3", "ACC-USD", "1.00", "EUR")));
            assertEquals("UNKNOWN_ACCOUNT", rig.ledger.record("TXN-1").orElseThrow().get("reason").s());
            assertEquals("ACCOUNT_BLOCKED", rig.ledger.record("TXN-2").orElseThrow().get("reason").s());
            assertEquals("CURRENCY_MISMATCH", rig.ledger.record("TXN-3").orElseThrow().get("reason").s());
            assertEquals(3, rig.metric("Declined"));
            assertEquals(100_000, rig.ledger.balance("ACC-USD"));
        }
    }

    @Test
    void refund_creditsTheAccount_withoutAFundsCheck() {
        try (AuthorizerRig rig = AuthorizerRig.withoutFastPath(aws)) {
            rig.ledger.openAccount("ACC-1", 0, "EUR");
            rig.invoke(event(refund("TXN-R", "ACC-1", "12.34", "EUR")));
            assertEquals(1_234, rig.ledger.balance("ACC-1"));
            assertEquals("1234", rig.ledger.entries("ACC-1").get(0).get("amountMinor").n());
        }
    }

    @Test
    void expiredRecordWithLedgerRow_isLateDuplicate_withoutDebit() {
        // GIVEN a payment approved 31 days ago: its record (30 days) has expired but is still stored (TTL lags)
        approvedAMonthAgo("ACC-1");
        try (AuthorizerRig rig = AuthorizerRig.withoutFastPath(aws)) {
            long expiresAt = Long.parseLong(rig.ledger.record("TXN-1").orElseThrow().get("expiresAt").n());
            assertTrue(expiresAt < Instant.now().getEpochSecond(), "the record is expired");
            // WHEN it is redelivered today
            SQSBatchResponse late = rig.invoke(event(purchase("TXN-1", "ACC-1", "25.50", "EUR")));
            // THEN the ledger row makes it a late duplicate: acknowledged, no second debit
            assertEquals(List.of(), failures(late));
            assertEquals(1, rig.metric("DuplicateLate"));
            assertEquals(10_000 - 2_550, rig.ledger.balance("ACC-1"));
            assertEquals(1, rig.ledger.entries("ACC-1").size());
            assertEquals(1, rig.calls.total(), "one TransactWriteItems, no read");
        }
    }

    /**
     * DynamoDB gives each action its own cancellation reason ("CancellationReason", Amazon
     * DynamoDB API Reference,
     * https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_CancellationReason.html):
     * the account's condition can fail while the ledger's put is throttled, and the ledger, which
     * would have said "applied before", then says nothing. The launcher gives exactly that
     * ({@code [None, ConditionalCheckFailed, ThrottlingError]}) once.
     */
    @Test
    void lateResend_accountShort_ledgerGuardThrottled_isLateDuplicate_neverADeclineOverTheApproval() {
        // GIVEN a payment approved 31 days ago: record, debit, ledger row; the record since expired
        approvedAMonthAgo("ACC-1");
        try (AuthorizerRig rig = AuthorizerRig.withoutFastPath(aws)) {
            Map<String, AttributeValue> approval = rig.ledger.record("TXN-1").orElseThrow();
            // AND the account short of the amount now
            rig.ledger.openAccount("ACC-1", 1_000, "EUR");
            // AND the ledger's put of the next transaction naming TXN-1 throttled
            aws.moto().inject(ItemReason.throttled(Ledger.LEDGER, "TXN-1", 1));
            // WHEN it is re-sent
            SQSBatchResponse late = rig.invoke(event(purchase("TXN-1", "ACC-1", "25.50", "EUR")));
            // THEN it is acknowledged as a late duplicate, once the ledger guard was asked again,
            // and the record still says APPROVED
            assertEquals(List.of(), failures(late));
            assertEquals("APPROVED", rig.ledger.record("TXN-1").orElseThrow().get("status").s(), "the record after the re-send");
            assertEquals(1, rig.metric("DuplicateLate"));
            assertEquals(0, rig.metric("Declined"));
            assertEquals(List.of(), rig.logsOf("DECLINED"));
            assertEquals(0, aws.moto().reasonsLeft(), "the launcher cancelled the first attempt");
            assertEquals(2, rig.calls.total(), "the throttled transaction, then the one the ledger answered");
            // AND the record is the approval, untouched: nothing new on its stream to publish
            assertEquals(approval, rig.ledger.record("TXN-1").orElseThrow());
            assertEquals("APPROVED", approval.get("status").s());
            assertEquals(1_000, rig.ledger.balance("ACC-1"));
            assertEquals(1, rig.ledger.entries("ACC-1").size());
        }
    }

    /**
     * The limit of the permanent guard, shown rather than hidden: the ledger row is keyed by
     * account and transaction, so after the record's TTL a copy of a transaction id that names
     * another account finds no row of its own and is decided as new. Within the TTL the record
     * makes it a CONFLICT (the fingerprint covers the account). docs/architecture.md states it.
     */
    @Test
    void afterTheRecordsTtl_aCopyNamingAnotherAccount_isDecidedAsNew_theLedgerGuardIsPerAccount() {
        // GIVEN a payment approved on ACC-1 31 days ago: its record has expired, its ledger row stays
        approvedAMonthAgo("ACC-1", "ACC-2");
        try (AuthorizerRig rig = AuthorizerRig.withoutFastPath(aws)) {
            // WHEN the same transaction id arrives today naming ACC-2
            SQSBatchResponse copy = rig.invoke(event(purchase("TXN-1", "ACC-2", "25.50", "EUR")));
            // THEN nothing guards it: it is approved and ACC-2 is debited too
            assertEquals(List.of(), failures(copy));
            assertEquals(1, rig.metric("Approved"));
            assertEquals(10_000 - 2_550, rig.ledger.balance("ACC-2"));
            assertEquals(1, rig.ledger.entries("ACC-2").size());
            assertEquals(10_000 - 2_550, rig.ledger.balance("ACC-1"));
        }
    }

    /**
     * TXN-1, a purchase of 25.50 EUR on ACC-1, approved 31 days ago (record, debit, ledger row),
     * {@code accounts} opened then with 100.00 EUR each: its record (30 days) has expired since,
     * and is still stored (TTL deletion lags).
     */
    private void approvedAMonthAgo(String... accounts) {
        Clock monthAgo = Clock.fixed(Instant.now().minus(Duration.ofDays(31)), ZoneOffset.UTC);
        try (AuthorizerRig past = AuthorizerRig.with(aws, AuthorizerRig.environment(aws, false), monthAgo)) {
            for (String account : accounts) {
                past.ledger.openAccount(account, 10_000, "EUR");
            }
            past.invoke(event(purchase("TXN-1", "ACC-1", "25.50", "EUR")));
        }
    }

    @Test
    void badMessagesInABatch_failAlone_andTheLogNamesFieldAndRule() {
        try (AuthorizerRig rig = AuthorizerRig.withoutFastPath(aws)) {
            rig.ledger.openAccount("ACC-1", 10_000, "EUR");
            SQSEvent batch = event("this is not json",
                    purchase("TXN-2", "ACC-1", "10.005", "EUR"),
                    purchase("TXN-3", "ACC-1", "10.00", "EUR"));
            SQSBatchResponse response = rig.invoke(batch);
            assertEquals(List.of(batch.getRecords().get(0).getMessageId(), batch.getRecords().get(1).getMessageId()),
                    failures(response));
            assertEquals(9_000, rig.ledger.balance("ACC-1"));
            List<String> rejected = rig.logsOf("REJECTED");
            assertTrue(rejected.get(0).contains("\"field\":\"message\"") && rejected.get(0).contains("must be valid JSON"),
                    rejected.get(0));
            assertTrue(rejected.get(1).contains("\"field\":\"body.amount\"")
                    && rejected.get(1).contains("must have at most 2 decimals for EUR"), rejected.get(1));
            // AND each line's reason is the one its dead letter carries (docs/deploy.md, one vocabulary)
            assertTrue(rejected.get(1).contains("\"reason\":\"rejected: body.amount must have at most 2 decimals for EUR\""),
                    rejected.get(1));
        }
    }

    @Test
    void startup_refuses_namingTheSetting() {
        Map<String, String> noTable = new HashMap<>(AuthorizerRig.environment(aws, false));
        noTable.remove(PaymentTables.LEDGER_TABLE);
        ConfigurationException missing = assertThrows(ConfigurationException.class,
                () -> PaymentAuthorizer.create(noTable, aws.dynamoDb(), Clock.systemUTC(), System.out));
        assertEquals(PaymentTables.LEDGER_TABLE, missing.setting());

        Map<String, String> shortTtl = new HashMap<>(AuthorizerRig.environment(aws, false));
        shortTtl.put(ReceiverVariables.IDEMPOTENCY_TTL_SECONDS, "86400");
        ConfigurationException unsafe = assertThrows(ConfigurationException.class,
                () -> PaymentAuthorizer.create(shortTtl, aws.dynamoDb(), Clock.systemUTC(), System.out));
        assertEquals(ReceiverVariables.IDEMPOTENCY_TTL_SECONDS, unsafe.setting());
        assertTrue(unsafe.getMessage().contains(ReceiverVariables.QUEUE_RETENTION_SECONDS), unsafe.getMessage());
        assertTrue(unsafe.getMessage().contains(ReceiverVariables.DEAD_LETTER_RETENTION_SECONDS), unsafe.getMessage());
    }
}
