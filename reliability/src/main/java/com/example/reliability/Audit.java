package com.example.reliability;

import com.example.localpayments.Accounts;
import com.example.paymenttraffic.Traffic;
import com.example.paymenttraffic.reference.ReferenceModel;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.sqs.model.Message;

/** Reads what a run left: balances, ledger, idempotency records, the DLQ. */
final class Audit {

    /** The counts the report needs, before timing and fault counters are added. */
    /** @param decidedAt ours: each decided transaction's record {@code processedAt}; empty for a baseline */
    record Counts(int decisions, long extraDebits, long missingDebits, int lost, int stuck, int dlq, long ledgerRows,
                  Map<String, Instant> decidedAt) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final DynamoDbClient dynamoDb;

    Audit(DynamoDbClient dynamoDb) {
        this.dynamoDb = dynamoDb;
    }

    /** What the run left, against what {@code expected} (the reference model, fed {@code traffic}) says it must. */
    Counts of(Implementation implementation, Traffic traffic, ReferenceModel expected, List<Message> dead, String baselineTable) {
        long extra = 0;
        long missing = 0;
        Map<String, Long> expectedBalances = expected.balances();
        for (Map.Entry<String, Long> balance : balances().entrySet()) {
            long diff = expectedBalances.getOrDefault(balance.getKey(), balance.getValue()) - balance.getValue();
            if (diff > 0) {
                extra += diff / ScenarioTraffic.AMOUNT_MINOR;
            } else {
                missing += -diff / ScenarioTraffic.AMOUNT_MINOR;
            }
        }
        Map<String, Instant> decidedAt = new HashMap<>();
        Set<String> decided = implementation == Implementation.RECEIVER ? decidedAt.keySet() : new HashSet<>();
        int stuck = implementation == Implementation.RECEIVER
                ? receiverRecords(decidedAt)
                : baselineRecords(traffic, baselineTable, decided);
        Set<String> inDlq = new HashSet<>();
        dead.forEach(message -> inDlq.add(transactionIdOf(message.body())));
        int lost = 0;
        for (String txn : traffic.transactions()) {
            if (!decided.contains(txn) && !inDlq.contains(txn)) {
                lost++;
            }
        }
        long ledgerRows = dynamoDb.scanPaginator(r -> r.tableName("LedgerTable")).items().stream().count();
        return new Counts(decided.size(), extra, missing, lost, stuck, dead.size(), ledgerRows, Map.copyOf(decidedAt));
    }

    Map<String, Long> balances() {
        Map<String, Long> balances = new HashMap<>();
        dynamoDb.scanPaginator(r -> r.tableName(Accounts.TABLE)).items().forEach(item ->
                balances.put(item.get("pk").s(), Long.parseLong(item.get("balanceMinor").n())));
        return balances;
    }

    /** Ours: the transactions with a final record (APPROVED or DECLINED). */
    Set<String> decidedByReceiver() {
        Map<String, Instant> decided = new HashMap<>();
        receiverRecords(decided);
        return decided.keySet();
    }

    /** Ours: decided = a final record, by transaction, with its {@code processedAt}; anything else would be stuck. */
    private int receiverRecords(Map<String, Instant> decided) {
        int stuck = 0;
        for (Map<String, AttributeValue> item : dynamoDb.scanPaginator(r -> r.tableName("IdempotencyTable")).items()) {
            String status = item.get("status").s();
            if (status.equals("APPROVED") || status.equals("DECLINED")) {
                decided.put(item.get("pk").s().substring("PAYMENT#".length()), Instant.parse(item.get("processedAt").s()));
            } else {
                stuck++;
            }
        }
        return stuck;
    }

    /** Powertools' records are keyed {@code <function>#md5(<key>)}: map them back through the input. */
    private int baselineRecords(Traffic traffic, String table, Set<String> decided) {
        Map<String, String> byHash = new HashMap<>();
        traffic.transactions().forEach(txn -> byHash.put(md5(txn), txn));
        int stuck = 0;
        for (Map<String, AttributeValue> item : dynamoDb.scanPaginator(r -> r.tableName(table)).items()) {
            String id = item.get("id").s();
            String txn = byHash.get(id.substring(id.lastIndexOf('#') + 1));
            String status = item.get("status").s();
            if (status.equals("COMPLETED") && txn != null) {
                decided.add(txn);
            } else if (status.equals("INPROGRESS")) {
                stuck++;
            }
        }
        return stuck;
    }

    /** The body's {@code transaction_id}, empty when it has none (poison). */
    private static String transactionIdOf(String message) {
        try {
            return JSON.readTree(message).path("body").path("transaction_id").asText();
        } catch (IOException unreadable) {
            return "";
        }
    }

    /** Powertools' key digest: MD5, in hex. */
    private static String md5(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
