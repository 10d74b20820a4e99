package com.example.bench.judge;

import com.example.localpayments.Accounts;
import com.example.payment.AccountAttributes;
import com.example.reliability.ScenarioRunner;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Where a bench's run left its end state, read consistently by a client that counts no calls.
 *
 * @param reader         the client the judge reads with (never one whose calls a bench counts)
 * @param records        ours' idempotency table ({@code PAYMENT#<transaction id>} keys)
 * @param ledger         the ledger table
 * @param baselineRecords the Powertools baseline's idempotency table
 */
public record EndTables(DynamoDbClient reader, String records, String ledger, String baselineRecords) {

    /** The template's table names, as every bench runs them on the local AWS. */
    public static final String RECORDS = "IdempotencyTable";
    public static final String LEDGER = "LedgerTable";
    public EndTables {
        Objects.requireNonNull(reader, "reader");
        Objects.requireNonNull(records, "records");
        Objects.requireNonNull(ledger, "ledger");
        Objects.requireNonNull(baselineRecords, "baselineRecords");
    }

    /** The template's tables and the baseline's, read by {@code reader}. */
    public static EndTables of(DynamoDbClient reader) {
        return new EndTables(reader, RECORDS, LEDGER, ScenarioRunner.BASELINE_TABLE);
    }

    /** The balance of {@code account} (minor units), read consistently. */
    public long balance(String account) {
        Map<String, AttributeValue> item = reader.getItem(r -> r.tableName(Accounts.TABLE)
                .key(Map.of(AccountAttributes.PK, AttributeValue.fromS(account))).consistentRead(true)).item();
        return Long.parseLong(item.get(AccountAttributes.BALANCE_MINOR).n());
    }
}
