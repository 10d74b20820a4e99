package com.example.recordsweeper;

import com.example.receiver.record.IdempotencyRecordAttributes;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReplicatedWriteConflictException;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * Deletes the idempotency records past their {@code expiresAt}, as TTL does on a single-Region
 * table: each with a {@code DeleteItem} conditional on {@code expiresAt} still being past, so a
 * record rewritten meanwhile stays. The deletion reaches the stream as a {@code REMOVE}, which the
 * publisher ignores as it ignores TTL's.
 */
final class ExpiredRecordSweep {

    /** How the log line names this scan when the budget cuts it short. */
    static final String NAME = "expired records";

    private final DynamoDbClient dynamoDb;
    private final String table;

    ExpiredRecordSweep(DynamoDbClient dynamoDb, String table) {
        this.dynamoDb = Objects.requireNonNull(dynamoDb, "dynamoDb");
        this.table = Objects.requireNonNull(table, "table");
    }

    /** Scans the idempotency table page by page until its end or the budget's, deleting what expired before {@code now}. */
    void run(Instant now, TimeBudget budget, SweepTally tally) {
        Map<String, String> names = Map.of("#pk", IdempotencyRecordAttributes.PK, "#expiresAt", IdempotencyRecordAttributes.EXPIRES_AT);
        Map<String, AttributeValue> past = Map.of(":now", AttributeValue.fromN(Long.toString(now.getEpochSecond())));
        for (ScanResponse page : dynamoDb.scanPaginator(request -> request.tableName(table)
                .projectionExpression("#pk, #expiresAt")
                .filterExpression("#expiresAt < :now")
                .expressionAttributeNames(names)
                .expressionAttributeValues(past))) {
            tally.scanned(page.scannedCount());
            if (budget.spent()) {
                tally.stoppedIn(NAME);
                return;
            }
            for (Map<String, AttributeValue> record : page.items()) {
                if (budget.spent()) {
                    tally.stoppedIn(NAME);
                    return;
                }
                try {
                    dynamoDb.deleteItem(request -> request.tableName(table)
                            .key(Map.of(IdempotencyRecordAttributes.PK, record.get(IdempotencyRecordAttributes.PK)))
                            .conditionExpression("#expiresAt < :now")
                            .expressionAttributeNames(Map.of("#expiresAt", IdempotencyRecordAttributes.EXPIRES_AT))
                            .expressionAttributeValues(past));
                    tally.recordDeleted();
                } catch (ConditionalCheckFailedException | ReplicatedWriteConflictException changedMeanwhile) {
                    tally.skipped();
                }
            }
        }
    }
}
