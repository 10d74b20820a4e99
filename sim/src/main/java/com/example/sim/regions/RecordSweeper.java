package com.example.sim.regions;

import com.example.receiver.record.IdempotencyRecordAttributes;
import com.example.sim.oracles.Oracles;
import com.example.sim.runtime.Scheduler;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ReplicatedWriteConflictException;

/**
 * The record sweeper of one Region ({@code functions/record-sweeper}, an EventBridge schedule of
 * {@code rate(1 minute)} in every Region of a multi-Region stack), which stands for TTL on MRSC
 * tables. Each minute its Region is up:
 * <ul>
 *   <li>it removes an account's {@code applied} entry only when the transaction's idempotency
 *       record exists (read strongly consistent) and was written more than
 *       {@code APPLIED_RETENTION_SECONDS} ago (its {@code recordedAt}): a copy that read "no record"
 *       before the record was written finishes its invocation (30 s at most) before the entry goes,
 *       so it meets the entry. {@code UpdateItem REMOVE applied.#txn} under
 *       {@code applied.#txn.decidedAt = :d}: that entry only, never the balance or the version;</li>
 *   <li>it deletes the records whose {@code expiresAt} is past, {@code DeleteItem} under
 *       {@code expiresAt < :now};</li>
 *   <li>a refusal of either ({@code ConditionalCheckFailedException}: a receiver or another Region's
 *       sweeper got there; {@code ReplicatedWriteConflictException}) skips that item, counted; a
 *       Region cut off sweeps nothing until the next minute.</li>
 * </ul>
 */
public final class RecordSweeper {

    /** The function's default retention: the authorizer's 30 s timeout, and margin for the clocks' skew. */
    public static final long DEFAULT_RETENTION_SECONDS = 120;
    /** The least retention the function accepts at init. */
    public static final long LEAST_RETENTION_SECONDS = 90;
    private static final long MINUTE_MICROS = 60_000_000L;

    /** A sweeper's counts. */
    public static final class Counts {
        long removed;
        long deleted;
        long skipped;
        long sweeps;

        @Override
        public String toString() {
            return String.format("sweeps=%d applied_removed=%d records_deleted=%d sweep_skipped=%d", sweeps, removed, deleted, skipped);
        }
    }

    private final Scheduler scheduler;
    private final DynamoDbClient table;
    private final Oracles.Tables tables;
    private final java.util.function.BooleanSupplier up;
    private final long retentionSeconds;
    private final long until;
    private final Counts counts;

    /**
     * @param retentionSeconds {@code APPLIED_RETENTION_SECONDS}; below {@value #LEAST_RETENTION_SECONDS} refused, as
     *                         the function refuses it at init
     * @param until            when the sweeps stop (virtual micros): the run's end
     */
    public RecordSweeper(Scheduler scheduler, DynamoDbClient table, Oracles.Tables tables, java.util.function.BooleanSupplier up,
                         long retentionSeconds, long until, Counts counts) {
        if (retentionSeconds < LEAST_RETENTION_SECONDS) {
            throw new IllegalArgumentException("APPLIED_RETENTION_SECONDS must be at least " + LEAST_RETENTION_SECONDS
                    + " (the authorizer's 30 s timeout and the clocks' skew), was " + retentionSeconds);
        }
        this.scheduler = scheduler;
        this.table = table;
        this.tables = tables;
        this.up = up;
        this.retentionSeconds = retentionSeconds;
        this.until = until;
        this.counts = counts;
    }

    /** The schedule: a sweep every minute from now. */
    public void start() {
        scheduler.at(scheduler.now() + MINUTE_MICROS, this::scheduled);
    }

    private void scheduled() {
        if (scheduler.now() < until) {
            scheduler.at(scheduler.now() + MINUTE_MICROS, this::scheduled);
        }
        if (up.getAsBoolean()) {
            scheduler.spawn(this, () -> {
                try {
                    sweep();
                } catch (DynamoDbException cutOff) {
                    // the Region without its majority: the next minute's sweep tries again
                } catch (Scheduler.Ended lost) {
                    // the Region was lost under it
                }
            });
        }
    }

    /** One sweep: the accounts' {@code applied} entries, then the expired records. */
    public void sweep() {
        counts.sweeps++;
        long now = scheduler.instant().getEpochSecond();
        for (Map<String, AttributeValue> account : List.copyOf(table.scan(r -> r.tableName(tables.accounts())).items())) {
            AttributeValue applied = account.get(SingleWrite.APPLIED);
            if (applied == null || !applied.hasM()) {
                continue;
            }
            for (Map.Entry<String, AttributeValue> entry : applied.m().entrySet()) {
                if (entry.getValue().m().get(SingleWrite.DECIDED_AT) != null && due(entry.getKey(), now)) {
                    skipRefused(() -> remove(account, entry.getKey(), entry.getValue().m().get(SingleWrite.DECIDED_AT)), true);
                }
            }
        }
        for (Map<String, AttributeValue> record : List.copyOf(table.scan(r -> r.tableName(tables.records())).items())) {
            if (Long.parseLong(record.get(IdempotencyRecordAttributes.EXPIRES_AT).n()) < now) {
                skipRefused(() -> table.deleteItem(r -> r.tableName(tables.records())
                        .key(Map.of(IdempotencyRecordAttributes.PK, record.get(IdempotencyRecordAttributes.PK)))
                        .conditionExpression("#e < :now").expressionAttributeNames(Map.of("#e", IdempotencyRecordAttributes.EXPIRES_AT))
                        .expressionAttributeValues(Map.of(":now", AttributeValue.fromN(Long.toString(now))))), false);
            }
        }
    }

    /** Whether the transaction's record exists and was written more than the retention ago. */
    private boolean due(String txn, long now) {
        Map<String, AttributeValue> record = table.getItem(r -> r.tableName(tables.records()).consistentRead(true)
                .key(Map.of(IdempotencyRecordAttributes.PK, AttributeValue.fromS("PAYMENT#" + txn)))).item();
        if (record == null || record.isEmpty()) {
            return false;
        }
        AttributeValue recordedAt = record.get(SingleWrite.RECORDED_AT);
        return recordedAt != null && Long.parseLong(recordedAt.n()) < now - retentionSeconds;
    }

    private void remove(Map<String, AttributeValue> account, String txn, AttributeValue decidedAt) {
        Map<String, String> names = new HashMap<>(Map.of("#a", SingleWrite.APPLIED, "#t", txn, "#d", SingleWrite.DECIDED_AT));
        table.updateItem(r -> r.tableName(tables.accounts())
                .key(Map.of(com.example.payment.AccountAttributes.PK, account.get(com.example.payment.AccountAttributes.PK)))
                .updateExpression("REMOVE #a.#t").conditionExpression("#a.#t.#d = :d")
                .expressionAttributeNames(names).expressionAttributeValues(Map.of(":d", decidedAt)));
    }

    private void skipRefused(Runnable write, boolean applied) {
        try {
            write.run();
            if (applied) {
                counts.removed++;
            } else {
                counts.deleted++;
            }
        } catch (ConditionalCheckFailedException | ReplicatedWriteConflictException skipped) {
            counts.skipped++;
        }
    }
}
