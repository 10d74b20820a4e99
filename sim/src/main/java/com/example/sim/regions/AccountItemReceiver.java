package com.example.sim.regions;

import com.example.payment.AccountAttributes;
import com.example.payment.DeclineReason;
import com.example.payment.LedgerAttributes;
import com.example.payment.Payment;
import com.example.payment.PaymentParser;
import com.example.receiver.Decision;
import com.example.receiver.DuplicateSource;
import com.example.receiver.Fingerprint;
import com.example.receiver.MessageResult;
import com.example.receiver.Outcome;
import com.example.receiver.ParseResult;
import com.example.receiver.RetryCause;
import com.example.receiver.lambda.DeadLetterAttributes;
import com.example.receiver.record.IdempotencyRecordAttributes;
import com.example.sim.models.SqsMessage;
import com.example.sim.models.SqsQueue;
import com.example.sim.oracles.Oracles;
import com.example.sim.runtime.Scheduler;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * Design (b)'s consumer in one Region, on a global table in MRSC ({@link MrscGlobalTable}), which
 * has no transactions: one conditional write per payment on the account item itself. The item
 * carries the balance, a version, and {@code applied}, the decision of every transaction it took
 * (status, reason, fingerprint); a payment is read (strongly consistent), decided, and written back
 * with the new balance and its decision under the condition {@code version = :read}, so that the
 * funds check and "never decided twice" are one write that commits in every Region or not at all.
 * A payment already in {@code applied} is a duplicate (or a conflict, its fingerprint another's);
 * a refused write (a Region without its majority, another Region's write of the account in
 * flight) leaves the message for SQS to bring back. The idempotency record and the ledger entry
 * follow from the committed item: the consumer writes them once the item is committed, and the
 * account item's stream's reader ({@link Derivation}) writes them if it could not (a conditional
 * put each, so each is written once); the records never expire by
 * TTL, which MRSC lacks: a sweeper would prune {@code applied} and the records past their 30 days
 * (not run here: the profile's runs end before any is due). This is not the library's receiver:
 * it cannot run {@code TransactWriteItems} on MRSC.
 */
public final class AccountItemReceiver {

    /** Where a decision's record and ledger entry come from: the account item's stream, read in a Region that is up. */
    public interface Derivation {
        void decided(Map<String, AttributeValue> record, Optional<Map<String, AttributeValue>> ledgerEntry);
    }

    /** What the receiver tells of each message and decision: the oracles' events. */
    public interface Told {
        void answered(SqsMessage message, MessageResult result);

        void transacted(boolean committed, Map<String, AttributeValue> record, Map<String, AttributeValue> account,
                        Optional<Map<String, AttributeValue>> ledgerEntry);
    }

    static final String APPLIED = "applied";
    static final String VERSION = "version";
    private static final int ATTEMPTS = 5;

    private final Scheduler scheduler;
    private final SqsQueue payments;
    private final SqsQueue deadLetters;
    private final DynamoDbClient table;
    private final Oracles.Tables tables;
    private final BooleanSupplier up;
    private final Told told;
    private final Derivation derivation;
    private final long recordTtlSeconds;
    private final PaymentParser parser = new PaymentParser();
    private boolean busy;

    /**
     * @param table      the Region's client of the three tables, global tables in MRSC
     * @param up         whether the Region is up and its event source enabled (a Region lost, or stopped by its
     *                   operators, polls nothing; {@link RegionRunbook}): a refused write spends its message's
     *                   receive, as Lambda's event source mapping does, so a Region cut off and not stopped
     *                   sends its payments to its DLQ after {@code maxReceiveCount} receives
     * @param derivation the stream's reader, which writes the record and the ledger entry if this consumer did not
     */
    public AccountItemReceiver(Scheduler scheduler, SqsQueue payments, SqsQueue deadLetters, DynamoDbClient table,
                               Oracles.Tables tables, BooleanSupplier up, Told told, Derivation derivation,
                               long recordTtlSeconds) {
        this.scheduler = scheduler;
        this.payments = payments;
        this.deadLetters = deadLetters;
        this.table = table;
        this.tables = tables;
        this.up = up;
        this.told = told;
        this.derivation = derivation;
        this.recordTtlSeconds = recordTtlSeconds;
    }

    /** Messages were sent or came back: the consumer looks now, if its Region is up and it is idle. */
    public void sent() {
        if (!busy && up.getAsBoolean()) {
            busy = true;
            scheduler.at(scheduler.now(), this::poll);
        }
    }

    private void poll() {
        List<SqsMessage> batch = up.getAsBoolean() ? payments.receive(10) : List.of();
        if (batch.isEmpty()) {
            busy = false;
            payments.nextVisibleAt().ifPresent(at -> scheduler.at(Math.max(scheduler.now() + 1,
                    Scheduler.micros(java.time.Duration.between(Scheduler.EPOCH, at))), this::sent));
            return;
        }
        scheduler.spawn(this, () -> {
            try {
                batch.forEach(this::process);
            } catch (Scheduler.Ended lost) {
                // the Region was lost under it: nothing more is answered, the messages come back
            }
            scheduler.at(scheduler.now(), this::poll);
        });
    }

    private void process(SqsMessage message) {
        switch (parser.parse(message.body())) {
            case ParseResult.Invalid<Payment> invalid ->
                    deadLetter(message, new Outcome.Rejected(invalid.field(), invalid.rule()), DeadLetterAttributes.REJECTED);
            case ParseResult.Valid<Payment> valid -> decide(message, valid.command().payload(), valid.command().fingerprint());
        }
    }

    private void decide(SqsMessage message, Payment payment, Fingerprint fingerprint) {
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            Map<String, AttributeValue> account;
            try {
                account = table.getItem(r -> r.tableName(tables.accounts()).consistentRead(true)
                        .key(Map.of(AccountAttributes.PK, AttributeValue.fromS(payment.accountId())))).item();
            } catch (DynamoDbException refused) {
                retry(message, refused);
                return;
            }
            Map<String, AttributeValue> applied = account.containsKey(APPLIED) ? account.get(APPLIED).m() : Map.of();
            AttributeValue earlier = applied.get(payment.transactionId());
            if (earlier != null) {
                answerEarlier(message, earlier.m(), fingerprint);
                return;
            }
            Optional<DeclineReason> decline = declineReason(account, payment);
            Map<String, AttributeValue> decision = new HashMap<>(Map.of(IdempotencyRecordAttributes.STATUS,
                    AttributeValue.fromS(decline.isEmpty() ? "APPROVED" : "DECLINED"),
                    IdempotencyRecordAttributes.FINGERPRINT, AttributeValue.fromS(fingerprint.hex())));
            decline.ifPresent(reason -> decision.put(IdempotencyRecordAttributes.REASON, AttributeValue.fromS(reason.name())));
            Map<String, AttributeValue> next = new HashMap<>(account);
            Map<String, AttributeValue> nextApplied = new HashMap<>(applied);
            nextApplied.put(payment.transactionId(), AttributeValue.fromM(decision));
            next.put(APPLIED, AttributeValue.fromM(nextApplied));
            long version = Long.parseLong(account.get(VERSION).n());
            next.put(VERSION, AttributeValue.fromN(Long.toString(version + 1)));
            if (decline.isEmpty()) {
                next.put(AccountAttributes.BALANCE_MINOR, AttributeValue.fromN(Long.toString(
                        Long.parseLong(account.get(AccountAttributes.BALANCE_MINOR).n()) + payment.balanceChangeMinor())));
            }
            try {
                table.putItem(r -> r.tableName(tables.accounts()).item(next).conditionExpression("#v = :v")
                        .expressionAttributeNames(Map.of("#v", VERSION))
                        .expressionAttributeValues(Map.of(":v", AttributeValue.fromN(Long.toString(version)))));
            } catch (ConditionalCheckFailedException raced) {
                continue; // another payment of the account committed first: read it again
            } catch (DynamoDbException refused) {
                retry(message, refused);
                return;
            }
            committed(message, payment, fingerprint, decline, account, next);
            return;
        }
        retry(message, null);
    }

    private void committed(SqsMessage message, Payment payment, Fingerprint fingerprint, Optional<DeclineReason> decline,
                           Map<String, AttributeValue> before, Map<String, AttributeValue> after) {
        Map<String, AttributeValue> record = new HashMap<>(Map.of(
                IdempotencyRecordAttributes.PK, AttributeValue.fromS("PAYMENT#" + payment.transactionId()),
                IdempotencyRecordAttributes.STATUS, AttributeValue.fromS(decline.isEmpty() ? "APPROVED" : "DECLINED"),
                IdempotencyRecordAttributes.FINGERPRINT, AttributeValue.fromS(fingerprint.hex()),
                IdempotencyRecordAttributes.EXPIRES_AT, AttributeValue.fromN(Long.toString(
                        scheduler.instant().getEpochSecond() + recordTtlSeconds)),
                IdempotencyRecordAttributes.RESULT, AttributeValue.fromM(Map.of(
                        "amountMinor", AttributeValue.fromN(Long.toString(payment.amount().minorUnits())),
                        "authorizationType", AttributeValue.fromS(payment.type().name())))));
        decline.ifPresent(reason -> record.put(IdempotencyRecordAttributes.REASON, AttributeValue.fromS(reason.name())));
        Optional<Map<String, AttributeValue>> ledger = decline.isPresent() ? Optional.empty() : Optional.of(Map.of(
                LedgerAttributes.PK, AttributeValue.fromS(payment.accountId()),
                LedgerAttributes.SK, AttributeValue.fromS(payment.transactionId()),
                LedgerAttributes.AMOUNT_MINOR, AttributeValue.fromN(Long.toString(payment.balanceChangeMinor()))));
        told.transacted(decline.isEmpty(), record, decline.isEmpty() ? after : before, ledger);
        try { // the decision's record and ledger entry, from the item just committed; the stream's reader writes them if not
            putOnce(table, tables.records(), record, IdempotencyRecordAttributes.PK);
            ledger.ifPresent(entry -> putOnce(table, tables.ledger(), entry, LedgerAttributes.SK));
        } catch (DynamoDbException refused) {
            derivation.decided(record, ledger);
            retry(message, refused); // decided: its copy comes back and is answered a duplicate
            return;
        }
        payments.delete(message.receiptHandle());
        told.answered(message, new MessageResult(message.id(), decline.<Outcome>map(reason -> new Outcome.Declined(reason.name()))
                .orElseGet(Outcome.Approved::new), false));
        derivation.decided(record, ledger); // the stream's reader finds them written
    }

    /** Puts {@code item} unless {@code table} holds it already (by its key attribute {@code key}): written at least once, kept once. */
    public static void putOnce(DynamoDbClient dynamoDb, String table, Map<String, AttributeValue> item, String key) {
        try {
            dynamoDb.putItem(r -> r.tableName(table).item(item).conditionExpression("attribute_not_exists(#k)")
                    .expressionAttributeNames(Map.of("#k", key)));
        } catch (ConditionalCheckFailedException already) {
            // written before: by this consumer or by the stream's reader
        }
    }

    /** The account's decision of this transaction, taken before: a duplicate of it, or a conflict with another operation. */
    private void answerEarlier(SqsMessage message, Map<String, AttributeValue> earlier, Fingerprint fingerprint) {
        Fingerprint stored = new Fingerprint(earlier.get(IdempotencyRecordAttributes.FINGERPRINT).s());
        if (!stored.equals(fingerprint)) {
            deadLetter(message, new Outcome.Conflict(stored, fingerprint), DeadLetterAttributes.CONFLICT);
            return;
        }
        Decision original = "APPROVED".equals(earlier.get(IdempotencyRecordAttributes.STATUS).s()) ? Decision.approved()
                : Decision.declined(earlier.get(IdempotencyRecordAttributes.REASON).s());
        payments.delete(message.receiptHandle());
        told.answered(message, new MessageResult(message.id(), new Outcome.Duplicate(DuplicateSource.STORE, original,
                Optional.empty()), false));
    }

    private static Optional<DeclineReason> declineReason(Map<String, AttributeValue> account, Payment payment) {
        if (account.isEmpty()) {
            return Optional.of(DeclineReason.UNKNOWN_ACCOUNT);
        }
        boolean holds = AccountAttributes.ACTIVE.equals(account.get(AccountAttributes.ACCOUNT_STATUS).s())
                && payment.amount().currency().getCurrencyCode().equals(account.get(AccountAttributes.CURRENCY).s())
                && (payment.balanceChangeMinor() >= 0
                    || Long.parseLong(account.get(AccountAttributes.BALANCE_MINOR).n()) + payment.balanceChangeMinor() >= 0);
        return holds ? Optional.empty() : Optional.of(DeclineReason.of(account, payment));
    }

    private void deadLetter(SqsMessage message, Outcome outcome, String why) {
        Map<String, String[]> attributes = new HashMap<>(message.attributes());
        attributes.put(DeadLetterAttributes.SOURCE_MESSAGE_ID, new String[] {"String", message.id()});
        attributes.put(DeadLetterAttributes.OUTCOME, new String[] {"String", why});
        deadLetters.send(message.body(), attributes, 0);
        payments.delete(message.receiptHandle());
        told.answered(message, new MessageResult(message.id(), outcome, true));
    }

    /** Left for SQS to bring back after its visibility timeout. */
    private void retry(SqsMessage message, DynamoDbException refused) {
        told.answered(message, new MessageResult(message.id(), refused == null || refused.statusCode() == 400
                ? new Outcome.Retry(RetryCause.CONTENTION, refused == null ? "the account kept changing"
                        : refused.awsErrorDetails().errorCode())
                : new Outcome.Retry(RetryCause.FAILURE, refused.awsErrorDetails().errorCode()), false));
    }
}
