package com.example.localpayments;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The seed accounts of the local AWS ({@code infra/local-payments/accounts.json}, or a file of the same
 * shape): a JSON array of {@code {"accountId", "balanceMinor", "currency", "status"}}, the
 * balance in integer minor units of the currency, the status {@code ACTIVE} or {@code BLOCKED}.
 *
 * <p>The items are written with the attribute names of the payment module's
 * {@code com.example.payment.AccountAttributes} ({@code pk}, {@code balanceMinor},
 * {@code currency}, {@code accountStatus}). They are literals here because the payment module's
 * tests depend on this module, which cannot depend on it; the sample-event tests read the
 * seeded accounts back through the payment module's names, so a rename there fails them.
 */
public final class Accounts {

    /** The accounts table, named after its logical id like every local table. */
    public static final String TABLE = "AccountsTable";

    private static final Pattern ACCOUNT_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:-]{0,127}");
    private static final Pattern CURRENCY = Pattern.compile("[A-Z]{3}");
    private static final Set<String> STATUSES = Set.of("ACTIVE", "BLOCKED");

    /** One seed account. */
    public record Account(String accountId, long balanceMinor, String currency, String status) {

        public Account {
            Objects.requireNonNull(accountId, "accountId");
            Objects.requireNonNull(currency, "currency");
            Objects.requireNonNull(status, "status");
            if (!ACCOUNT_ID.matcher(accountId).matches()) {
                throw new IllegalArgumentException("accountId must be 1-128 characters of [A-Za-z0-9._:-]: " + accountId);
            }
            if (balanceMinor < 0) {
                throw new IllegalArgumentException(accountId + ": balanceMinor must not be negative");
            }
            if (!CURRENCY.matcher(currency).matches()) {
                throw new IllegalArgumentException(accountId + ": currency must be an ISO 4217 code");
            }
            if (!STATUSES.contains(status)) {
                throw new IllegalArgumentException(accountId + ": status must be one of " + STATUSES);
            }
        }

        Map<String, AttributeValue> item() {
            return Map.of(
                    "pk", AttributeValue.fromS(accountId),
                    "balanceMinor", AttributeValue.fromN(Long.toString(balanceMinor)),
                    "currency", AttributeValue.fromS(currency),
                    "accountStatus", AttributeValue.fromS(status));
        }
    }

    private Accounts() {
    }

    /** The accounts of {@code file}; refuses a malformed file or a repeated account id. */
    public static List<Account> read(Path file) {
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        if (root == null || !root.isArray()) {
            throw new IllegalArgumentException(file + ": expected a JSON array of accounts");
        }
        List<Account> accounts = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (JsonNode node : root) {
            JsonNode balance = node.path("balanceMinor");
            if (!balance.canConvertToExactIntegral() || !balance.canConvertToLong()) {
                throw new IllegalArgumentException(file + ": balanceMinor must be an integer (minor units) in " + node);
            }
            Account account = new Account(text(file, node, "accountId"), balance.longValue(),
                    text(file, node, "currency"), text(file, node, "status"));
            if (!seen.add(account.accountId())) {
                throw new IllegalArgumentException(file + ": account " + account.accountId() + " appears twice");
            }
            accounts.add(account);
        }
        return List.copyOf(accounts);
    }

    /**
     * Writes every account of {@code file} to {@link #TABLE}, replacing an account of the same
     * id; returns them.
     */
    public static List<Account> seed(DynamoDbClient dynamoDb, Path file) {
        return seed(dynamoDb, read(file));
    }

    /** Writes {@code accounts} to {@link #TABLE}, replacing accounts of the same ids; returns them. */
    public static List<Account> seed(DynamoDbClient dynamoDb, List<Account> accounts) {
        for (Account account : accounts) {
            dynamoDb.putItem(request -> request.tableName(TABLE).item(account.item()));
        }
        return accounts;
    }

    private static String text(Path file, JsonNode node, String field) {
        JsonNode value = node.path(field);
        if (!value.isTextual()) {
            throw new IllegalArgumentException(file + ": " + field + " must be a string in " + node);
        }
        return value.asText();
    }
}
