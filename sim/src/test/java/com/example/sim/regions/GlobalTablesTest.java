package com.example.sim.regions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.example.sim.faults.FaultSchedule;
import com.example.sim.models.DynamoDbModel;
import com.example.sim.models.SimWorld;
import com.example.sim.runtime.Scheduler;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ReplicatedWriteConflictException;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

/** The two global tables' behaviours, as their AWS pages state them (the pages: each model's Javadoc). */
class GlobalTablesTest {

    private static final long SECOND = 1_000_000;
    private static final long HOUR = 3_600 * SECOND;
    /** Region 2 lost from the first hour to the second; nothing partitioned. */
    private static final RegionOutages REGION_2_LOST = new RegionOutages(3, 2, HOUR, 2 * HOUR, -1, 0, 0);

    private final Scheduler scheduler = new Scheduler(1);

    @Test
    void mrec_lastWriterWins_dropsTheEarlierRegionsDebit() {
        // GIVEN an account of 100 in two Regions' replicas
        List<DynamoDbModel> replicas = replicas(2);
        MrecReplication replication = new MrecReplication(scheduler, replicas, new RegionOutages(2, 0, 0, 0, -1, 0, 0));
        // WHEN Region 0 debits 30 and, before that reaches Region 1, Region 1 debits 50 on its own copy
        scheduler.at(10 * SECOND, () -> put(replicas.get(0), "ACC-1", 70));
        scheduler.at(10 * SECOND + 100_000, () -> put(replicas.get(1), "ACC-1", 50));
        scheduler.runUntil(HOUR);
        // THEN both converge on the later write, 50: Region 0's debit is gone, silently
        assertEquals(50, balance(replicas.get(0), "ACC-1"));
        assertEquals(50, balance(replicas.get(1), "ACC-1"));
        assertEquals(1, replication.dropped());
    }

    @Test
    void mrec_aLostRegionsUnreplicatedWrite_arrivesOnlyAfterItReturns() {
        // GIVEN three replicas, Region 2 lost from the first hour to the second
        List<DynamoDbModel> replicas = replicas(3);
        new MrecReplication(scheduler, replicas, REGION_2_LOST);
        // WHEN Region 2 writes an item a tenth of a second before it is lost
        scheduler.at(HOUR - 100_000, () -> put(replicas.get(2), "ACC-2", 1));
        // THEN the others do not have it while it is lost, and have it within the catch-up after its return
        scheduler.runUntil(2 * HOUR - SECOND);
        assertEquals(Optional.empty(), item(replicas.get(0), "ACC-2"));
        scheduler.runUntil(2 * HOUR + 11 * 60 * SECOND);
        assertEquals(1, balance(replicas.get(0), "ACC-2"));
        assertEquals(1, balance(replicas.get(1), "ACC-2"));
    }

    @Test
    void mrsc_aRegionCutOff_refusesWritesAndReads_theOthersWriteWithTheirMajority() {
        DynamoDbModel committed = replicas(1).get(0);
        MrscGlobalTable table = new MrscGlobalTable(scheduler, committed, REGION_2_LOST, 3, 3);
        List<Throwable> lost = new ArrayList<>();
        scheduler.at(HOUR + SECOND, () -> {
            lost.add(assertThrows(DynamoDbException.class, () -> put(table.replica(2), "ACC-3", 1)));
            lost.add(assertThrows(DynamoDbException.class, () -> table.replica(2).getItem(r -> r.tableName("accounts")
                    .key(Map.of("pk", AttributeValue.fromS("ACC-3"))).consistentRead(true))));
            put(table.replica(0), "ACC-3", 5);
        });
        List<Long> read = new ArrayList<>();
        scheduler.at(HOUR + 2 * SECOND, () -> read.add(balance(table.replica(1), "ACC-3")));
        scheduler.at(2 * HOUR + SECOND, () -> read.add(balance(table.replica(2), "ACC-3")));
        scheduler.runUntil(3 * HOUR);
        assertEquals(List.of(503, 503), lost.stream().map(e -> ((DynamoDbException) e).statusCode()).toList());
        // AND what Region 0 committed is what Region 1 reads, and what Region 2 reads once back
        assertEquals(List.of(5L, 5L), read);
    }

    @Test
    void mrsc_aWriteOfOneItemFromAnotherRegionInFlight_isAReplicatedWriteConflict_andThereAreNoTransactionsNorTtl() {
        MrscGlobalTable table = new MrscGlobalTable(scheduler, replicas(1).get(0), REGION_2_LOST, 3, 3);
        List<Throwable> refused = new ArrayList<>();
        scheduler.at(SECOND, () -> {
            put(table.replica(0), "ACC-4", 10);
            refused.add(assertThrows(ReplicatedWriteConflictException.class, () -> put(table.replica(1), "ACC-4", 20)));
            put(table.replica(1), "ACC-5", 20); // another item: no conflict
        });
        scheduler.at(SECOND + MrscGlobalTable.ROUND_TRIP_MAX_MICROS + 1, () -> put(table.replica(1), "ACC-4", 30));
        scheduler.runUntil(HOUR);
        assertEquals(1, refused.size());
        assertEquals(30, balance(table.replica(0), "ACC-4"));
        DynamoDbException transaction = assertThrows(DynamoDbException.class,
                () -> table.replica(0).transactWriteItems(r -> r.transactItems(List.of())));
        assertEquals("ValidationException", transaction.awsErrorDetails().errorCode());
        assertEquals(TimeToLiveStatus.DISABLED, table.replica(0).describeTimeToLive(r -> r.tableName("accounts"))
                .timeToLiveDescription().timeToLiveStatus());
    }

    private List<DynamoDbModel> replicas(int count) {
        List<DynamoDbModel> replicas = new ArrayList<>();
        for (int r = 0; r < count; r++) {
            DynamoDbModel replica = new DynamoDbModel(new SimWorld(scheduler, FaultSchedule.NONE), 4_000);
            replica.createTable("accounts", "pk", Optional.empty(), Optional.empty());
            replicas.add(replica);
        }
        return replicas;
    }

    private static void put(DynamoDbClient dynamoDb, String account, long balance) {
        dynamoDb.putItem(r -> r.tableName("accounts").item(Map.of("pk", AttributeValue.fromS(account),
                "balanceMinor", AttributeValue.fromN(Long.toString(balance)))));
    }

    private static Optional<Map<String, AttributeValue>> item(DynamoDbClient dynamoDb, String account) {
        Map<String, AttributeValue> item = dynamoDb.getItem(r -> r.tableName("accounts")
                .key(Map.of("pk", AttributeValue.fromS(account))).consistentRead(true)).item();
        return item == null || item.isEmpty() ? Optional.empty() : Optional.of(item);
    }

    private static long balance(DynamoDbClient dynamoDb, String account) {
        return Long.parseLong(item(dynamoDb, account).orElseThrow().get("balanceMinor").n());
    }
}
