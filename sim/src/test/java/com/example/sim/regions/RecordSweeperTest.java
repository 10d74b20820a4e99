package com.example.sim.regions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.example.payment.AccountAttributes;
import com.example.payment.LedgerAttributes;
import com.example.payment.Payment;
import com.example.receiver.record.IdempotencyRecordAttributes;
import com.example.sim.faults.FaultSchedule;
import com.example.sim.models.DynamoDbModel;
import com.example.sim.models.SimWorld;
import com.example.sim.oracles.Oracles;
import com.example.sim.runtime.Scheduler;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * The sweeper against a slow copy ({@link RecordSweeper}): a copy that read "no record" just before
 * the first copy's record was written, then stalled before reading the account. The retention rule
 * ({@code recordedAt} older than {@code APPLIED_RETENTION_SECONDS}, at least 90 s) keeps the entry
 * for any copy a Lambda's 30 s timeout lets live; a stall past it is decided twice.
 */
class RecordSweeperTest {

    private static final long SECOND = 1_000_000;
    private static final Oracles.Tables TABLES = new Oracles.Tables("records", "accounts", "ledger");

    private final Scheduler scheduler = new Scheduler(1);
    private final DynamoDbModel committed = new DynamoDbModel(new SimWorld(scheduler, FaultSchedule.NONE), 4_000);
    private final MrscGlobalTable table;
    private final RecordSweeper.Counts counts = new RecordSweeper.Counts();

    RecordSweeperTest() {
        committed.createTable("accounts", AccountAttributes.PK, Optional.empty(), Optional.empty());
        committed.createTable("records", IdempotencyRecordAttributes.PK, Optional.empty(), Optional.empty());
        committed.createTable("ledger", LedgerAttributes.PK, Optional.of(LedgerAttributes.SK), Optional.empty());
        table = new MrscGlobalTable(scheduler, committed, new RegionOutages(3, 0, 0, 0, -1, 0, 0), 3, 3);
        committed.load("accounts", Map.of(AccountAttributes.PK, AttributeValue.fromS("ACC-S"),
                AccountAttributes.BALANCE_MINOR, AttributeValue.fromN("1000"), AccountAttributes.CURRENCY, AttributeValue.fromS("EUR"),
                AccountAttributes.ACCOUNT_STATUS, AttributeValue.fromS(AccountAttributes.ACTIVE)));
    }

    @Test
    void aCopyStalledWithinALambdasTimeout_meetsTheEntry_andTheSweeperRemovesItAfterTheRetention() {
        List<SingleWrite.Answer> answers = slowCopy(25 * SECOND);
        assertInstanceOf(SingleWrite.Earlier.class, answers.get(0));
        assertEquals("900", balance());
        assertEquals(Map.of(), applied()); // swept at 180 s, once its record was 90 s old
    }

    @Test
    void aCopyStalledPastTheRetention_isDecidedTwice() {
        List<SingleWrite.Answer> answers = slowCopy(135 * SECOND);
        assertInstanceOf(SingleWrite.Decided.class, answers.get(0));
        assertEquals("800", balance()); // debited twice: why the retention outlives the function's timeout
    }

    @Test
    void aRetentionBelow90Seconds_isRefused_naming_theVariableAndTheRule() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> new RecordSweeper(scheduler, table.replica(0), TABLES, () -> true, 60, SECOND, counts));
        assertEquals("APPLIED_RETENTION_SECONDS must be at least 90 (the authorizer's 30 s timeout and the clocks' skew), was 60",
                refused.getMessage());
    }

    /**
     * TXN-S decided at 50 s in Region 0; its copy in Region 1 reads no record 1 ms after, then stalls {@code stall};
     * Region 2's sweeper sweeps every minute from 60 s.
     */
    private List<SingleWrite.Answer> slowCopy(long stall) {
        new RecordSweeper(scheduler, table.replica(2), TABLES, () -> true, RecordSweeper.LEAST_RETENTION_SECONDS, 600 * SECOND,
                counts).start();
        Payment payment = SingleWriteTest.purchase("TXN-S", "ACC-S", 100);
        List<SingleWrite.Answer> answers = new ArrayList<>();
        scheduler.at(50 * SECOND, () -> scheduler.spawn(this, () -> writer(table.replica(0), 0).decide(payment, payment.fingerprint())));
        scheduler.at(50 * SECOND + 1_000, () -> scheduler.spawn(this, () -> answers.add(
                writer(new Stalling(table.replica(1), stall), 1).decide(payment, payment.fingerprint()))));
        scheduler.runUntil(600 * SECOND);
        return answers;
    }

    private SingleWrite writer(DynamoDbClient client, int region) {
        return new SingleWrite(scheduler, client, TABLES, "region-" + region, 86_400, (approved, record, account, ledger) -> {
        }, true);
    }

    private String balance() {
        return account().get(AccountAttributes.BALANCE_MINOR).n();
    }

    private Map<String, AttributeValue> applied() {
        return account().get(SingleWrite.APPLIED).m();
    }

    private Map<String, AttributeValue> account() {
        return committed.table("accounts").get("ACC-S", scheduler.instant()).orElseThrow();
    }

    /** A Region's client whose first read of the account stalls: the copy's invocation paused between its two reads. */
    private final class Stalling implements DynamoDbClient {

        private final DynamoDbClient replica;
        private long stall;

        Stalling(DynamoDbClient replica, long stall) {
            this.replica = replica;
            this.stall = stall;
        }

        @Override
        public GetItemResponse getItem(GetItemRequest request) {
            if (request.tableName().equals("accounts") && stall > 0) {
                scheduler.sleep(stall);
                stall = 0;
            }
            return replica.getItem(request);
        }

        @Override
        public PutItemResponse putItem(PutItemRequest request) {
            return replica.putItem(request);
        }

        @Override
        public UpdateItemResponse updateItem(UpdateItemRequest request) {
            return replica.updateItem(request);
        }

        @Override
        public String serviceName() {
            return replica.serviceName();
        }

        @Override
        public void close() {
        }
    }
}
