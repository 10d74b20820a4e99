package com.example.sim.regions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.example.sim.faults.FaultSchedule;
import com.example.sim.models.SimWorld;
import com.example.sim.runtime.Scheduler;
import com.example.sim.workload.SentMessages;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;

/** Design (c)'s fence: a transaction on an account is written only in its home Region, else retried, never declined. */
class FencedReplicaTest {

    private final Scheduler scheduler = new Scheduler(1);
    private final HomeRegions homes = new HomeRegions(scheduler, new RegionOutages(3, 2, 0, 0, -1, 0, 0), "accounts", "pk",
            new SentMessages());

    @Test
    void aDebitInTheAccountsHome_isWritten() {
        FencedReplica home = replica(0);
        scheduler.spawn(this, () -> home.transactWriteItems(r -> r.transactItems(debit(30))));
        scheduler.runUntil(60_000_000);
        assertEquals("70", balance(home));
    }

    @Test
    void aDebitInAnotherRegion_isRefusedAsAConflict_andWritesNothing() {
        // GIVEN an account homed in Region 0, in Region 1's replica
        FencedReplica elsewhere = replica(1);
        // WHEN Region 1 debits it, with funds enough
        TransactionCanceledException[] refused = new TransactionCanceledException[1];
        scheduler.spawn(this, () -> {
            try {
                elsewhere.transactWriteItems(r -> r.transactItems(debit(30)));
            } catch (TransactionCanceledException cancelled) {
                refused[0] = cancelled;
            }
        });
        scheduler.runUntil(60_000_000);
        assertNotNull(refused[0], () -> "written in Region 1: balance " + balance(elsewhere));
        // THEN the fence refuses it as TransactionConflict (retried), not ConditionalCheckFailed (a decline)
        assertEquals(List.of("TransactionConflict"), refused[0].cancellationReasons().stream().map(CancellationReason::code).toList());
        assertEquals("100", balance(elsewhere));
        assertEquals(1, elsewhere.refused());
    }

    private FencedReplica replica(int region) {
        FencedReplica replica = new FencedReplica(new SimWorld(scheduler, FaultSchedule.NONE), 40_000, "accounts", "pk", region, homes);
        replica.createTable("accounts", "pk", Optional.empty(), Optional.empty());
        Map<String, AttributeValue> account = new HashMap<>(Map.of("pk", AttributeValue.fromS("ACC-1"),
                "balance", AttributeValue.fromN("100")));
        account.putAll(HomeRegions.first(0));
        replica.load("accounts", account);
        return replica;
    }

    private static TransactWriteItem debit(long amount) {
        return TransactWriteItem.builder().update(Update.builder().tableName("accounts")
                .key(Map.of("pk", AttributeValue.fromS("ACC-1")))
                .updateExpression("SET #b = #b - :a").conditionExpression("#b >= :a")
                .expressionAttributeNames(Map.of("#b", "balance"))
                .expressionAttributeValues(Map.of(":a", AttributeValue.fromN(Long.toString(amount)))).build()).build();
    }

    private static String balance(FencedReplica replica) {
        return replica.getItem(r -> r.tableName("accounts").key(Map.of("pk", AttributeValue.fromS("ACC-1")))).item().get("balance").n();
    }
}
