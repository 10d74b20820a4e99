package com.example.demo;

import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The demo's view of the tables: what a user would look at afterwards. */
final class Ledger {

    private final DynamoDbClient dynamoDb;

    Ledger(DynamoDbClient dynamoDb) {
        this.dynamoDb = dynamoDb;
    }

    Map<String, Long> balances() {
        Map<String, Long> balances = new HashMap<>();
        dynamoDb.scanPaginator(r -> r.tableName("AccountsTable")).items().forEach(item ->
                balances.put(item.get("pk").s(), Long.parseLong(item.get("balanceMinor").n())));
        return balances;
    }

    long ledgerRows() {
        return dynamoDb.scanPaginator(r -> r.tableName("LedgerTable")).items().stream().count();
    }

    /** Idempotency records by status. */
    Map<String, Long> recordsByStatus() {
        Map<String, Long> byStatus = new HashMap<>();
        dynamoDb.scanPaginator(r -> r.tableName("IdempotencyTable")).items().forEach(item ->
                byStatus.merge(item.get("status").s(), 1L, Long::sum));
        return byStatus;
    }
}
