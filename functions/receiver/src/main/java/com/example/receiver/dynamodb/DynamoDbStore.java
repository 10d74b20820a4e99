package com.example.receiver.dynamodb;

import static com.example.receiver.dynamodb.IdempotencyRecordAttributes.EXPIRES_AT;
import static com.example.receiver.dynamodb.IdempotencyRecordAttributes.PK;

import com.example.receiver.Command;
import com.example.receiver.Decision;
import com.example.receiver.DuplicateSource;
import com.example.receiver.Fingerprint;
import com.example.receiver.Outcome;
import com.example.receiver.RemainingTime;
import com.example.receiver.RetryCause;
import com.example.receiver.Sleeper;
import com.example.receiver.Store;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * The {@link Store} on DynamoDB. Its contract, rule by rule:
 * <ul>
 *   <li>A new operation costs one {@code TransactWriteItems}: [0] the idempotency record, put on
 *       condition {@code attribute_not_exists(pk) OR expiresAt < :now} (TTL deletion lags, so an
 *       expired record counts as absent: "Working with expired items and time to live (TTL)",
 *       Amazon DynamoDB Developer Guide,
 *       https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/ttl-expired-items.html),
 *       then the domain's writes; all or nothing.</li>
 *   <li>A cancelled transaction is read by its {@code CancellationReasons}, by index, with the
 *       {@code ALL_OLD} items they carry ({@link CancellationReasons}), never by a read before or
 *       after ("TransactWriteItems", Errors, Amazon DynamoDB API Reference,
 *       https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TransactWriteItems.html#API_TransactWriteItems_Errors).</li>
 *   <li>[0] failed: the operation was decided before; a duplicate replaying that decision, or a
 *       conflict when the stored fingerprint differs.</li>
 *   <li>A domain write failed and the domain says it was {@link EffectVerdict.AlreadyApplied
 *       applied before}: a late duplicate (its record expired).</li>
 *   <li>A domain write failed and the domain {@link EffectVerdict.Decline declines}: the decline
 *       is recorded with one conditional {@code PutItem} (losing that race makes it a duplicate).</li>
 *   <li>Only passing reasons ({@code TransactionConflict}, throttling): tried again per the
 *       {@link RetryPolicy}, within the invocation's remaining time, then a
 *       {@link Outcome.Retry#soon() soon} retry ({@link RetryCause#CONTENTION} or
 *       {@link RetryCause#THROTTLING}). DynamoDB reports a throttled transaction as a
 *       cancellation with those reasons, which the SDK does not retry.</li>
 *   <li>Every error of every call, the decline's {@code PutItem} included, is read by one
 *       classifier ({@link StoreError}): a passing one (throttling beyond the SDK's retries,
 *       {@code TransactionConflictException}) is waited out the same way; a 4xx refused the call
 *       unrun, nothing written; a 5xx or a timeout leaves the outcome unknown. Both end the
 *       message as a {@link Outcome.Retry}: redelivered, the record makes a second commit a
 *       duplicate ("Error handling with DynamoDB", Amazon DynamoDB Developer Guide,
 *       https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Programming.Errors.html).</li>
 *   <li>A run of new operations ({@link #commitGroup}) costs one {@code TransactWriteItems} for
 *       all of them when the domain can {@link TransactionalEffect#groupWrites merge} their
 *       writes: every record, then the merged writes, cut into several transactions only beyond
 *       DynamoDB's limits ({@link GroupChunks}, {@link TransactionSize}).</li>
 *   <li>A group whose records alone failed is decided from their items, exactly as
 *       {@link #commit} would decide each, and the rest tried again together.</li>
 *   <li>A group refused for a passing reason is tried again whole, never multiplied into one call
 *       per operation (that would only add load to a throttled table or a contended item); what
 *       the budget does not outlast is a retry for all of its operations.</li>
 *   <li>A group cancelled for any other reason, or refused unrun (a 4xx), is not explained: its
 *       operations go back to the caller to be committed one by one, which decides each exactly
 *       as the sequential path does. A group whose outcome is unknown is a retry for all.</li>
 *   <li>The {@code ClientRequestToken} is left to the SDK, which generates one per call and reuses
 *       it across its own retries; a token derived from the key would make a real duplicate
 *       within DynamoDB's 10-minute token window "succeed" as if it were new.</li>
 * </ul>
 *
 * @param <P> the domain's payload type
 */
public final class DynamoDbStore<P> implements Store<P> {

    private static final String ABSENT_OR_EXPIRED = "attribute_not_exists(#pk) OR #expiresAt < :now";
    private static final Map<String, String> ABSENT_OR_EXPIRED_NAMES = Map.of("#pk", PK, "#expiresAt", EXPIRES_AT);

    private final DynamoDbClient dynamoDb;
    private final String table;
    private final String keyPrefix;
    private final Duration recordTtl;
    private final TransactionalEffect<P> effect;
    private final RetryPolicy retries;
    private final Clock clock;
    private final Sleeper sleeper;

    /** As below, pausing between attempts with {@link Sleeper#THREAD}. */
    public DynamoDbStore(DynamoDbClient dynamoDb, String table, String keyPrefix, Duration recordTtl,
                         TransactionalEffect<P> effect, RetryPolicy retries, Clock clock) {
        this(dynamoDb, table, keyPrefix, recordTtl, effect, retries, clock, Sleeper.THREAD);
    }

    /**
     * @param dynamoDb  a client built once per process
     * @param table     the idempotency table
     * @param keyPrefix what the partition key starts with, e.g. {@code PAYMENT}
     * @param recordTtl how long a record counts; longer than any redelivery can take
     * @param effect    the domain's writes
     * @param retries   how contention and throttling are waited out within the invocation
     * @param clock     the time of decisions and expiry
     * @param sleeper   how it pauses between attempts
     */
    public DynamoDbStore(DynamoDbClient dynamoDb, String table, String keyPrefix, Duration recordTtl,
                         TransactionalEffect<P> effect, RetryPolicy retries, Clock clock, Sleeper sleeper) {
        this.dynamoDb = Objects.requireNonNull(dynamoDb, "dynamoDb");
        this.table = Objects.requireNonNull(table, "table");
        this.keyPrefix = Objects.requireNonNull(keyPrefix, "keyPrefix");
        this.recordTtl = Objects.requireNonNull(recordTtl, "recordTtl");
        this.effect = Objects.requireNonNull(effect, "effect");
        this.retries = Objects.requireNonNull(retries, "retries");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
    }

    @Override
    public Outcome commit(Command<P> command, RemainingTime remaining) {
        return switch (transact(now -> transaction(command, now), remaining)) {
            case Transacted.Committed committed -> new Outcome.Approved();
            case Transacted.Cancelled cancelled -> explain(cancelled.reasons(), command, cancelled.at(), remaining);
            case Transacted.Refused refused -> refused.retry();
            case Transacted.Unknown unknown -> unknown.retry();
        };
    }

    @Override
    public List<Outcome> commitGroup(List<Command<P>> commands, RemainingTime remaining) {
        List<Outcome> decided = new ArrayList<>();
        for (List<Command<P>> chunk : GroupChunks.of(commands, this::fits)) {
            Outcome[] outcomes = commitChunk(chunk, remaining);
            for (Outcome outcome : outcomes) {
                if (outcome == null) {
                    return decided;
                }
                decided.add(outcome);
            }
            if (Arrays.stream(outcomes).anyMatch(outcome -> !outcome.acknowledged())) {
                return decided; // the sequential run of a FIFO group would stop here
            }
        }
        return decided;
    }

    /**
     * Commits the undecided operations of {@code chunk} together until all are decided or the
     * group cannot go on (null where undecided). Operations whose record already exists are
     * decided from the cancellation's {@code ALL_OLD} items, exactly as {@link #commit} decides
     * them, whatever their order (a duplicate writes nothing), and the others are tried again
     * together: a redelivered batch does not fall back to one transaction per message. A group
     * refused for a passing reason ({@link #transact}) is waited out whole, then a retry for all.
     */
    private Outcome[] commitChunk(List<Command<P>> chunk, RemainingTime remaining) {
        Outcome[] outcomes = new Outcome[chunk.size()];
        boolean tryTheRestTogether = true;
        while (tryTheRestTogether) {
            List<Integer> open = new ArrayList<>();
            for (int i = 0; i < chunk.size(); i++) {
                if (outcomes[i] == null) {
                    open.add(i);
                }
            }
            List<Command<P>> group = open.stream().map(chunk::get).toList();
            Optional<List<TransactWriteItem>> writes = group.size() < 2 ? Optional.empty() : effect.groupWrites(group);
            if (writes.isEmpty()) {
                return outcomes;
            }
            tryTheRestTogether = switch (transact(now -> groupTransaction(group, writes.get(), now), remaining)) {
                case Transacted.Committed committed -> {
                    open.forEach(i -> outcomes[i] = new Outcome.Approved());
                    yield false;
                }
                case Transacted.Cancelled cancelled -> decideExisting(cancelled.reasons(), group, open, outcomes);
                case Transacted.Refused refused -> false;
                case Transacted.Unknown unknown -> {
                    open.forEach(i -> outcomes[i] = unknown.retry());
                    yield false;
                }
            };
        }
        return outcomes;
    }

    /**
     * When only records failed in a group's cancellation, decides those operations from their
     * stored items into {@code outcomes} (at {@code open}'s indexes); whether the rest is to be
     * tried together again: not after another reason, nor after a conflict (nothing after it is
     * committed before the caller sees it). At least one is decided whenever it answers yes.
     */
    private boolean decideExisting(CancellationReasons reasons, List<Command<P>> group, List<Integer> open,
                                   Outcome[] outcomes) {
        if (!reasons.onlyRecordsFailed(group.size())) {
            return false;
        }
        boolean conflict = false;
        for (int g = 0; g < group.size(); g++) {
            if (reasons.failedCondition(g)) {
                outcomes[open.get(g)] = fromStoredRecord(reasons.item(g), group.get(g));
                conflict |= !outcomes[open.get(g)].acknowledged();
            }
        }
        return !conflict;
    }

    /** What one transaction came to, after its passing refusals were waited out. */
    private sealed interface Transacted {

        record Committed() implements Transacted {
        }

        /** Cancelled for a reason other than passing ones alone, at {@code at}: nothing written. */
        record Cancelled(CancellationReasons reasons, Instant at) implements Transacted {
        }

        /** Refused before it ran for what it asked (a 4xx other than throttling): nothing written. */
        record Refused(Outcome.Retry retry) implements Transacted {
        }

        /** Not known to be written (a 5xx, a timeout), or passing refusals beyond the budget. */
        record Unknown(Outcome.Retry retry) implements Transacted {
        }
    }

    private Transacted transact(Function<Instant, List<TransactWriteItem>> transaction, RemainingTime remaining) {
        Attempts attempts = new Attempts(retries, sleeper, remaining);
        Optional<Outcome.Retry> gaveUp = Optional.empty();
        while (gaveUp.isEmpty()) {
            Instant now = clock.instant();
            try {
                dynamoDb.transactWriteItems(request -> request.transactItems(transaction.apply(now)));
                return new Transacted.Committed();
            } catch (TransactionCanceledException cancelled) {
                CancellationReasons reasons = new CancellationReasons(cancelled.cancellationReasons());
                Optional<RetryCause> passing = reasons.passingCause();
                if (passing.isEmpty()) {
                    return new Transacted.Cancelled(reasons, now);
                }
                gaveUp = attempts.refused(passing.get(), reasons.toString());
            } catch (SdkException e) {
                switch (StoreError.of(e)) {
                    case StoreError.Passing passing -> gaveUp = attempts.refused(passing.cause(), passing.code());
                    case StoreError.Refused refused -> {
                        return new Transacted.Refused(refused.retry());
                    }
                    case StoreError.Unknown unknown -> {
                        return new Transacted.Unknown(unknown.retry());
                    }
                }
            }
        }
        return new Transacted.Unknown(gaveUp.get());
    }

    private boolean fits(List<Command<P>> group) {
        return effect.groupWrites(group)
                .map(writes -> TransactionSize.fits(groupTransaction(group, writes, clock.instant())))
                .orElse(false);
    }

    private List<TransactWriteItem> groupTransaction(List<Command<P>> group, List<TransactWriteItem> writes, Instant now) {
        List<TransactWriteItem> items = new ArrayList<>(group.size() + writes.size());
        for (Command<P> command : group) {
            items.add(TransactWriteItem.builder().put(recordPut(command, now)).build());
        }
        items.addAll(writes);
        return items;
    }

    private List<TransactWriteItem> transaction(Command<P> command, Instant now) {
        List<TransactWriteItem> items = new ArrayList<>();
        items.add(TransactWriteItem.builder().put(recordPut(command, now)).build());
        items.addAll(effect.writes(command));
        return items;
    }

    private Put recordPut(Command<P> command, Instant now) {
        return Put.builder()
                .tableName(table)
                .item(recordItem(command, Decision.approved(), now))
                .conditionExpression(ABSENT_OR_EXPIRED)
                .expressionAttributeNames(ABSENT_OR_EXPIRED_NAMES)
                .expressionAttributeValues(absentOrExpiredValues(now))
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                .build();
    }

    private Map<String, AttributeValue> recordItem(Command<P> command, Decision decision, Instant now) {
        return new IdempotencyRecord(pk(command), decision, command.fingerprint(), effect.summary(command), now,
                now.plus(recordTtl)).toItem();
    }

    private static Map<String, AttributeValue> absentOrExpiredValues(Instant now) {
        return Map.of(":now", AttributeValue.fromN(Long.toString(now.getEpochSecond())));
    }

    private String pk(Command<P> command) {
        return keyPrefix + "#" + command.key().value();
    }

    /** Reads the cancellation reasons by index; see the class comment. */
    private Outcome explain(CancellationReasons reasons, Command<P> command, Instant now, RemainingTime remaining) {
        if (reasons.size() == 0) {
            return new Outcome.Retry("transaction cancelled without reasons");
        }
        if (reasons.failedCondition(0)) {
            return fromStoredRecord(reasons.item(0), command);
        }
        Optional<EffectVerdict.Decline> decline = Optional.empty();
        for (int i = 1; i < reasons.size(); i++) {
            if (!reasons.failedCondition(i)) {
                continue;
            }
            switch (effect.onConditionFailed(i - 1, reasons.item(i), command)) {
                case EffectVerdict.AlreadyApplied applied -> {
                    return lateDuplicate(applied, command);
                }
                case EffectVerdict.Decline d -> decline = decline.or(() -> Optional.of(d));
            }
        }
        if (decline.isPresent()) {
            return recordDecline(command, decline.get().reason(), now, remaining);
        }
        return new Outcome.Retry("transaction cancelled: " + reasons);
    }

    private static Outcome lateDuplicate(EffectVerdict.AlreadyApplied applied, Command<?> command) {
        Optional<Fingerprint> stored = applied.fingerprint();
        if (stored.isPresent() && !stored.get().equals(command.fingerprint())) {
            return new Outcome.Conflict(stored.get(), command.fingerprint());
        }
        return new Outcome.Duplicate(DuplicateSource.LATE, Decision.approved());
    }

    private static Outcome fromStoredRecord(Map<String, AttributeValue> item, Command<?> command) {
        return IdempotencyRecord.storedIn(item)
                .<Outcome>map(stored -> stored.fingerprint().equals(command.fingerprint())
                        ? new Outcome.Duplicate(DuplicateSource.STORE, stored.decision())
                        : new Outcome.Conflict(stored.fingerprint(), command.fingerprint()))
                .orElseGet(() -> new Outcome.Retry("stored record unreadable"));
    }

    /**
     * Records a decline on its own, with one conditional {@code PutItem} of the record: the
     * decision is idempotent too. Its errors are read as a transaction's ({@link StoreError}).
     */
    private Outcome recordDecline(Command<P> command, String reason, Instant now, RemainingTime remaining) {
        PutItemRequest request = PutItemRequest.builder()
                .tableName(table)
                .item(recordItem(command, Decision.declined(reason), now))
                .conditionExpression(ABSENT_OR_EXPIRED)
                .expressionAttributeNames(ABSENT_OR_EXPIRED_NAMES)
                .expressionAttributeValues(absentOrExpiredValues(now))
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                .build();
        Attempts attempts = new Attempts(retries, sleeper, remaining);
        Optional<Outcome.Retry> gaveUp = Optional.empty();
        while (gaveUp.isEmpty()) {
            try {
                dynamoDb.putItem(request);
                return new Outcome.Declined(reason);
            } catch (ConditionalCheckFailedException raced) {
                return fromStoredRecord(raced.item(), command);
            } catch (SdkException e) {
                switch (StoreError.of(e)) {
                    case StoreError.Passing passing -> gaveUp = attempts.refused(passing.cause(), passing.code());
                    case StoreError.Refused refused -> {
                        return refused.retry();
                    }
                    case StoreError.Unknown unknown -> {
                        return unknown.retry();
                    }
                }
            }
        }
        return gaveUp.get();
    }
}
