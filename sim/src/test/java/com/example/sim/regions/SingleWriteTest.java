package com.example.sim.regions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.payment.AccountAttributes;
import com.example.payment.AuthorizationType;
import com.example.payment.DeclineReason;
import com.example.payment.LedgerAttributes;
import com.example.payment.Money;
import com.example.payment.Payment;
import com.example.receiver.record.IdempotencyRecordAttributes;
import com.example.sim.faults.FaultSchedule;
import com.example.sim.models.DynamoDbModel;
import com.example.sim.models.SimWorld;
import com.example.sim.oracles.Oracles;
import com.example.sim.runtime.Scheduler;
import java.util.ArrayList;
import java.util.Currency;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Design (b)'s single-write commit, step by step, on an MRSC table of three replicas ({@link SingleWrite}). */
class SingleWriteTest {

    private static final long SECOND = 1_000_000;
    private static final Oracles.Tables TABLES = new Oracles.Tables("records", "accounts", "ledger");
    private static final RegionOutages NONE_LOST = new RegionOutages(3, 0, 0, 0, -1, 0, 0);

    private final Scheduler scheduler = new Scheduler(1);
    private final DynamoDbModel committed = new DynamoDbModel(new SimWorld(scheduler, FaultSchedule.NONE), 4_000);
    private final MrscGlobalTable table;
    /** The tables of the writes applied, in order. */
    private final List<String> written = new ArrayList<>();

    SingleWriteTest() {
        committed.createTable("accounts", AccountAttributes.PK, Optional.empty(), Optional.empty());
        committed.createTable("records", IdempotencyRecordAttributes.PK, Optional.empty(), Optional.empty());
        committed.createTable("ledger", LedgerAttributes.PK, Optional.of(LedgerAttributes.SK), Optional.empty());
        table = new MrscGlobalTable(scheduler, committed, NONE_LOST, 3, 3);
        committed.observe(write -> written.add(write.table()));
        table.observeUpdates(write -> written.add(write.table()));
    }

    @Test
    void anAccountWithoutItem_isDeclinedByOneConditionalPutOfItsRecord_andNoItemIsMade() {
        SingleWrite.Answer answer = writer(0, true).decide(purchase("TXN-1", "ACC-NONE", 500), purchase("TXN-1", "ACC-NONE", 500).fingerprint());
        assertEquals(new SingleWrite.Decided(Optional.of(DeclineReason.UNKNOWN_ACCOUNT)), answer);
        Map<String, AttributeValue> record = item("records", "PAYMENT#TXN-1");
        assertEquals("DECLINED", record.get(IdempotencyRecordAttributes.STATUS).s());
        assertEquals("UNKNOWN_ACCOUNT", record.get(IdempotencyRecordAttributes.REASON).s());
        assertEquals("region-0", record.get(SingleWrite.REGION).s());
        assertTrue(record.containsKey(SingleWrite.RECORDED_AT));
        assertEquals(Map.of(), item("accounts", "ACC-NONE"));
    }

    @Test
    void aSeededItemWithoutVersion_isDebitedOnce_versionOne_appliedMade_thenLedgerThenRecord() {
        seed("ACC-1", 1_000, Map.of());
        Payment payment = purchase("TXN-2", "ACC-1", 300);
        assertEquals(new SingleWrite.Decided(Optional.empty()), writer(1, true).decide(payment, payment.fingerprint()));
        Map<String, AttributeValue> account = item("accounts", "ACC-1");
        assertEquals("700", account.get(AccountAttributes.BALANCE_MINOR).n());
        assertEquals("1", account.get(SingleWrite.VERSION).n());
        Map<String, AttributeValue> entry = account.get(SingleWrite.APPLIED).m().get("TXN-2").m();
        assertEquals("APPROVED", entry.get(IdempotencyRecordAttributes.STATUS).s());
        assertEquals("region-1", entry.get(SingleWrite.REGION).s());
        assertTrue(entry.containsKey(SingleWrite.DECIDED_AT));
        assertEquals(List.of("accounts", "ledger", "records"), written);
        // AND the copy is a duplicate of it, the balance untouched
        assertInstanceOf(SingleWrite.Earlier.class, writer(2, true).decide(payment, payment.fingerprint()));
        assertEquals("700", item("accounts", "ACC-1").get(AccountAttributes.BALANCE_MINOR).n());
    }

    @Test
    void aDecisionOnTheItemWhoseCopyDiedBeforeItsDerivedWrites_isCompletedByTheNextCopy() {
        // GIVEN the item committed with TXN-3 approved, and neither its ledger entry nor its record written
        Payment payment = purchase("TXN-3", "ACC-3", 300);
        seed("ACC-3", 700, Map.of("TXN-3", AttributeValue.fromM(Map.of(
                IdempotencyRecordAttributes.STATUS, AttributeValue.fromS("APPROVED"),
                IdempotencyRecordAttributes.FINGERPRINT, AttributeValue.fromS(payment.fingerprint().hex()),
                SingleWrite.DECIDED_AT, AttributeValue.fromN("0"), SingleWrite.REGION, AttributeValue.fromS("region-2")))));
        // WHEN a copy comes back
        assertInstanceOf(SingleWrite.Earlier.class, writer(0, true).decide(payment, payment.fingerprint()));
        // THEN it wrote the ledger entry, then the record, and debited nothing
        assertEquals("-300", item("ledger", "ACC-3", "TXN-3").get(LedgerAttributes.AMOUNT_MINOR).n());
        assertEquals("APPROVED", item("records", "PAYMENT#TXN-3").get(IdempotencyRecordAttributes.STATUS).s());
        assertEquals(List.of("ledger", "records"), written);
        assertEquals("700", item("accounts", "ACC-3").get(AccountAttributes.BALANCE_MINOR).n());
    }

    @Test
    void aCopyNamingAnotherAccount_isMetByTheRecordReadFirst_butDecidedAgainInsideTheWindowBeforeTheRecord() {
        seed("ACC-A", 1_000, Map.of());
        seed("ACC-B", 1_000, Map.of());
        seed("ACC-C", 1_000, Map.of());
        seed("ACC-D", 1_000, Map.of());
        Payment first = purchase("TXN-4", "ACC-A", 100);
        Payment late = purchase("TXN-4", "ACC-B", 100);
        Payment early = purchase("TXN-5", "ACC-D", 100);
        List<SingleWrite.Answer> answers = new ArrayList<>();
        // the first copy of TXN-4 at 1 s; its other-account copy at 2 s, once its record is written
        at(SECOND, () -> writer(0, true).decide(first, first.fingerprint()));
        at(2 * SECOND, () -> answers.add(writer(1, true).decide(late, late.fingerprint())));
        // TXN-5: its first copy at 3 s, its other-account copy 1 ms later, between its account write and its record
        at(3 * SECOND, () -> writer(0, true).decide(purchase("TXN-5", "ACC-C", 100), purchase("TXN-5", "ACC-C", 100).fingerprint()));
        at(3 * SECOND + 1_000, () -> answers.add(writer(1, true).decide(early, early.fingerprint())));
        scheduler.runUntil(10 * SECOND);
        // THEN the late copy meets the record (a conflict, ACC-B untouched); the early one debits ACC-D, and its ledger
        // entry is written, before its record put meets the first copy's (in flight, or written): the residual window
        assertInstanceOf(SingleWrite.Earlier.class, answers.get(0));
        assertEquals("1000", item("accounts", "ACC-B").get(AccountAttributes.BALANCE_MINOR).n());
        assertEquals(false, answers.get(1) instanceof SingleWrite.Earlier);
        assertEquals("900", item("accounts", "ACC-D").get(AccountAttributes.BALANCE_MINOR).n());
        assertEquals("-100", item("ledger", "ACC-D", "TXN-5").get(LedgerAttributes.AMOUNT_MINOR).n());
    }

    @Test
    void withoutTheRecordReadFirst_aCopyNamingAnotherAccountIsDecidedAgainAtAnyTime() {
        seed("ACC-A", 1_000, Map.of());
        seed("ACC-B", 1_000, Map.of());
        Payment first = purchase("TXN-6", "ACC-A", 100);
        Payment other = purchase("TXN-6", "ACC-B", 100);
        List<SingleWrite.Answer> answers = new ArrayList<>();
        at(SECOND, () -> writer(0, false).decide(first, first.fingerprint()));
        // an hour later, its record long written
        at(3_600 * SECOND, () -> answers.add(writer(1, false).decide(other, other.fingerprint())));
        scheduler.runUntil(3_601 * SECOND);
        assertEquals(List.of(new SingleWrite.Decided(Optional.empty())), answers);
        assertEquals("900", item("accounts", "ACC-B").get(AccountAttributes.BALANCE_MINOR).n());
    }

    @Test
    void anAccountItemOver400Kb_isRefusedAsDynamoDbRefusesIt_andNothingIsWritten() {
        // GIVEN a hot account whose applied map holds decisions up to just under 400 KB
        Map<String, AttributeValue> applied = new HashMap<>();
        long bytes = 250; // the item's other attributes and the map's own overhead, over-counted
        for (int i = 0; bytes < ItemSize.MAX_BYTES - 120; i++) {
            AttributeValue entry = AttributeValue.fromM(Map.of(IdempotencyRecordAttributes.STATUS, AttributeValue.fromS("APPROVED"),
                    IdempotencyRecordAttributes.FINGERPRINT, AttributeValue.fromS("ab".repeat(32))));
            applied.put("TXN-OLD-" + i, entry);
            bytes += 1 + ItemSize.bytes(Map.of("TXN-OLD-" + i, entry));
        }
        seed("ACC-HOT", 1_000, applied);
        long short60 = ItemSize.MAX_BYTES - 60 - ItemSize.bytes(item("accounts", "ACC-HOT")) - 4; // 60 bytes short of the bound
        applied.put("PAD", AttributeValue.fromS("x".repeat((int) short60)));
        seed("ACC-HOT", 1_000, applied);
        long before = ItemSize.bytes(item("accounts", "ACC-HOT"));
        assertEquals(ItemSize.MAX_BYTES - 60, before);
        // WHEN one more decision would take it over
        Payment payment = purchase("TXN-7", "ACC-HOT", 100);
        SingleWrite.Refused refused = assertInstanceOf(SingleWrite.Refused.class, writer(0, true).decide(payment, payment.fingerprint()));
        assertEquals("ValidationException", refused.refused().orElseThrow().awsErrorDetails().errorCode());
        assertEquals("1000", item("accounts", "ACC-HOT").get(AccountAttributes.BALANCE_MINOR).n());
        assertEquals(Map.of(), item("records", "PAYMENT#TXN-7"));
    }

    private SingleWrite writer(int region, boolean recordFirst) {
        return new SingleWrite(scheduler, table.replica(region), TABLES, "region-" + region, 86_400, (approved, record, account, ledger) -> {
        }, recordFirst);
    }

    private void at(long when, Runnable body) {
        scheduler.at(when, () -> scheduler.spawn(this, body));
    }

    private void seed(String account, long balance, Map<String, AttributeValue> applied) {
        Map<String, AttributeValue> item = new HashMap<>(Map.of(AccountAttributes.PK, AttributeValue.fromS(account),
                AccountAttributes.BALANCE_MINOR, AttributeValue.fromN(Long.toString(balance)),
                AccountAttributes.CURRENCY, AttributeValue.fromS("EUR"),
                AccountAttributes.ACCOUNT_STATUS, AttributeValue.fromS(AccountAttributes.ACTIVE)));
        if (!applied.isEmpty()) {
            item.put(SingleWrite.APPLIED, AttributeValue.fromM(applied));
        }
        committed.load("accounts", item);
    }

    private Map<String, AttributeValue> item(String tableName, String pk) {
        String key = tableName.equals("accounts") ? AccountAttributes.PK : IdempotencyRecordAttributes.PK;
        return committed.table(tableName).get(committed.table(tableName).keyOf(Map.of(key, AttributeValue.fromS(pk))),
                scheduler.instant()).orElse(Map.of());
    }

    private Map<String, AttributeValue> item(String tableName, String pk, String sk) {
        return committed.table(tableName).get(committed.table(tableName).keyOf(Map.of(LedgerAttributes.PK, AttributeValue.fromS(pk),
                LedgerAttributes.SK, AttributeValue.fromS(sk))), scheduler.instant()).orElseThrow();
    }

    static Payment purchase(String txn, String account, long minor) {
        return new Payment(txn, account, new Money(minor, Currency.getInstance("EUR")), AuthorizationType.PURCHASE, "Shop",
                "5411", "sha256:" + "0".repeat(64), "");
    }
}
