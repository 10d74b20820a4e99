package com.example.receiver.internal.dynamodb;

import com.example.receiver.Outcome;
import com.example.receiver.internal.config.ReceiverConfig;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * A write DynamoDB refused with {@code ResourceNotFoundException}: a table it names does not exist
 * in the client's account and Region. DynamoDB's message need not name the table ("Requested
 * resource not found"), so the retry names the tables the write named, from each action's
 * {@code TableName}: the domain's, which only the effect's writes name (the records table,
 * {@code IDEMPOTENCY_TABLE}, was checked at init), or the records table for a write of it alone.
 *
 * <p>It is a {@code RETRY}, nothing written: the operation is not invalid and not decided, and the
 * table can be created (a stack still deploying, a name corrected in the next release); the
 * message comes back after the visibility timeout and, the table still missing at its last
 * receive, goes to the dead-letter queue by the queue's redrive policy, from which it is redriven
 * once the table exists. Never dead-lettered at once: nothing about the message is wrong.
 */
final class MissingTable {

    private MissingTable() {
    }

    /** The retry of a transaction of {@code writes} refused for a missing table; {@code recordsTable} is the receiver's. */
    static Outcome.Retry of(List<TransactWriteItem> writes, String recordsTable) {
        Set<String> tables = new LinkedHashSet<>();
        writes.forEach(write -> tables.add(tableOf(write)));
        return of(tables, recordsTable);
    }

    /**
     * The retry of a write on {@code tables} refused for a missing table: the domain's tables
     * named as the ones that may not exist when there are any (the records table was checked at
     * init, and refused there when it did not exist), else the records table.
     */
    static Outcome.Retry of(Set<String> tables, String recordsTable) {
        List<String> domain = tables.stream().filter(table -> !table.equals(recordsTable)).toList();
        String missing = domain.isEmpty() ? "table " + recordsTable + " (" + ReceiverConfig.IDEMPOTENCY_TABLE + ") does not exist"
                : domain.size() == 1 ? "table " + domain.getFirst() + " (the effect's writes) does not exist"
                : "one of the tables " + String.join(", ", domain) + " (the effect's writes) does not exist";
        return new Outcome.Retry("store refused 400: ResourceNotFoundException, nothing written: " + missing
                + " in this account and Region");
    }

    private static String tableOf(TransactWriteItem write) {
        if (write.put() != null) {
            return write.put().tableName();
        }
        if (write.update() != null) {
            return write.update().tableName();
        }
        if (write.delete() != null) {
            return write.delete().tableName();
        }
        return write.conditionCheck().tableName();
    }
}
