package com.example.recordsweeper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The sweep of expired idempotency records against the local DynamoDB: TTL's work, on a table that has none. */
@ExtendWith(LocalAwsExtension.class)
class ExpiredRecordSweepTest {

    private static final Instant NOW = AppliedEntrySweepTest.NOW;

    private final LocalAws aws;

    ExpiredRecordSweepTest(LocalAws aws) {
        this.aws = aws;
    }

    @Test
    void expiredRecord_isDeleted_andAnUnexpiredOneKept() {
        // GIVEN a record that expired a second ago, one that expires now, and one that expires in a day
        aws.resetTables();
        try (DynamoDbClient dynamoDb = aws.dynamoDb()) {
            SweptTables tables = new SweptTables(dynamoDb);
            tables.record("T-PAST", NOW.minus(Duration.ofDays(7)), NOW.minusSeconds(1));
            tables.record("T-NOW", NOW.minus(Duration.ofDays(7)), NOW);
            tables.record("T-FUTURE", NOW.minus(Duration.ofDays(6)), NOW.plus(Duration.ofDays(1)));

            // WHEN the sweeper runs
            SweptTables.Sweep sweep = SweptTables.sweep(dynamoDb, SweptTables.SETTINGS, NOW, Duration.ofMinutes(1));

            // THEN only the record whose expiresAt is past is deleted
            assertFalse(tables.recordExists("T-PAST"));
            assertTrue(tables.recordExists("T-NOW"));
            assertTrue(tables.recordExists("T-FUTURE"));
            assertEquals(Map.of("records_deleted", 1L, "entries_removed", 0L, "items_scanned", 3L),
                    Map.of("records_deleted", sweep.count("records_deleted"), "entries_removed", sweep.count("entries_removed"),
                            "items_scanned", sweep.count("items_scanned")));
        }
    }
}
