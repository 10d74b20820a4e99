package com.example.sim.regions;

import com.example.payment.AccountAttributes;
import com.example.payment.DeclineReason;
import com.example.payment.LedgerAttributes;
import com.example.payment.Payment;
import com.example.receiver.Fingerprint;
import com.example.receiver.record.IdempotencyRecordAttributes;
import com.example.sim.oracles.Oracles;
import com.example.sim.runtime.Scheduler;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * The single-write commit of one new payment in one Region (commit mode {@code single-write}),
 * on global tables in MRSC, which refuse transactions, in the order the library runs it:
 * <ol>
 *   <li>the payment's idempotency record, read strongly consistent: found, it is {@link Earlier};</li>
 *   <li>the account item, read strongly consistent; none, the payment is declined
 *       {@code UNKNOWN_ACCOUNT} by one conditional put of its record (losing that put: the record
 *       read, {@link Earlier});</li>
 *   <li>the transaction in the item's {@code applied} map: {@link Earlier}, its derived writes
 *       completed first (the copy that committed may have died before them);</li>
 *   <li>otherwise decided in code, then one {@code UpdateItem} of the account ({@code SET}
 *       the balance when approved, {@code applied.#txn}, {@code version}) under {@code version = :read}
 *       ({@code attribute_not_exists(version)} on an item that has none): refused on that
 *       condition, read and decided again, at most {@value #ATTEMPTS} times;</li>
 *   <li>the derived writes, each a conditional put that may run any number of times: the ledger
 *       entry (approved only) first, then the record, with the writing function's {@code region}
 *       and {@code recordedAt}. So a record implies its ledger entry.</li>
 * </ol>
 * Any refusal ({@code ReplicatedWriteConflictException}, a Region without its majority, an item
 * over 400 KB) is {@link Refused}: the message comes back, and step 3 completes what step 5 left.
 */
public final class SingleWrite {

    static final String APPLIED = "applied";
    static final String VERSION = "version";
    static final String DECIDED_AT = "decidedAt";
    static final String REGION = "region";
    static final String RECORDED_AT = "recordedAt";
    static final int ATTEMPTS = 5;

    /** What one copy of a payment met. */
    public sealed interface Answer {
    }

    /** Decided now, its derived writes done. */
    public record Decided(Optional<DeclineReason> decline) implements Answer {
    }

    /** Decided before: its record, or its entry in the account's {@code applied} (status, reason, fingerprint). */
    public record Earlier(Map<String, AttributeValue> decision) implements Answer {
    }

    /** Not answered: RETRY, for {@code refused}, or (none) the account changing under every attempt; decided or not. */
    public record Refused(Optional<DynamoDbException> refused) implements Answer {
    }

    /** A decision committed on the account item (or, for an unknown account, by its record): the oracles' event. */
    public interface Committed {
        void committed(boolean approved, Map<String, AttributeValue> record, Map<String, AttributeValue> account,
                       Optional<Map<String, AttributeValue>> ledgerEntry);

        /**
         * The account's write failed with an error that says nothing of whether it was applied (a
         * 500 after the write, say): the oracles' feed looks at the table itself, as the single
         * Region's oracles hear the model's transactions and not the receiver's answers.
         */
        default void unanswered(boolean approved, Map<String, AttributeValue> record, Map<String, AttributeValue> account,
                                Optional<Map<String, AttributeValue>> ledgerEntry) {
        }
    }

    private final Scheduler scheduler;
    private final DynamoDbClient table;
    private final Oracles.Tables tables;
    private final String region;
    private final long recordTtlSeconds;
    private final Committed committed;
    /** Whether step 1 runs: off only in a scratch proof of what it guards (a copy naming another account). */
    private final boolean recordFirst;

    public SingleWrite(Scheduler scheduler, DynamoDbClient table, Oracles.Tables tables, String region, long recordTtlSeconds,
                       Committed committed, boolean recordFirst) {
        this.scheduler = scheduler;
        this.table = table;
        this.tables = tables;
        this.region = region;
        this.recordTtlSeconds = recordTtlSeconds;
        this.committed = committed;
        this.recordFirst = recordFirst;
    }

    public Answer decide(Payment payment, Fingerprint fingerprint) {
        try {
            if (recordFirst) {
                Map<String, AttributeValue> record = read(tables.records(), IdempotencyRecordAttributes.PK, recordKey(payment));
                if (!record.isEmpty()) {
                    return new Earlier(record);
                }
            }
            for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
                Map<String, AttributeValue> account = read(tables.accounts(), AccountAttributes.PK, payment.accountId());
                if (account.isEmpty()) {
                    return unknownAccount(payment, fingerprint);
                }
                Map<String, AttributeValue> applied = account.containsKey(APPLIED) ? account.get(APPLIED).m() : Map.of();
                AttributeValue earlier = applied.get(payment.transactionId());
                if (earlier != null) {
                    // an entry the run opens with (approved before it, its record long expired) has no decidedAt: nothing to complete
                    if (fingerprint.hex().equals(earlier.m().get(IdempotencyRecordAttributes.FINGERPRINT).s())
                            && earlier.m().containsKey(DECIDED_AT)) {
                        derive(payment, fingerprint, earlier.m());
                    }
                    return new Earlier(earlier.m());
                }
                Optional<DeclineReason> decline = declineReason(account, payment);
                Map<String, AttributeValue> entry = entry(decline, fingerprint);
                Map<String, AttributeValue> after = new HashMap<>(account);
                decline.ifPresentOrElse(reason -> { }, () -> after.put(AccountAttributes.BALANCE_MINOR,
                        AttributeValue.fromN(Long.toString(Oracles.balance(account) + payment.balanceChangeMinor()))));
                try {
                    write(account, applied, payment, decline, entry);
                } catch (ConditionalCheckFailedException raced) {
                    continue; // another payment of the account committed first: read it again
                } catch (DynamoDbException unanswered) {
                    committed.unanswered(decline.isEmpty(), record(payment, fingerprint, entry), after, ledgerEntry(payment, entry));
                    throw unanswered;
                }
                committed.committed(decline.isEmpty(), record(payment, fingerprint, entry), after, ledgerEntry(payment, entry));
                derive(payment, fingerprint, entry);
                return new Decided(decline);
            }
            return new Refused(Optional.empty());
        } catch (DynamoDbException refused) {
            return new Refused(Optional.of(refused));
        }
    }

    /** Step 4's one write: the balance (approved only), the decision in {@code applied}, the version bumped, under the version read. */
    private void write(Map<String, AttributeValue> account, Map<String, AttributeValue> applied, Payment payment,
                       Optional<DeclineReason> decline, Map<String, AttributeValue> entry) {
        Map<String, String> names = new HashMap<>(Map.of("#a", APPLIED, "#v", VERSION));
        Map<String, AttributeValue> values = new HashMap<>();
        StringBuilder update = new StringBuilder("SET ");
        if (account.containsKey(APPLIED)) {
            names.put("#t", payment.transactionId());
            update.append("#a.#t = :e");
            values.put(":e", AttributeValue.fromM(entry));
        } else {
            update.append("#a = :e");
            values.put(":e", AttributeValue.fromM(Map.of(payment.transactionId(), AttributeValue.fromM(entry))));
        }
        if (decline.isEmpty()) {
            names.put("#b", AccountAttributes.BALANCE_MINOR);
            update.append(", #b = :b");
            values.put(":b", AttributeValue.fromN(Long.toString(Oracles.balance(account) + payment.balanceChangeMinor())));
        }
        long version = account.containsKey(VERSION) ? Long.parseLong(account.get(VERSION).n()) : 0;
        update.append(", #v = :n");
        values.put(":n", AttributeValue.fromN(Long.toString(version + 1)));
        String condition = account.containsKey(VERSION) ? "#v = :v" : "attribute_not_exists(#v)";
        if (account.containsKey(VERSION)) {
            values.put(":v", account.get(VERSION));
        }
        table.updateItem(r -> r.tableName(tables.accounts()).key(Map.of(AccountAttributes.PK, AttributeValue.fromS(payment.accountId())))
                .updateExpression(update.toString()).conditionExpression(condition)
                .expressionAttributeNames(names).expressionAttributeValues(values));
    }

    private Answer unknownAccount(Payment payment, Fingerprint fingerprint) {
        Map<String, AttributeValue> entry = entry(Optional.of(DeclineReason.UNKNOWN_ACCOUNT), fingerprint);
        Map<String, AttributeValue> record = record(payment, fingerprint, entry);
        try {
            table.putItem(r -> r.tableName(tables.records()).item(record).conditionExpression("attribute_not_exists(#k)")
                    .expressionAttributeNames(Map.of("#k", IdempotencyRecordAttributes.PK)));
        } catch (ConditionalCheckFailedException lost) {
            return new Earlier(read(tables.records(), IdempotencyRecordAttributes.PK, recordKey(payment)));
        }
        committed.committed(false, record, Map.of(AccountAttributes.PK, AttributeValue.fromS(payment.accountId())), Optional.empty());
        return new Decided(Optional.of(DeclineReason.UNKNOWN_ACCOUNT));
    }

    /** Step 5, which may run any number of times: the ledger entry (approved only), then the record. */
    private void derive(Payment payment, Fingerprint fingerprint, Map<String, AttributeValue> entry) {
        ledgerEntry(payment, entry).ifPresent(ledger -> putOnce(tables.ledger(), ledger, LedgerAttributes.SK));
        putOnce(tables.records(), record(payment, fingerprint, entry), IdempotencyRecordAttributes.PK);
    }

    private Map<String, AttributeValue> entry(Optional<DeclineReason> decline, Fingerprint fingerprint) {
        Map<String, AttributeValue> entry = new HashMap<>(Map.of(
                IdempotencyRecordAttributes.STATUS, AttributeValue.fromS(decline.isEmpty() ? "APPROVED" : "DECLINED"),
                IdempotencyRecordAttributes.FINGERPRINT, AttributeValue.fromS(fingerprint.hex()),
                DECIDED_AT, AttributeValue.fromN(Long.toString(scheduler.instant().getEpochSecond())),
                REGION, AttributeValue.fromS(region)));
        decline.ifPresent(reason -> entry.put(IdempotencyRecordAttributes.REASON, AttributeValue.fromS(reason.name())));
        return entry;
    }

    /** Today's record of the decision in {@code entry}, with the writing Region and when it is written. */
    private Map<String, AttributeValue> record(Payment payment, Fingerprint fingerprint, Map<String, AttributeValue> entry) {
        Map<String, AttributeValue> record = new HashMap<>(Map.of(
                IdempotencyRecordAttributes.PK, AttributeValue.fromS(recordKey(payment)),
                IdempotencyRecordAttributes.STATUS, entry.get(IdempotencyRecordAttributes.STATUS),
                IdempotencyRecordAttributes.FINGERPRINT, AttributeValue.fromS(fingerprint.hex()),
                IdempotencyRecordAttributes.EXPIRES_AT, AttributeValue.fromN(Long.toString(
                        Long.parseLong(entry.get(DECIDED_AT).n()) + recordTtlSeconds)),
                IdempotencyRecordAttributes.RESULT, AttributeValue.fromM(Map.of(
                        "amountMinor", AttributeValue.fromN(Long.toString(payment.amount().minorUnits())),
                        "authorizationType", AttributeValue.fromS(payment.type().name()))),
                REGION, AttributeValue.fromS(region),
                RECORDED_AT, AttributeValue.fromN(Long.toString(scheduler.instant().getEpochSecond()))));
        if (entry.containsKey(IdempotencyRecordAttributes.REASON)) {
            record.put(IdempotencyRecordAttributes.REASON, entry.get(IdempotencyRecordAttributes.REASON));
        }
        return record;
    }

    private static Optional<Map<String, AttributeValue>> ledgerEntry(Payment payment, Map<String, AttributeValue> entry) {
        return "APPROVED".equals(entry.get(IdempotencyRecordAttributes.STATUS).s()) ? Optional.of(Map.of(
                LedgerAttributes.PK, AttributeValue.fromS(payment.accountId()),
                LedgerAttributes.SK, AttributeValue.fromS(payment.transactionId()),
                LedgerAttributes.AMOUNT_MINOR, AttributeValue.fromN(Long.toString(payment.balanceChangeMinor()))))
                : Optional.empty();
    }

    /** Puts {@code item} unless the table holds its key already: written at least once, kept once. */
    private void putOnce(String tableName, Map<String, AttributeValue> item, String key) {
        try {
            table.putItem(r -> r.tableName(tableName).item(item).conditionExpression("attribute_not_exists(#k)")
                    .expressionAttributeNames(Map.of("#k", key)));
        } catch (ConditionalCheckFailedException already) {
            // written before, by this copy or another
        }
    }

    private Map<String, AttributeValue> read(String tableName, String key, String value) {
        Map<String, AttributeValue> item = table.getItem(r -> r.tableName(tableName).consistentRead(true)
                .key(Map.of(key, AttributeValue.fromS(value)))).item();
        return item == null ? Map.of() : item;
    }

    /** Today's decline rules, on the item read. */
    private static Optional<DeclineReason> declineReason(Map<String, AttributeValue> account, Payment payment) {
        boolean holds = AccountAttributes.ACTIVE.equals(account.get(AccountAttributes.ACCOUNT_STATUS).s())
                && payment.amount().currency().getCurrencyCode().equals(account.get(AccountAttributes.CURRENCY).s())
                && (payment.balanceChangeMinor() >= 0 || Oracles.balance(account) + payment.balanceChangeMinor() >= 0);
        return holds ? Optional.empty() : Optional.of(DeclineReason.of(account, payment));
    }

    private static String recordKey(Payment payment) {
        return "PAYMENT#" + payment.transactionId();
    }
}
