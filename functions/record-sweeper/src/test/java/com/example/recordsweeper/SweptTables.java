package com.example.recordsweeper;

import com.example.lambdakit.telemetry.Invocation;
import com.example.lambdakit.telemetry.TelemetryConfig;
import com.example.localaws.observability.FunctionOutput;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The local tables as the single-write commit leaves them, for the sweeper's tests: account items
 * with {@code version} and {@code applied}, idempotency records with {@code recordedAt} and
 * {@code expiresAt}; and one sweep run at a chosen instant, its log line and EMF line read back.
 */
final class SweptTables {

    static final String ACCOUNTS = "AccountsTable";
    static final String RECORDS = "IdempotencyTable";
    static final SweeperSettings SETTINGS = new SweeperSettings(ACCOUNTS, RECORDS, SweeperSettings.DEFAULT_RETENTION);

    private final DynamoDbClient dynamoDb;

    SweptTables(DynamoDbClient dynamoDb) {
        this.dynamoDb = dynamoDb;
    }

    /** An account holding {@code balance} at {@code version}, with one entry per transaction decided at {@code decidedAt}. */
    void account(String id, long balance, long version, Map<String, Instant> applied) {
        Map<String, AttributeValue> entries = new HashMap<>();
        applied.forEach((txn, decidedAt) -> entries.put(txn, entry(decidedAt)));
        dynamoDb.putItem(request -> request.tableName(ACCOUNTS).item(Map.of(
                "pk", AttributeValue.fromS(id),
                "balanceMinor", AttributeValue.fromN(Long.toString(balance)),
                "currency", AttributeValue.fromS("EUR"),
                "accountStatus", AttributeValue.fromS("ACTIVE"),
                "version", AttributeValue.fromN(Long.toString(version)),
                "applied", AttributeValue.fromM(entries))));
    }

    /** An {@code applied} entry as the commit writes it: an approval decided at {@code decidedAt}. */
    static AttributeValue entry(Instant decidedAt) {
        return AttributeValue.fromM(Map.of("status", AttributeValue.fromS("APPROVED"),
                "fingerprint", AttributeValue.fromS("f".repeat(64)),
                "decidedAt", AttributeValue.fromN(Long.toString(decidedAt.getEpochSecond())),
                "region", AttributeValue.fromS("us-east-1")));
    }

    /** The idempotency record of {@code txn}, written at {@code recordedAt}, counting until {@code expiresAt}. */
    void record(String txn, Instant recordedAt, Instant expiresAt) {
        dynamoDb.putItem(request -> request.tableName(RECORDS).item(Map.of(
                "pk", AttributeValue.fromS("PAYMENT#" + txn),
                "status", AttributeValue.fromS("APPROVED"),
                "fingerprint", AttributeValue.fromS("f".repeat(64)),
                "region", AttributeValue.fromS("us-east-1"),
                "recordedAt", AttributeValue.fromN(Long.toString(recordedAt.getEpochSecond())),
                "expiresAt", AttributeValue.fromN(Long.toString(expiresAt.getEpochSecond())))));
    }

    /** The account item, read strongly consistent. */
    Map<String, AttributeValue> account(String id) {
        return dynamoDb.getItem(request -> request.tableName(ACCOUNTS).key(Map.of("pk", AttributeValue.fromS(id)))
                .consistentRead(true)).item();
    }

    /** The transactions the account's {@code applied} map holds, with each entry's {@code decidedAt}. */
    Map<String, Long> applied(String id) {
        Map<String, Long> decided = new HashMap<>();
        account(id).get("applied").m().forEach((txn, entry) -> decided.put(txn, Long.parseLong(entry.m().get("decidedAt").n())));
        return decided;
    }

    /** Whether the record of {@code txn} is there, read strongly consistent. */
    boolean recordExists(String txn) {
        return dynamoDb.getItem(request -> request.tableName(RECORDS).key(Map.of("pk", AttributeValue.fromS("PAYMENT#" + txn)))
                .consistentRead(true)).hasItem();
    }

    /** One sweep with {@code dynamoDb} at {@code now}, with {@code remaining} time left; its lines. */
    static Sweep sweep(DynamoDbClient dynamoDb, SweeperSettings settings, Instant now, Duration remaining) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new RecordSweeper(dynamoDb, settings, new PrintStream(bytes, true, StandardCharsets.UTF_8), Clock.fixed(now, ZoneOffset.UTC),
                TelemetryConfig.defaults(RecordSweeper.SERVICE, "PaymentsTest")).sweep(Invocation.OUTSIDE_LAMBDA, remaining);
        return new Sweep(FunctionOutput.parse(bytes.toByteArray()));
    }

    /** A sweep's output: its one log line and its one EMF line. */
    record Sweep(FunctionOutput output) {

        JsonNode line() {
            List<JsonNode> logs = output.logs();
            if (logs.size() != 1) {
                throw new AssertionError("expected one log line, got " + output.lines());
            }
            return logs.get(0);
        }

        long count(String field) {
            return Optional.ofNullable(line().get(field)).orElseThrow(() -> new AssertionError("no " + field + " in " + line())).asLong();
        }
    }
}
