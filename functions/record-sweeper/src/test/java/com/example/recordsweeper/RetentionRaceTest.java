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

/**
 * The race the retention guards. A copy of a payment reads "no record" (step 1 of the
 * single-write commit) just before the first copy writes the record (its step 5); the copy then
 * reads the account (step 2), up to the authorizer's timeout (30 s) later. Had a sweeper removed
 * the account's {@code applied} entry in between, because the record exists, the copy would find
 * neither record nor entry and decide the payment again. The sweeper only removes an entry whose
 * record was written more than the retention (120 s) ago: so the copy finds the entry, and
 * answers DUPLICATE, however often the sweeper runs meanwhile.
 */
@ExtendWith(LocalAwsExtension.class)
class RetentionRaceTest {

    private static final Instant WRITTEN = AppliedEntrySweepTest.NOW;
    private static final Duration AUTHORIZER_TIMEOUT = Duration.ofSeconds(30);

    private final LocalAws aws;

    RetentionRaceTest(LocalAws aws) {
        this.aws = aws;
    }

    @Test
    void copyThatReadNoRecord_findsTheEntry_whenItReadsTheAccount_whileSweepersRunEverySecond() {
        aws.resetTables();
        try (DynamoDbClient dynamoDb = aws.dynamoDb()) {
            SweptTables tables = new SweptTables(dynamoDb);
            // GIVEN the first copy decided T-1 on ACC-1 (its entry is on the account), and a second copy read "no record"
            tables.account("ACC-1", 90_000, 1, Map.of("T-1", WRITTEN.minusSeconds(1)));
            assertFalse(tables.recordExists("T-1"), "the second copy's step 1: no record");
            // AND the first copy then wrote the record
            tables.record("T-1", WRITTEN, WRITTEN.plus(Duration.ofDays(7)));

            // WHEN sweepers run every second while the second copy may still be running, and up to the retention itself
            for (long second = 0; second <= SweeperSettings.DEFAULT_RETENTION.toSeconds(); second++) {
                SweptTables.sweep(dynamoDb, SweptTables.SETTINGS, WRITTEN.plusSeconds(second), Duration.ofMinutes(1));
                if (second == AUTHORIZER_TIMEOUT.toSeconds()) {
                    // THEN the second copy, reading the account at the latest its timeout allows, finds the entry: DUPLICATE
                    assertTrue(tables.applied("ACC-1").containsKey("T-1"), "the copy would decide T-1 again");
                }
            }
            assertTrue(tables.applied("ACC-1").containsKey("T-1"), "removed within the retention");

            // AND only once the retention has passed does the entry go (the record answers every later copy)
            SweptTables.Sweep after = SweptTables.sweep(dynamoDb, SweptTables.SETTINGS,
                    WRITTEN.plus(SweeperSettings.DEFAULT_RETENTION).plusSeconds(1), Duration.ofMinutes(1));
            assertEquals(1, after.count("entries_removed"));
            assertEquals(Map.of(), tables.applied("ACC-1"));
            assertTrue(tables.recordExists("T-1"));
        }
    }
}
