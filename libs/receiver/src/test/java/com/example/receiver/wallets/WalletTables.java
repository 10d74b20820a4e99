package com.example.receiver.wallets;

import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Fresh tables on the local AWS, named apart from every other test's: the idempotency records
 * ({@code pk}, TTL on {@code expiresAt}), the wallets ({@code wallet}, a {@code balance} in minor
 * units) seeded as given, and the transfers ({@code transfer_id}). Reads what a user would check:
 * every wallet's balance.
 */
public final class WalletTables {

    /** What every transfer record's key starts with. */
    public static final String KEY_PREFIX = "TRANSFER";

    private final DynamoDbClient dynamoDb;
    private final String records;
    private final String wallets;
    private final String transfers;

    private WalletTables(DynamoDbClient dynamoDb, String suffix) {
        this.dynamoDb = dynamoDb;
        this.records = "TransferRecords-" + suffix;
        this.wallets = "Wallets-" + suffix;
        this.transfers = "Transfers-" + suffix;
    }

    /** Creates the tables with {@code admin} (a client the tests' counted calls leave out), the wallets holding {@code balances}. */
    public static WalletTables create(DynamoDbClient admin, Map<String, Long> balances) {
        WalletTables tables = new WalletTables(admin, UUID.randomUUID().toString().substring(0, 8));
        createTable(admin, tables.records, "pk");
        admin.updateTimeToLive(request -> request.tableName(tables.records)
                .timeToLiveSpecification(ttl -> ttl.enabled(true).attributeName("expiresAt")));
        createTable(admin, tables.wallets, "wallet");
        createTable(admin, tables.transfers, "transfer_id");
        balances.forEach((wallet, balance) -> admin.putItem(request -> request.tableName(tables.wallets)
                .item(Map.of("wallet", AttributeValue.fromS(wallet), "balance", AttributeValue.fromN(Long.toString(balance))))));
        return tables;
    }

    private static void createTable(DynamoDbClient admin, String name, String key) {
        admin.createTable(request -> request.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(AttributeDefinition.builder().attributeName(key).attributeType(ScalarAttributeType.S).build())
                .keySchema(KeySchemaElement.builder().attributeName(key).keyType(KeyType.HASH).build()));
    }

    /** The records table's name. */
    public String records() {
        return records;
    }

    /** The effect the function runs on these tables. */
    public WalletTransfers effect() {
        return new WalletTransfers(wallets, transfers);
    }

    /** Every wallet's balance, sorted by wallet. */
    public Map<String, Long> balances() {
        Map<String, Long> balances = new TreeMap<>();
        dynamoDb.scanPaginator(request -> request.tableName(wallets).consistentRead(true)).items()
                .forEach(item -> balances.put(item.get("wallet").s(), Long.parseLong(item.get("balance").n())));
        return balances;
    }
}
