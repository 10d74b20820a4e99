package com.example.compat;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * What both versions left in the template's tables, as a user would read it back.
 *
 * @param records     each idempotency record's status (its raw value), by transaction id
 * @param ledgerRows  the ledger's rows per transaction id (its sort key)
 * @param balances    each account's balance in minor units
 */
record TableState(Map<String, String> records, Map<String, Long> ledgerRows, Map<String, Long> balances) {

    static final String RECORDS = "IdempotencyTable";
    static final String LEDGER = "LedgerTable";
    static final String ACCOUNTS = "AccountsTable";
    private static final String KEY_PREFIX = "PAYMENT#";
    /**
     * Items a scan's page asks for: moto answers a page of a few thousand records slower than the
     * client's timeout on a loaded machine (a run of 3 000 payments timed out on its first page).
     */
    static final int PAGE = 250;

    TableState {
        records = Map.copyOf(records);
        ledgerRows = Map.copyOf(ledgerRows);
        balances = Map.copyOf(balances);
    }

    static TableState read(DynamoDbClient dynamoDb) {
        Map<String, String> records = new TreeMap<>();
        dynamoDb.scanPaginator(request -> request.tableName(RECORDS).limit(PAGE)).items().forEach(item -> {
            String pk = item.get("pk").s();
            if (pk.startsWith(KEY_PREFIX)) {
                records.put(pk.substring(KEY_PREFIX.length()), item.containsKey("status") ? item.get("status").s() : "(none)");
            }
        });
        Map<String, Long> ledgerRows = new HashMap<>();
        dynamoDb.scanPaginator(request -> request.tableName(LEDGER).limit(PAGE)).items()
                .forEach(item -> ledgerRows.merge(item.get("sk").s(), 1L, Long::sum));
        Map<String, Long> balances = new HashMap<>();
        dynamoDb.scanPaginator(request -> request.tableName(ACCOUNTS).limit(PAGE)).items()
                .forEach(item -> balances.put(item.get("pk").s(), Long.parseLong(item.get("balanceMinor").n())));
        return new TableState(records, ledgerRows, balances);
    }
}
