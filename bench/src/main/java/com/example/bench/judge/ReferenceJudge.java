package com.example.bench.judge;

import com.example.payment.LedgerAttributes;
import com.example.paymenttraffic.Account;
import com.example.paymenttraffic.Send;
import com.example.paymenttraffic.reference.Decision;
import com.example.paymenttraffic.reference.ReferenceModel;
import com.example.receiver.BatchResult;
import com.example.receiver.DuplicateSource;
import com.example.receiver.MessageResult;
import com.example.receiver.Outcome;
import com.example.receiver.record.IdempotencyRecordAttributes;
import com.example.reliability.Implementation;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A bench run judged by the one reference model (testing/payment-traffic): what the bench sends is
 * fed to the model in the order sent ({@link #sent}), what ours answered is tallied
 * ({@link #decided}), and at the end the local AWS's balances, ledger rows and idempotency records,
 * and ours' decisions, are set against the model's ({@link #judge}): any difference fails the run,
 * so a figure is never printed for a run that decided wrongly. The baseline answers no typed
 * decisions: its balances, ledger rows and records are judged; so are those of a run that sees
 * only which messages failed, not their outcomes ({@link #judgeTables}: the cold start's, under
 * the runtime emulator).
 */
public final class ReferenceJudge {

    /** The idempotency key prefix the authorizer gives its records ({@code PAYMENT#<transaction id>}). */
    private static final String RECORD_PREFIX = "PAYMENT#";

    private final ReferenceModel model;
    private final Set<String> accounts = new HashSet<>();
    private final Set<String> byBaseline = new HashSet<>();
    private final SortedMap<String, Long> expectedDecisions = new TreeMap<>();
    /** Ours' answer to each message, by its SQS message id: the first acknowledged one (SQS may deliver it again). */
    private final Map<String, String> answered = new HashMap<>();

    public ReferenceJudge(Collection<Account> accounts) {
        this.model = new ReferenceModel(accounts);
        accounts.forEach(account -> this.accounts.add(account.id()));
    }

    /** {@code sends} were sent to {@code implementation}, in this order. */
    public void sent(Implementation implementation, List<Send> sends) {
        for (Send send : sends) {
            Decision decision = model.decide(send);
            if (implementation == Implementation.RECEIVER) {
                expectedDecisions.merge(label(decision), 1L, Long::sum);
            } else if (decision instanceof Decision.Approved || decision instanceof Decision.Declined) {
                byBaseline.add(send.key());
            }
        }
    }

    /** Every record's time to live passed (the ledger stays). */
    public void recordsExpired() {
        model.recordsExpired();
    }

    /**
     * Ours decided a batch: each message's first acknowledged outcome is its answer (a retried one
     * is decided again later; one SQS delivers again after its answer is a copy the model was not
     * sent, and answered already).
     */
    public void decided(BatchResult result) {
        for (MessageResult message : result.results()) {
            if (message.acknowledged()) {
                answered.putIfAbsent(message.messageId(), label(message.outcome()));
            }
        }
    }

    /** Fails, naming every difference, unless what the run left, and ours' decisions, are what the model says. */
    public void judge(String run, EndTables tables) {
        List<String> differences = tableDifferences(tables);
        SortedMap<String, Long> observedDecisions = new TreeMap<>();
        answered.values().forEach(label -> observedDecisions.merge(label, 1L, Long::sum));
        compare("ours' decisions", expectedDecisions, observedDecisions, differences);
        failOn(run, differences);
    }

    /**
     * Fails, naming every difference, unless the balances, ledger rows and records the run left
     * are what the model says: for a run whose answers say only which messages failed.
     */
    public void judgeTables(String run, EndTables tables) {
        failOn(run, tableDifferences(tables));
    }

    private List<String> tableDifferences(EndTables tables) {
        DynamoDbClient dynamoDb = tables.reader();
        List<String> differences = new ArrayList<>();
        SortedMap<String, Long> balances = new TreeMap<>();
        accounts.forEach(account -> balances.put(account, tables.balance(account)));
        compare("balances", model.balances(), balances, differences);
        Set<String> ledger = new TreeSet<>();
        dynamoDb.scanPaginator(r -> r.tableName(tables.ledger()).consistentRead(true)).items().stream()
                .filter(row -> accounts.contains(row.get(LedgerAttributes.PK).s()))
                .forEach(row -> ledger.add(row.get(LedgerAttributes.PK).s() + " " + row.get(LedgerAttributes.SK).s() + " "
                        + row.get(LedgerAttributes.AMOUNT_MINOR).n()));
        Set<String> expectedLedger = new TreeSet<>();
        model.ledger().values().forEach(entry -> expectedLedger.add(entry.operation().accountId() + " "
                + entry.operation().transactionId() + " " + entry.changeMinor()));
        compare("ledger rows", expectedLedger, ledger, differences);
        SortedMap<String, String> expectedRecords = new TreeMap<>();
        model.records().forEach((txn, decision) -> {
            if (!byBaseline.contains(txn)) {
                expectedRecords.put(txn, decision instanceof Decision.Approved ? "APPROVED" : "DECLINED");
            }
        });
        SortedMap<String, String> records = new TreeMap<>();
        dynamoDb.scanPaginator(r -> r.tableName(tables.records()).consistentRead(true)).items().forEach(item -> records.put(
                item.get(IdempotencyRecordAttributes.PK).s().substring(RECORD_PREFIX.length()),
                item.get(IdempotencyRecordAttributes.STATUS).s()));
        compare("ours' idempotency records", expectedRecords, records, differences);
        if (!byBaseline.isEmpty()) {
            SortedMap<String, Long> statuses = new TreeMap<>();
            dynamoDb.scanPaginator(r -> r.tableName(tables.baselineRecords()).consistentRead(true)).items()
                    .forEach(item -> statuses.merge(item.get("status").s(), 1L, Long::sum));
            compare("the baseline's records by status", Map.of("COMPLETED", (long) byBaseline.size()), statuses, differences);
        }
        return differences;
    }

    private static void failOn(String run, List<String> differences) {
        if (!differences.isEmpty()) {
            throw new IllegalStateException(run + ": the end state is not the reference model's:\n  "
                    + String.join("\n  ", differences));
        }
    }

    private static <K, V> void compare(String what, Map<K, V> expected, Map<K, V> actual, List<String> differences) {
        Set<K> keys = new TreeSet<>(expected.keySet());
        keys.addAll(actual.keySet());
        keys.stream().filter(key -> !Objects.equals(expected.get(key), actual.get(key))).limit(5).forEach(key ->
                differences.add(what + ": " + key + " is " + actual.get(key) + ", the model's " + expected.get(key)));
    }

    private static void compare(String what, Set<String> expected, Set<String> actual, List<String> differences) {
        expected.stream().filter(row -> !actual.contains(row)).limit(5).forEach(row -> differences.add(what + ": missing " + row));
        actual.stream().filter(row -> !expected.contains(row)).limit(5).forEach(row -> differences.add(what + ": not the model's " + row));
    }

    private static String label(Decision decision) {
        return switch (decision) {
            case Decision.Approved approved -> "APPROVED";
            case Decision.Declined declined -> "DECLINED(" + declined.reason().name() + ")";
            case Decision.Duplicate duplicate -> duplicate.late() ? "DUPLICATE(LATE)" : "DUPLICATE";
            case Decision.Conflict conflict -> "CONFLICT";
            case Decision.Rejected rejected -> "REJECTED";
        };
    }

    private static String label(Outcome outcome) {
        return switch (outcome) {
            case Outcome.Approved approved -> "APPROVED";
            case Outcome.Declined declined -> "DECLINED(" + declined.reason() + ")";
            case Outcome.Duplicate duplicate -> duplicate.source() == DuplicateSource.LATE ? "DUPLICATE(LATE)" : "DUPLICATE";
            case Outcome.Conflict conflict -> "CONFLICT";
            case Outcome.Rejected rejected -> "REJECTED";
            case Outcome.Retry retry -> "RETRY";
        };
    }
}
