package com.example.receiver.internal.dynamodb;

import com.example.receiver.Command;
import com.example.receiver.Decision;
import com.example.receiver.DuplicateSource;
import com.example.receiver.Outcome;
import com.example.receiver.RetryCause;
import com.example.receiver.dynamodb.ItemDecision;
import com.example.receiver.dynamodb.ItemKey;
import com.example.receiver.dynamodb.SingleWriteEffect;
import com.example.receiver.internal.RemainingTime;
import com.example.receiver.internal.Sleeper;
import com.example.receiver.internal.Store;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * The {@link Store} without transactions ({@code COMMIT_MODE=single-write}), for global tables
 * with multi-Region strong consistency, which refuse {@code TransactWriteItems}. A new operation:
 * <ol>
 *   <li>its record, read strongly consistent: found, a duplicate, or a conflict by fingerprint;</li>
 *   <li>its item ({@link SingleWriteEffect#item}), read strongly consistent; absent and declined
 *       by the domain: the decline's record alone, on {@code attribute_not_exists(pk)} (losing
 *       that race: the record in the way decides);</li>
 *   <li>the item holds the operation's entry ({@code applied.<key>}): a duplicate of that
 *       decision (a conflict by fingerprint), after completing what step 5 may not have written
 *       (the copy that decided it may have stopped before);</li>
 *   <li>else the domain decides from the item, and one {@link ItemUpdate} writes the decision on
 *       the item read; another writer in between fails its condition, and the item is read and
 *       decided again, at most {@value #DECISIONS} times (none once the time reserve is reached), then a
 *       contention retry;</li>
 *   <li>the derived writes, each a put that may run any number of times: the domain's
 *       ({@link SingleWriteEffect#derivedWrites}, an approval's only) first, then the record,
 *       with {@code region} and {@code recordedAt}. A failure here is a retry: the copy that
 *       comes back completes them at step 3. So a record found implies its derived writes.</li>
 * </ol>
 * Every call's error is read by {@link SingleCalls}. A lane's operations are committed one after
 * another: there is no group commit ({@link #commitGroup} keeps the default).
 *
 * <p>Not closed: a copy that names another item (the same key, another account), arriving between
 * another copy's steps 4 and 5, is decided on its own item; with a transaction it would be a
 * conflict.
 *
 * @param <P> the domain's payload type
 */
public final class SingleWriteStore<P> implements Store<P> {

    /** How many times an operation is decided from a fresh read before contention is given up to. */
    static final int DECISIONS = 5;

    private final DynamoDbClient dynamoDb;
    private final SingleWriteEffect<P> effect;
    private final SingleWriteRecords<P> records;
    private final SingleCalls calls;
    private final RetryPolicy retries;
    private final Clock clock;
    private final String region;

    /**
     * The store on {@code table}, its records' keys {@code keyPrefix#key}.
     *
     * @param dynamoDb  a client built once per process
     * @param table     the idempotency table
     * @param keyPrefix what the partition key starts with, e.g. {@code PAYMENT}
     * @param recordTtl how long a record counts; the sweeper deletes it after
     * @param region    the function's AWS Region, written on each entry and record
     * @param effect    the domain's decision and derived writes
     * @param retries   how throttling is waited out within the invocation
     * @param clock     the time of decisions and records
     * @param sleeper   how it pauses between attempts
     */
    public SingleWriteStore(DynamoDbClient dynamoDb, String table, String keyPrefix, Duration recordTtl, String region,
                            SingleWriteEffect<P> effect, RetryPolicy retries, Clock clock, Sleeper sleeper) {
        this.dynamoDb = Objects.requireNonNull(dynamoDb, "dynamoDb");
        this.effect = Objects.requireNonNull(effect, "effect");
        this.region = Objects.requireNonNull(region, "region");
        this.records = new SingleWriteRecords<>(Objects.requireNonNull(table, "table"),
                Objects.requireNonNull(keyPrefix, "keyPrefix"), Objects.requireNonNull(recordTtl, "recordTtl"), region,
                effect);
        this.retries = Objects.requireNonNull(retries, "retries");
        this.calls = new SingleCalls(retries, Objects.requireNonNull(sleeper, "sleeper"));
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public Outcome commit(Command<P> command, RemainingTime remaining) {
        switch (read(records.read(command), remaining)) {
            case SingleCalls.Called.Done<Map<String, AttributeValue>> found when !found.value().isEmpty() -> {
                return Records.fromStoredRecord(found.value(), command);
            }
            case SingleCalls.Called.Failed<Map<String, AttributeValue>> failed -> {
                return failed.retry();
            }
            default -> {
                return decide(command, effect.item(command), remaining);
            }
        }
    }

    /** Steps 2 to 5: the item read, decided and written, at most {@value #DECISIONS} times. */
    private Outcome decide(Command<P> command, ItemKey key, RemainingTime remaining) {
        GetItemRequest readItem = GetItemRequest.builder().tableName(key.table()).key(key.key()).consistentRead(true).build();
        for (int decision = 0; decision < DECISIONS; decision++) {
            if (decision > 0 && !retries.mayStart(remaining.remaining())) {
                // The time reserve holds for a decision made again as for any call.
                return new Outcome.Retry(RetryCause.OUT_OF_TIME, "the item changed under " + decision
                        + " decisions, and the time reserve is reached");
            }
            Map<String, AttributeValue> item;
            switch (read(readItem, remaining)) {
                case SingleCalls.Called.Done<Map<String, AttributeValue>> done -> item = done.value();
                case SingleCalls.Called.Failed<Map<String, AttributeValue>> failed -> {
                    return failed.retry();
                }
                case SingleCalls.Called.ConditionFailed<Map<String, AttributeValue>> impossible -> {
                    return new Outcome.Retry("a read failed a condition");
                }
            }
            Optional<AppliedEntry> applied = AppliedEntry.on(item, command.key().value());
            if (applied.isPresent()) {
                return completed(command, applied.get(), remaining);
            }
            ItemDecision decided = effect.decide(item, command);
            Instant now = clock.instant();
            if (item.isEmpty() && decided instanceof ItemDecision.Decline decline) {
                return declinedAlone(command, decline.reason(), now, remaining);
            }
            AppliedEntry entry = new AppliedEntry(switch (decided) {
                case ItemDecision.Apply apply -> Decision.approved();
                case ItemDecision.Decline decline -> Decision.declined(decline.reason());
            }, command.fingerprint(), now, region);
            Map<String, AttributeValue> set = decided instanceof ItemDecision.Apply apply ? apply.set() : Map.of();
            switch (calls.call(remaining, () -> dynamoDb.updateItem(ItemUpdate.of(key, item, set, command.key().value(), entry)))) {
                case SingleCalls.Called.Done<?> written -> {
                    return derived(command, entry, decided(entry.decision()), remaining);
                }
                case SingleCalls.Called.ConditionFailed<?> changed -> {
                    // Another writer changed the item since it was read: read it and decide again.
                }
                case SingleCalls.Called.Failed<?> failed -> {
                    return failed.retry();
                }
            }
        }
        return new Outcome.Retry(RetryCause.CONTENTION, "the item changed under " + DECISIONS + " decisions");
    }

    /** Step 3: the entry found on the item decides; its derived writes are completed first. */
    private Outcome completed(Command<P> command, AppliedEntry entry, RemainingTime remaining) {
        if (!entry.fingerprint().equals(command.fingerprint())) {
            // Another operation's derived writes are not this command's to write: its own copy completes them.
            return new Outcome.Conflict(entry.fingerprint(), command.fingerprint());
        }
        return derived(command, entry, new Outcome.Duplicate(DuplicateSource.STORE, entry.decision(),
                Optional.of(records.expiresAt(entry.decidedAt()))), remaining);
    }

    /**
     * Step 5: the domain's derived writes (an approval's), then the record: {@code answer} when the
     * record is written or was written by a copy of the same operation, else what the record in the
     * way decides; a retry when a write did not answer.
     */
    private Outcome derived(Command<P> command, AppliedEntry entry, Outcome answer, RemainingTime remaining) {
        if (entry.decision().status() == Decision.Status.APPROVED) {
            for (Put put : effect.derivedWrites(command)) {
                if (calls.call(remaining, () -> dynamoDb.putItem(request(put))) instanceof SingleCalls.Called.Failed<?> failed) {
                    return failed.retry();
                }
            }
        }
        PutItemRequest record = records.put(command, entry.decision(), entry.fingerprint(), entry.decidedAt(),
                clock.instant());
        return switch (calls.call(remaining, () -> dynamoDb.putItem(record))) {
            case SingleCalls.Called.Done<?> done -> answer;
            case SingleCalls.Called.ConditionFailed<?> inTheWay -> IdempotencyRecord.storedIn(inTheWay.item())
                    .filter(stored -> stored.fingerprint().equals(entry.fingerprint()))
                    .<Outcome>map(sameOperation -> answer)
                    .orElseGet(() -> Records.fromStoredRecord(inTheWay.item(), command));
            case SingleCalls.Called.Failed<?> failed -> failed.retry();
        };
    }

    /** Step 2's decline of an operation on no item: its record alone, or what the record in the way decides. */
    private Outcome declinedAlone(Command<P> command, String reason, Instant now, RemainingTime remaining) {
        PutItemRequest record = records.put(command, Decision.declined(reason), command.fingerprint(), now, now);
        return switch (calls.call(remaining, () -> dynamoDb.putItem(record))) {
            case SingleCalls.Called.Done<?> done -> new Outcome.Declined(reason);
            case SingleCalls.Called.ConditionFailed<?> inTheWay -> Records.fromStoredRecord(inTheWay.item(), command);
            case SingleCalls.Called.Failed<?> failed -> failed.retry();
        };
    }

    private static Outcome decided(Decision decision) {
        return decision.status() == Decision.Status.APPROVED
                ? new Outcome.Approved() : new Outcome.Declined(decision.reason().orElseThrow());
    }

    private SingleCalls.Called<Map<String, AttributeValue>> read(GetItemRequest request, RemainingTime remaining) {
        return calls.call(remaining, () -> {
            Map<String, AttributeValue> item = dynamoDb.getItem(request).item();
            return item == null ? Map.of() : item;
        });
    }

    private static PutItemRequest request(Put put) {
        return PutItemRequest.builder()
                .tableName(put.tableName())
                .item(put.item())
                .conditionExpression(put.conditionExpression())
                .expressionAttributeNames(put.hasExpressionAttributeNames() ? put.expressionAttributeNames() : null)
                .expressionAttributeValues(put.hasExpressionAttributeValues() ? put.expressionAttributeValues() : null)
                .build();
    }
}
