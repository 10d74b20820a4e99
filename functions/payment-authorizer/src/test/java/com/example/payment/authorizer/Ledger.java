package com.example.payment.authorizer;

import com.example.payment.AccountAttributes;
import com.example.payment.LedgerAttributes;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Reads and seeds the local tables the way a user would check them. */
final class Ledger {

    static final String ACCOUNTS = "AccountsTable";
    static final String LEDGER = "LedgerTable";
    static final String RECORDS = "IdempotencyTable";

    private final DynamoDbClient dynamoDb;

    Ledger(DynamoDbClient dynamoDb) {
        this.dynamoDb = dynamoDb;
    }

    void openAccount(String account, long balanceMinor, String currency) {
        openAccount(account, balanceMinor, currency, AccountAttributes.ACTIVE);
    }

    void openAccount(String account, long balanceMinor, String currency, String status) {
        dynamoDb.putItem(request -> request.tableName(ACCOUNTS).item(Map.of(
                AccountAttributes.PK, AttributeValue.fromS(account),
                AccountAttributes.BALANCE_MINOR, AttributeValue.fromN(Long.toString(balanceMinor)),
                AccountAttributes.CURRENCY, AttributeValue.fromS(currency),
                AccountAttributes.ACCOUNT_STATUS, AttributeValue.fromS(status))));
    }

    /** Opens ACC-0 .. ACC-(count-1) in EUR with the same balance. */
    void openAccounts(int count, long balanceMinor) {
        for (int i = 0; i < count; i++) {
            openAccount("ACC-" + i, balanceMinor, "EUR");
        }
    }

    long balance(String account) {
        return Long.parseLong(dynamoDb.getItem(request -> request.tableName(ACCOUNTS)
                        .key(Map.of(AccountAttributes.PK, AttributeValue.fromS(account)))
                        .consistentRead(true))
                .item().get(AccountAttributes.BALANCE_MINOR).n());
    }

    List<Map<String, AttributeValue>> entries(String account) {
        return dynamoDb.query(request -> request.tableName(LEDGER)
                .keyConditionExpression("#pk = :pk")
                .expressionAttributeNames(Map.of("#pk", LedgerAttributes.PK))
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(account)))
                .consistentRead(true)).items();
    }

    int allEntries() {
        return dynamoDb.scanPaginator(request -> request.tableName(LEDGER)).stream().mapToInt(page -> page.count()).sum();
    }

    Optional<Map<String, AttributeValue>> record(String txn) {
        Map<String, AttributeValue> item = dynamoDb.getItem(request -> request.tableName(RECORDS)
                .key(Map.of("pk", AttributeValue.fromS("PAYMENT#" + txn))).consistentRead(true)).item();
        return item == null || item.isEmpty() ? Optional.empty() : Optional.of(item);
    }
}
