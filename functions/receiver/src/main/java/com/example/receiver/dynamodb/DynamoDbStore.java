package com.example.receiver.dynamodb;

import static com.example.receiver.record.IdempotencyRecordAttributes.EXPIRES_AT;
import static com.example.receiver.record.IdempotencyRecordAttributes.PK;

import com.example.receiver.Command;
import com.example.receiver.Decision;
import com.example.receiver.DuplicateSource;
import com.example.receiver.Fingerprint;
import com.example.receiver.Outcome;
import com.example.receiver.RemainingTime;
import com.example.receiver.RetryCause;
import com.example.receiver.Store;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * The {@link Store} on DynamoDB.
 *
 * <p>A new operation costs one {@code TransactWriteItems}: [0] the idempotency record, put on
 * condition {@code attribute_not_exists(pk) OR expiresAt < :now} (TTL deletion lags, so an
 * expired record counts as absent), then the domain's writes. When it is cancelled, the
 * {@code CancellationReasons} are read by index, with the {@code ALL_OLD} items they carry:
 * <ul>
 *   <li>[0] failed: the operation was decided before; a duplicate replaying that decision, or a
 *       conflict when the stored fingerprint differs;</li>
 *   <li>a domain write failed and the domain says it was {@link EffectVerdict.AlreadyApplied
 *       applied before}: a late duplicate (its record expired);</li>
 *   <li>a domain write failed and the domain {@link EffectVerdict.Decline declines}: the decline
 *       is recorded with one conditional Put (losing that race makes it a duplicate);</li>
 *   <li>only passing reasons, {@code TransactionConflict} or throttling ({@code ThrottlingError}
 *       on an on-demand table, {@code ProvisionedThroughputExceeded} on a provisioned one): tried
 *       again per the {@link RetryPolicy}, within the invocation's remaining time, then a
 *       {@link Outcome.Retry#soon() soon} retry ({@link RetryCause#CONTENTION} or
 *       {@link RetryCause#THROTTLING}).</li>
 * </ul>
 * DynamoDB reports a transaction it throttled as {@code TransactionCanceledException} with those
 * reasons, which the SDK does not retry, not as a throttling exception ("TransactWriteItems",
 * Errors, Amazon DynamoDB API Reference,
 * https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TransactWriteItems.html#API_TransactWriteItems_Errors);
 * a single call throttled beyond the SDK's retries fails with
 * {@code ProvisionedThroughputExceededException}, {@code ThrottlingException} or
 * {@code RequestLimitExceeded} ("Error handling with DynamoDB", Amazon DynamoDB Developer Guide,
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Programming.Errors.html),
 * and is tried again the same way; so is a single write refused with
 * {@code TransactionConflictException} (a transaction held its item).
 * A run of new operations ({@link #commitGroup}) costs one {@code TransactWriteItems} for all of
 * them when the domain can {@link TransactionalEffect#groupWrites merge} their writes: every
 * record, then the merged writes, split into several transactions only beyond DynamoDB's limits
 * ({@link TransactionSize}). A group refused for a passing reason is tried again whole, never
 * multiplied into one call per operation (that would only add load to a throttled table or a
 * contended item), and what the budget does not outlast is a retry for all of its operations. A
 * group cancelled for any other reason, or refused unrun for what it asked (a 4xx other than
 * throttling), is not explained: its operations go back to the caller to be committed one by
 * one, which decides each exactly as the sequential path does. A group whose outcome is unknown
 * (a 5xx, a timeout) is a retry for all of its operations; redelivered, they are duplicates if it
 * did commit.
 *
 * <p>5xx and timeouts (after the SDK's own retries) are a {@link Outcome.Retry}: the
 * outcome is unknown, so the message is redelivered, and the record makes a second commit a
 * duplicate. The {@code ClientRequestToken} is left to the SDK, which generates one per call and
 * reuses it across its own retries; a token derived from the key would make a real duplicate
 * within DynamoDB's 10-minute token window "succeed" as if it were new.
 *
 * @param <P> the domain's payload type
 */
public final class DynamoDbStore<P> implements Store<P> {

    private static final String CONDITIONAL_CHECK_FAILED = "ConditionalCheckFailed";
    private static final String TRANSACTION_CONFLICT = "TransactionConflict";
    /** The cancellation reasons of a throttled transaction: on-demand, then provisioned tables. */
    private static final Set<String> THROTTLED = Set.of("ThrottlingError", "ProvisionedThroughputExceeded");
    /**
     * The error codes of a single call DynamoDB throttled; the SDK's own throttling test
     * ({@link AwsServiceException#isThrottlingException()}) is consulted as well.
     */
    private static final Set<String> THROTTLING_ERRORS = Set.of("ProvisionedThroughputExceededException",
            "ThrottlingException", "RequestLimitExceeded");
    /** A single-item write on an item a transaction holds. */
    private static final String TRANSACTION_CONFLICT_ERROR = "TransactionConflictException";
    private static final String ABSENT_OR_EXPIRED = "attribute_not_exists(#pk) OR #expiresAt < :now";

    private final DynamoDbClient dynamoDb;
    private final String table;
    private final String keyPrefix;
    private final Duration recordTtl;
    private final TransactionalEffect<P> effect;
    private final RetryPolicy retries;
    private final Clock clock;

    /**
     * @param dynamoDb  a client built once per process
     * @param table     the idempotency table
     * @param keyPrefix what the partition key starts with, e.g. {@code PAYMENT}
     * @param recordTtl how long a record counts; longer than any redelivery can take
     * @param effect    the domain's writes
     * @param retries   how contention and throttling are waited out within the invocation
     * @param clock     the time of decisions and expiry
     */
    public DynamoDbStore(DynamoDbClient dynamoDb, String table, String keyPrefix, Duration recordTtl,
                         TransactionalEffect<P> effect, RetryPolicy retries, Clock clock) {
        this.dynamoDb = Objects.requireNonNull(dynamoDb, "dynamoDb");
        this.table = Objects.requireNonNull(table, "table");
        this.keyPrefix = Objects.requireNonNull(keyPrefix, "keyPrefix");
        this.recordTtl = Objects.requireNonNull(recordTtl, "recordTtl");
        this.effect = Objects.requireNonNull(effect, "effect");
        this.retries = Objects.requireNonNull(retries, "retries");
        this.clock = Objects.requireNonNull(clock, "clock");
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
        for (List<Command<P>> chunk : chunks(commands)) {
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
        while (true) {
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
            switch (transact(now -> groupTransaction(group, writes.get(), now), remaining)) {
                case Transacted.Committed committed -> open.forEach(i -> outcomes[i] = new Outcome.Approved());
                case Transacted.Cancelled cancelled -> {
                    if (!onlyRecordsFailed(cancelled.reasons(), group.size())) {
                        return outcomes;
                    }
                    boolean conflict = false;
                    for (int g = 0; g < group.size(); g++) {
                        if (failedCondition(cancelled.reasons().get(g))) {
                            outcomes[open.get(g)] = fromStoredRecord(cancelled.reasons().get(g).item(), group.get(g));
                            conflict |= !outcomes[open.get(g)].acknowledged();
                        }
                    }
                    if (conflict) {
                        return outcomes; // nothing after it is committed before the caller sees it
                    }
                    continue;
                }
                case Transacted.Refused refused -> {
                    return outcomes;
                }
                case Transacted.Unknown unknown -> open.forEach(i -> outcomes[i] = unknown.retry());
            }
            return outcomes;
        }
    }

    /**
     * Whether a group's cancellation failed conditions on its first {@code records} actions (the
     * records) and nowhere else: those are decided from their items, and the rest tried again.
     * A passing reason beside them (throttling, a conflict) leaves the rest undecided as well.
     */
    private static boolean onlyRecordsFailed(List<CancellationReason> reasons, int records) {
        boolean recordFailed = false;
        for (int i = 0; i < reasons.size(); i++) {
            String code = reasons.get(i).code();
            if (i < records && failedCondition(reasons.get(i))) {
                recordFailed = true;
            } else if (!isNone(code) && passingCause(code).isEmpty()) {
                return false;
            }
        }
        return recordFailed;
    }

    /** What one transaction came to, after its passing refusals were waited out. */
    private sealed interface Transacted {

        record Committed() implements Transacted {
        }

        /** Cancelled for a reason other than passing ones alone, at {@code at}: nothing written. */
        record Cancelled(List<CancellationReason> reasons, Instant at) implements Transacted {
        }

        /** Refused before it ran for what it asked (a 4xx other than throttling): nothing written. */
        record Refused(Outcome.Retry retry) implements Transacted {
        }

        /** Not known to be written (a 5xx, a timeout), or passing refusals beyond the budget. */
        record Unknown(Outcome.Retry retry) implements Transacted {
        }
    }

    private Transacted transact(Function<Instant, List<TransactWriteItem>> transaction, RemainingTime remaining) {
        Attempts attempts = new Attempts(remaining);
        while (true) {
            Instant now = clock.instant();
            Optional<Outcome.Retry> gaveUp;
            try {
                dynamoDb.transactWriteItems(request -> request.transactItems(transaction.apply(now)));
                return new Transacted.Committed();
            } catch (TransactionCanceledException cancelled) {
                List<CancellationReason> reasons = cancelled.cancellationReasons();
                Optional<RetryCause> passing = passingCause(reasons);
                if (passing.isEmpty()) {
                    return new Transacted.Cancelled(reasons, now);
                }
                gaveUp = attempts.refused(passing.get(), codes(reasons));
            } catch (AwsServiceException e) {
                Optional<RetryCause> passing = passingCause(e);
                if (passing.isEmpty()) {
                    return e.statusCode() / 100 == 4 ? new Transacted.Refused(retryFor(e)) : new Transacted.Unknown(retryFor(e));
                }
                gaveUp = attempts.refused(passing.get(), errorCode(e));
            } catch (SdkException e) {
                return new Transacted.Unknown(retryFor(e));
            }
            if (gaveUp.isPresent()) {
                return new Transacted.Unknown(gaveUp.get());
            }
        }
    }

    /**
     * The passing refusals of one call so far, per cause, and the pauses between them: each
     * {@link #refused} either pauses before the next attempt or answers the retry that ends it.
     */
    private final class Attempts {
        private final RemainingTime remaining;
        private final Map<RetryCause, Integer> refusals = new EnumMap<>(RetryCause.class);
        private int made;

        Attempts(RemainingTime remaining) {
            this.remaining = remaining;
        }

        /** The call was refused for {@code cause} ({@code code} says how): pause, or give up with a retry. */
        Optional<Outcome.Retry> refused(RetryCause cause, String code) {
            made++;
            int attempt = refusals.merge(cause, 1, Integer::sum);
            Optional<Duration> pause = retries.pauseAfter(cause, attempt, remaining.remaining());
            if (pause.isEmpty()) {
                return Optional.of(new Outcome.Retry(cause, code + " after " + made + " attempts"));
            }
            try {
                Thread.sleep(pause.get());
                return Optional.empty();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.of(new Outcome.Retry("interrupted while retrying " + code));
            }
        }
    }

    /**
     * Why a transaction was cancelled, when every reason is a passing one: throttling if any
     * item was throttled, else contention. Empty when a condition failed (that is an answer) or
     * another reason came up (a validation error, a size limit: waiting changes nothing).
     */
    private static Optional<RetryCause> passingCause(List<CancellationReason> reasons) {
        Optional<RetryCause> cause = Optional.empty();
        for (CancellationReason reason : reasons) {
            if (isNone(reason.code())) {
                continue;
            }
            Optional<RetryCause> passing = passingCause(reason.code());
            if (passing.isEmpty()) {
                return Optional.empty();
            }
            cause = cause.filter(RetryCause.THROTTLING::equals).or(() -> passing);
        }
        return cause;
    }

    private static Optional<RetryCause> passingCause(String cancellationCode) {
        if (THROTTLED.contains(cancellationCode)) {
            return Optional.of(RetryCause.THROTTLING);
        }
        return TRANSACTION_CONFLICT.equals(cancellationCode) ? Optional.of(RetryCause.CONTENTION) : Optional.empty();
    }

    /** Why a single call was refused, when the reason is a passing one: throttling, or a transaction holding its item. */
    private static Optional<RetryCause> passingCause(AwsServiceException e) {
        String code = errorCode(e);
        if (e.isThrottlingException() || THROTTLING_ERRORS.contains(code)) {
            return Optional.of(RetryCause.THROTTLING);
        }
        return TRANSACTION_CONFLICT_ERROR.equals(code) ? Optional.of(RetryCause.CONTENTION) : Optional.empty();
    }

    private static boolean isNone(String code) {
        return code == null || "None".equals(code);
    }

    /**
     * {@code commands} in order, cut where one more would not fit in one transaction or cannot be
     * merged. A batch's lane nearly always fits whole: that is checked once, before any cut.
     */
    private List<List<Command<P>>> chunks(List<Command<P>> commands) {
        if (fits(commands)) {
            return List.of(commands);
        }
        List<List<Command<P>>> chunks = new ArrayList<>();
        List<Command<P>> current = new ArrayList<>();
        for (Command<P> command : commands) {
            current.add(command);
            if (current.size() > 1 && !fits(current)) {
                current.remove(current.size() - 1);
                chunks.add(current);
                current = new ArrayList<>(List.of(command));
            }
        }
        if (!current.isEmpty()) {
            chunks.add(current);
        }
        return chunks;
    }

    private boolean fits(List<Command<P>> group) {
        return effect.groupWrites(group)
                .map(writes -> TransactionSize.fits(groupTransaction(group, writes, clock.instant())))
                .orElse(false);
    }

    private List<TransactWriteItem> groupTransaction(List<Command<P>> group, List<TransactWriteItem> writes, Instant now) {
        List<TransactWriteItem> items = new ArrayList<>(group.size() + writes.size());
        for (Command<P> command : group) {
            items.add(TransactWriteItem.builder().put(recordPut(command, Decision.approved(), now)).build());
        }
        items.addAll(writes);
        return items;
    }

    private List<TransactWriteItem> transaction(Command<P> command, Instant now) {
        List<TransactWriteItem> items = new ArrayList<>();
        items.add(TransactWriteItem.builder().put(recordPut(command, Decision.approved(), now)).build());
        items.addAll(effect.writes(command));
        return items;
    }

    private Put recordPut(Command<P> command, Decision decision, Instant now) {
        IdempotencyRecord record = new IdempotencyRecord(pk(command), decision, command.fingerprint(),
                effect.summary(command), now, now.plus(recordTtl));
        return Put.builder()
                .tableName(table)
                .item(record.toItem())
                .conditionExpression(ABSENT_OR_EXPIRED)
                .expressionAttributeNames(Map.of("#pk", PK, "#expiresAt", EXPIRES_AT))
                .expressionAttributeValues(Map.of(":now", AttributeValue.fromN(Long.toString(now.getEpochSecond()))))
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                .build();
    }

    private String pk(Command<P> command) {
        return keyPrefix + "#" + command.key().value();
    }

    /** Reads the cancellation reasons by index; see the class comment. */
    private Outcome explain(List<CancellationReason> reasons, Command<P> command, Instant now, RemainingTime remaining) {
        if (reasons.isEmpty()) {
            return new Outcome.Retry("transaction cancelled without reasons");
        }
        if (failedCondition(reasons.get(0))) {
            return fromStoredRecord(reasons.get(0).item(), command);
        }
        Optional<EffectVerdict.Decline> decline = Optional.empty();
        for (int i = 1; i < reasons.size(); i++) {
            if (!failedCondition(reasons.get(i))) {
                continue;
            }
            EffectVerdict verdict = effect.onConditionFailed(i - 1, orEmpty(reasons.get(i).item()), command);
            switch (verdict) {
                case EffectVerdict.AlreadyApplied applied -> {
                    return lateDuplicate(applied, command);
                }
                case EffectVerdict.Decline d -> decline = decline.or(() -> Optional.of(d));
            }
        }
        if (decline.isPresent()) {
            return recordDecline(command, decline.get().reason(), now, remaining);
        }
        return new Outcome.Retry("transaction cancelled: " + codes(reasons));
    }

    private static boolean failedCondition(CancellationReason reason) {
        return CONDITIONAL_CHECK_FAILED.equals(reason.code());
    }

    private static Map<String, AttributeValue> orEmpty(Map<String, AttributeValue> item) {
        return item == null ? Map.of() : item;
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
     * Records a decline on its own: the decision is idempotent too. Throttling or a transaction
     * holding the record's item is waited out as for a transaction.
     */
    private Outcome recordDecline(Command<P> command, String reason, Instant now, RemainingTime remaining) {
        Put put = recordPut(command, Decision.declined(reason), now);
        PutItemRequest request = PutItemRequest.builder()
                .tableName(put.tableName())
                .item(put.item())
                .conditionExpression(put.conditionExpression())
                .expressionAttributeNames(put.expressionAttributeNames())
                .expressionAttributeValues(put.expressionAttributeValues())
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                .build();
        Attempts attempts = new Attempts(remaining);
        while (true) {
            Optional<Outcome.Retry> gaveUp;
            try {
                dynamoDb.putItem(request);
                return new Outcome.Declined(reason);
            } catch (ConditionalCheckFailedException raced) {
                return fromStoredRecord(raced.item(), command);
            } catch (AwsServiceException e) {
                Optional<RetryCause> passing = passingCause(e);
                if (passing.isEmpty()) {
                    return retryFor(e);
                }
                gaveUp = attempts.refused(passing.get(), errorCode(e));
            } catch (SdkException e) {
                return retryFor(e);
            }
            if (gaveUp.isPresent()) {
                return gaveUp.get();
            }
        }
    }

    private static String errorCode(AwsServiceException e) {
        return e.awsErrorDetails() == null || e.awsErrorDetails().errorCode() == null
                ? "unknown" : e.awsErrorDetails().errorCode();
    }

    private static Outcome.Retry retryFor(SdkException e) {
        if (e instanceof AwsServiceException service) {
            return new Outcome.Retry("store error " + service.statusCode() + ": " + errorCode(service));
        }
        if (e instanceof SdkClientException) {
            return new Outcome.Retry("store unreachable or timed out: " + e.getClass().getSimpleName());
        }
        return new Outcome.Retry("store failed: " + e.getClass().getSimpleName());
    }

    private static String codes(List<CancellationReason> reasons) {
        return reasons.stream().map(reason -> String.valueOf(reason.code())).toList().toString();
    }
}
