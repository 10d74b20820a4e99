package com.example.pretraffic;

import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The two items through {@code GetItem}, strongly consistent (the version's commit came before):
 * the record {@code PAYMENT#<transaction id>} of the idempotency table (the authorizer's key
 * prefix) and the account item. The hook's role may read these keys and no other.
 */
final class DynamoDbSmokeReads implements SmokeReads {

    static final String RECORD_KEY_PREFIX = "PAYMENT#";

    private final DynamoDbClient dynamoDb;
    private final String recordsTable;
    private final String accountsTable;

    DynamoDbSmokeReads(DynamoDbClient dynamoDb, String recordsTable, String accountsTable) {
        this.dynamoDb = dynamoDb;
        this.recordsTable = recordsTable;
        this.accountsTable = accountsTable;
    }

    @Override
    public Optional<String> recordStatus(String transactionId) {
        return Optional.ofNullable(item(recordsTable, RECORD_KEY_PREFIX + transactionId).get("status")).map(AttributeValue::s);
    }

    @Override
    public OptionalLong balanceMinor(String accountId) {
        AttributeValue balance = item(accountsTable, accountId).get("balanceMinor");
        return balance == null ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(balance.n()));
    }

    private Map<String, AttributeValue> item(String table, String key) {
        return dynamoDb.getItem(request -> request.tableName(table).consistentRead(true)
                .key(Map.of("pk", AttributeValue.fromS(key)))).item();
    }
}
