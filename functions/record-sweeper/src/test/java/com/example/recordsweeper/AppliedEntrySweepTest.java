package com.example.recordsweeper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * The sweep of the account items' {@code applied} entries against the local DynamoDB: an entry
 * goes only when its record exists and was written more than the retention (120 s) ago, and its
 * removal touches nothing else of the item. Each test sweeps once at {@link #NOW}.
 */
@ExtendWith(LocalAwsExtension.class)
class AppliedEntrySweepTest {

    static final Instant NOW = Instant.parse("2026-12-06T12:00:00Z");
    static final Duration MINUTE = Duration.ofSeconds(60);
    static final Instant EXPIRES = NOW.plus(Duration.ofDays(7));

    private final LocalAws aws;
    private DynamoDbClient dynamoDb;
    private SweptTables tables;

    AppliedEntrySweepTest(LocalAws aws) {
        this.aws = aws;
    }

    @BeforeEach
    void freshTables() {
        aws.resetTables();
        dynamoDb = aws.dynamoDb();
        tables = new SweptTables(dynamoDb);
    }

    @AfterEach
    void closeClient() {
        dynamoDb.close();
    }

    @Test
    void entryWhoseRecordIsOlderThanTheRetention_isRemoved_andTheBalanceAndVersionAreUntouched() {
        // GIVEN an account with two entries: T-OLD recorded 121 s ago, T-NEW recorded 10 s ago
        tables.account("ACC-1", 87_450, 7, Map.of("T-OLD", NOW.minusSeconds(125), "T-NEW", NOW.minusSeconds(12)));
        tables.record("T-OLD", NOW.minusSeconds(121), EXPIRES);
        tables.record("T-NEW", NOW.minusSeconds(10), EXPIRES);

        // WHEN the sweeper runs
        SweptTables.Sweep sweep = SweptTables.sweep(dynamoDb, SweptTables.SETTINGS, NOW, MINUTE);

        // THEN T-OLD's entry is gone, T-NEW's stays, and the balance and version are as they were
        assertEquals(Map.of("T-NEW", NOW.minusSeconds(12).getEpochSecond()), tables.applied("ACC-1"));
        Map<String, AttributeValue> account = tables.account("ACC-1");
        assertEquals("87450", account.get("balanceMinor").n());
        assertEquals("7", account.get("version").n());
        // AND the records are both kept (neither has expired), and the run says what it did
        assertTrue(tables.recordExists("T-OLD") && tables.recordExists("T-NEW"));
        assertEquals(1, sweep.count("entries_removed"));
        assertEquals(0, sweep.count("records_deleted"));
        assertEquals(0, sweep.count("skipped_conflicts"));
        assertEquals(3, sweep.count("items_scanned"), "one account, two records");
        assertTrue(sweep.line().path("complete").asBoolean());
        assertEquals(List.of(), sweep.output().emfViolations());
        JsonNode emf = sweep.output().emf().get(0);
        assertEquals(RecordSweeper.SERVICE, emf.path("Service").asText());
        assertEquals(1, emf.path(SweeperMetrics.ENTRIES_REMOVED.name()).get(0).asLong());
        assertEquals(0, emf.path(SweeperMetrics.RECORDS_DELETED.name()).get(0).asLong());
    }

    @Test
    void entryWhoseRecordIsMissing_stays() {
        // GIVEN an entry decided long ago whose copy died before writing its record
        tables.account("ACC-1", 10_000, 3, Map.of("T-1", NOW.minus(Duration.ofHours(1))));

        // WHEN the sweeper runs
        SweptTables.Sweep sweep = SweptTables.sweep(dynamoDb, SweptTables.SETTINGS, NOW, MINUTE);

        // THEN the entry stays: the copy that completes the derived writes answers from it
        assertEquals(Map.of("T-1", NOW.minus(Duration.ofHours(1)).getEpochSecond()), tables.applied("ACC-1"));
        assertEquals(0, sweep.count("entries_removed"));
    }

    @Test
    void entryWhoseRecordIsYoungerThanTheRetention_stays_evenAtTheRetentionItself() {
        // GIVEN entries whose records were written 119 s and exactly 120 s ago
        tables.account("ACC-1", 10_000, 4, Map.of("T-119", NOW.minusSeconds(119), "T-120", NOW.minusSeconds(120)));
        tables.record("T-119", NOW.minusSeconds(119), EXPIRES);
        tables.record("T-120", NOW.minusSeconds(120), EXPIRES);

        // WHEN the sweeper runs
        SweptTables.Sweep sweep = SweptTables.sweep(dynamoDb, SweptTables.SETTINGS, NOW, MINUTE);

        // THEN both stay: only a record written MORE than the retention ago lets its entry go
        assertEquals(Map.of("T-119", NOW.minusSeconds(119).getEpochSecond(), "T-120", NOW.minusSeconds(120).getEpochSecond()),
                tables.applied("ACC-1"));
        assertEquals(0, sweep.count("entries_removed"));
    }

    @Test
    void entryReplacedBetweenTheScanAndTheRemoval_stays_andIsCountedAsSkipped() {
        // GIVEN an entry whose record is old enough
        tables.account("ACC-1", 10_000, 5, Map.of("T-1", NOW.minusSeconds(300)));
        tables.record("T-1", NOW.minusSeconds(300), EXPIRES);
        Instant rewritten = NOW.minusSeconds(1);
        // AND another writer that replaces the entry (another decidedAt) just after the sweeper reads the record
        DynamoDbClient interleaved = new InterleavedDynamoDb(dynamoDb, request -> dynamoDb.updateItem(update -> update
                .tableName(SweptTables.ACCOUNTS).key(Map.of("pk", AttributeValue.fromS("ACC-1")))
                .updateExpression("SET applied.#txn = :entry")
                .expressionAttributeNames(Map.of("#txn", "T-1"))
                .expressionAttributeValues(Map.of(":entry", SweptTables.entry(rewritten)))));

        // WHEN the sweeper runs
        SweptTables.Sweep sweep = SweptTables.sweep(interleaved, SweptTables.SETTINGS, NOW, MINUTE);

        // THEN its removal is refused by the condition on decidedAt: the new entry stays
        assertEquals(Map.of("T-1", rewritten.getEpochSecond()), tables.applied("ACC-1"));
        assertEquals(0, sweep.count("entries_removed"));
        assertEquals(1, sweep.count("skipped_conflicts"));
    }

    @Test
    void runWithoutTimeLeft_removesNothing_andSaysWhereItStopped() {
        // GIVEN an entry that would go, and an invocation with only the budget's reserve left
        tables.account("ACC-1", 10_000, 5, Map.of("T-1", NOW.minusSeconds(300)));
        tables.record("T-1", NOW.minusSeconds(300), NOW.minusSeconds(1));

        // WHEN the sweeper runs
        SweptTables.Sweep sweep = SweptTables.sweep(dynamoDb, SweptTables.SETTINGS, NOW, TimeBudget.RESERVE);

        // THEN it stops before its first item, and its line says so; the next run starts again
        assertEquals(Map.of("T-1", NOW.minusSeconds(300).getEpochSecond()), tables.applied("ACC-1"));
        assertTrue(tables.recordExists("T-1"), "the expired record's scan was not begun");
        assertFalse(sweep.line().path("complete").asBoolean());
        assertEquals(AppliedEntrySweep.NAME, sweep.line().path("stopped_in").asText());
        assertEquals(0, sweep.count("entries_removed") + sweep.count("records_deleted"));
    }

    /** The local DynamoDB, with {@code interleave} run after each {@code GetItem}: another writer's step between the sweeper's read and its write. */
    record InterleavedDynamoDb(DynamoDbClient local, Consumer<GetItemRequest> interleave) implements DynamoDbClient {

        @Override
        public GetItemResponse getItem(GetItemRequest request) {
            GetItemResponse response = local.getItem(request);
            interleave.accept(request);
            return response;
        }

        @Override
        public ScanResponse scan(ScanRequest request) {
            return local.scan(request);
        }

        @Override
        public UpdateItemResponse updateItem(UpdateItemRequest request) {
            return local.updateItem(request);
        }

        @Override
        public String serviceName() {
            return local.serviceName();
        }

        @Override
        public void close() {
            // the test closes the local client
        }
    }
}
