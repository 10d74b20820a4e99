package com.example.recordsweeper;

import com.example.receiver.record.IdempotencyRecordAttributes;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReplicatedWriteConflictException;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * Removes the account items' {@code applied} entries that no copy of their payment can need any
 * more. An entry answers a copy that arrives after the decision but before its idempotency record
 * exists; once the record exists, the record answers. But a receiver that read "no record" just
 * before the record was written reads the account next, up to its timeout later: so an entry goes
 * only when its record exists (a strongly consistent read) and was written more than the
 * retention ago. The removal is conditional on the entry's {@code decidedAt} being the one read,
 * and touches nothing else of the item (neither {@code balanceMinor} nor {@code version}).
 *
 * <p>An entry whose record is missing stays: its copy's derived writes are not done yet, and the
 * copy that completes them needs the entry (or, if the record has expired and been deleted, it
 * stays for good: a few bytes, never a wrong answer).
 */
final class AppliedEntrySweep {

    /** How the log line names this scan when the budget cuts it short. */
    static final String NAME = "applied entries";

    private final DynamoDbClient dynamoDb;
    private final SweeperSettings settings;
    private final Clock clock;

    AppliedEntrySweep(DynamoDbClient dynamoDb, SweeperSettings settings, Clock clock) {
        this.dynamoDb = Objects.requireNonNull(dynamoDb, "dynamoDb");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Scans the accounts table page by page until its end or the budget's. */
    void run(TimeBudget budget, SweepTally tally) {
        for (ScanResponse page : dynamoDb.scanPaginator(request -> request.tableName(settings.accountsTable())
                .projectionExpression("#pk, #applied")
                .filterExpression("attribute_exists(#applied)")
                .expressionAttributeNames(Map.of("#pk", SweptAttributes.ACCOUNT_KEY, "#applied", SweptAttributes.APPLIED)))) {
            tally.scanned(page.scannedCount());
            if (budget.spent()) {
                tally.stoppedIn(NAME);
                return;
            }
            for (Map<String, AttributeValue> account : page.items()) {
                // Sorted: a run cut short by its budget has done the same entries whatever the map's order.
                for (Map.Entry<String, AttributeValue> entry : new TreeMap<>(account.get(SweptAttributes.APPLIED).m()).entrySet()) {
                    if (budget.spent()) {
                        tally.stoppedIn(NAME);
                        return;
                    }
                    sweep(account.get(SweptAttributes.ACCOUNT_KEY), entry.getKey(), entry.getValue(), tally);
                }
            }
        }
    }

    private void sweep(AttributeValue account, String transactionId, AttributeValue entry, SweepTally tally) {
        AttributeValue decidedAt = entry.hasM() ? entry.m().get(SweptAttributes.DECIDED_AT) : null;
        if (decidedAt == null || !recordedBefore(transactionId, clock.instant().minus(settings.appliedRetention()))) {
            return;
        }
        try {
            dynamoDb.updateItem(request -> request.tableName(settings.accountsTable())
                    .key(Map.of(SweptAttributes.ACCOUNT_KEY, account))
                    .updateExpression("REMOVE #applied.#txn")
                    .conditionExpression("#applied.#txn.#decidedAt = :decidedAt")
                    .expressionAttributeNames(Map.of("#applied", SweptAttributes.APPLIED, "#txn", transactionId,
                            "#decidedAt", SweptAttributes.DECIDED_AT))
                    .expressionAttributeValues(Map.of(":decidedAt", decidedAt)));
            tally.entryRemoved();
        } catch (ConditionalCheckFailedException | ReplicatedWriteConflictException changedMeanwhile) {
            tally.skipped();
        }
    }

    /** Whether the transaction's idempotency record exists and was written before {@code cutoff}. */
    private boolean recordedBefore(String transactionId, Instant cutoff) {
        Map<String, AttributeValue> record = dynamoDb.getItem(request -> request.tableName(settings.idempotencyTable())
                .key(Map.of(IdempotencyRecordAttributes.PK, AttributeValue.fromS(SweptAttributes.RECORD_KEY_PREFIX + transactionId)))
                .consistentRead(true)
                .projectionExpression("#recordedAt")
                .expressionAttributeNames(Map.of("#recordedAt", SweptAttributes.RECORDED_AT))).item();
        AttributeValue recordedAt = record == null ? null : record.get(SweptAttributes.RECORDED_AT);
        return recordedAt != null && recordedAt.n() != null
                && Instant.ofEpochSecond(Long.parseLong(recordedAt.n())).isBefore(cutoff);
    }
}
