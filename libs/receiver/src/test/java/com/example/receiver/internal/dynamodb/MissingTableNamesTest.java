package com.example.receiver.internal.dynamodb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.receiver.Outcome;
import com.example.receiver.RetryCause;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Which tables the retry of a write refused for a missing table names: the domain's (one, or
 * several of which one is missing), the records table only for a write of it alone (a decline's
 * record); every kind of action read for its table. The local AWS run is {@code MissingTableTest}.
 */
class MissingTableNamesTest {

    private static final String RECORDS = "Records";
    private static final String PREFIX = "store refused 400: ResourceNotFoundException, nothing written: ";
    private static final Map<String, AttributeValue> KEY = Map.of("pk", AttributeValue.fromS("K"));

    @Test
    void oneDomainTable_isNamed_theRecordsTableLeftOut() {
        assertEquals(retry("table Seats (the effect's writes) does not exist in this account and Region"),
                MissingTable.of(List.of(put(RECORDS), update("Seats")), RECORDS));
    }

    @Test
    void severalDomainTables_areNamed_asOneOfThem_inTheWritesOrder() {
        assertEquals(retry("one of the tables Wallets, Transfers (the effect's writes) does not exist in this account and Region"),
                MissingTable.of(List.of(put(RECORDS), update("Wallets"), check("Wallets"), delete("Transfers")), RECORDS));
    }

    @Test
    void aWriteOfTheRecordsTableAlone_namesItsVariable() {
        assertEquals(retry("table Records (IDEMPOTENCY_TABLE) does not exist in this account and Region"),
                MissingTable.of(List.of(put(RECORDS)), RECORDS));
    }

    private static Outcome.Retry retry(String missing) {
        return new Outcome.Retry(RetryCause.FAILURE, PREFIX + missing);
    }

    private static TransactWriteItem put(String table) {
        return TransactWriteItem.builder().put(put -> put.tableName(table).item(KEY)).build();
    }

    private static TransactWriteItem update(String table) {
        return TransactWriteItem.builder().update(update -> update.tableName(table).key(KEY)).build();
    }

    private static TransactWriteItem check(String table) {
        return TransactWriteItem.builder().conditionCheck(check -> check.tableName(table).key(KEY)).build();
    }

    private static TransactWriteItem delete(String table) {
        return TransactWriteItem.builder().delete(delete -> delete.tableName(table).key(KEY)).build();
    }
}
