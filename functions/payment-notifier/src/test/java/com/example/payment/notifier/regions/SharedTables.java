package com.example.payment.notifier.regions;

import java.util.Map;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The three tables every Region's functions share, read back strongly consistent after a walk.
 *
 * @param statuses    each idempotency record's {@code status}, by transaction id
 * @param ledgerRows  how many ledger entries each transaction id has (its sort key)
 * @param balances    each account's balance in minor units, by account id
 */
record SharedTables(Map<String, String> statuses, Map<String, Integer> ledgerRows, Map<String, Long> balances) {

    private static final String RECORD_KEY_PREFIX = "PAYMENT#";

    static SharedTables read(DynamoDbClient dynamoDb) {
        Map<String, String> statuses = new TreeMap<>();
        scan(dynamoDb, "IdempotencyTable", item -> {
            String key = item.get("pk").s();
            if (key.startsWith(RECORD_KEY_PREFIX)) {
                statuses.put(key.substring(RECORD_KEY_PREFIX.length()), item.get("status").s());
            }
        });
        Map<String, Integer> ledgerRows = new TreeMap<>();
        scan(dynamoDb, "LedgerTable", item -> ledgerRows.merge(item.get("sk").s(), 1, Integer::sum));
        Map<String, Long> balances = new TreeMap<>();
        scan(dynamoDb, "AccountsTable", item -> balances.put(item.get("pk").s(), Long.parseLong(item.get("balanceMinor").n())));
        return new SharedTables(statuses, ledgerRows, balances);
    }

    private static void scan(DynamoDbClient dynamoDb, String table, java.util.function.Consumer<Map<String, AttributeValue>> each) {
        dynamoDb.scanPaginator(request -> request.tableName(table).consistentRead(true)).items().forEach(each);
    }
}
