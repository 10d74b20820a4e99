package com.example.receiver.internal.dynamodb;

import com.example.receiver.Command;
import com.example.receiver.Decision;
import com.example.receiver.DuplicateSource;
import com.example.receiver.Fingerprint;
import com.example.receiver.Outcome;
import com.example.receiver.RetryCause;
import com.example.receiver.dynamodb.EffectVerdict;
import com.example.receiver.dynamodb.TransactionalEffect;
import com.example.receiver.internal.RemainingTime;
import com.example.receiver.internal.Sleeper;
import com.example.receiver.internal.Store;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

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
 *       is recorded with one conditional {@code PutItem} (losing that race makes it a duplicate),
 *       but only when every reason other than {@code None} is a failed condition: a guard that
 *       was throttled or contended beside it did not speak, and may be the one that says the
 *       operation was applied before (its record since expired). A decline is never written
 *       over an approval so.</li>
 *   <li>A passing reason ({@code TransactionConflict}, throttling) among the reasons, unless the
 *       record or a guard answered beside it: tried again per the
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
 *       all of them when the domain can merge their writes; a cancelled group is explained from
 *       its records first ({@link GroupCommit}).</li>
 *   <li>The {@code ClientRequestToken} is left to the SDK, which generates one per call and reuses
 *       it across its own retries; a token derived from the key would make a real duplicate
 *       within DynamoDB's 10-minute token window "succeed" as if it were new.</li>
 * </ul>
 *
 * @param <P> the domain's payload type
 */
public final class DynamoDbStore<P> implements Store<P> {

    private final TransactionalEffect<P> effect;
    private final Records<P> records;
    private final Transactions transactions;
    private final GroupCommit<P> groups;

    /**
     * The store on {@code table}, its records' keys {@code keyPrefix#key}.
     *
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
        this.effect = Objects.requireNonNull(effect, "effect");
        this.records = new Records<>(Objects.requireNonNull(table, "table"), Objects.requireNonNull(keyPrefix, "keyPrefix"),
                Objects.requireNonNull(recordTtl, "recordTtl"), effect);
        this.transactions = new Transactions(Objects.requireNonNull(dynamoDb, "dynamoDb"), table,
                Objects.requireNonNull(retries, "retries"), Objects.requireNonNull(clock, "clock"),
                Objects.requireNonNull(sleeper, "sleeper"));
        this.groups = new GroupCommit<>(effect, records, transactions);
    }

    @Override
    public Outcome commit(Command<P> command, RemainingTime remaining) {
        return switch (transactions.transact(now -> records.transaction(command, now),
                reasons -> answeredByGuards(reasons, command).isPresent(), remaining)) {
            case Transacted.Committed committed -> new Outcome.Approved();
            case Transacted.Cancelled cancelled -> explain(cancelled.reasons(), command, cancelled.at(), remaining);
            case Transacted.Refused refused -> refused.retry();
            case Transacted.Unknown unknown -> unknown.retry();
        };
    }

    @Override
    public List<Outcome> commitGroup(List<Command<P>> commands, RemainingTime remaining) {
        return groups.commit(commands, remaining);
    }

    /** Reads the cancellation reasons by index; see the class comment. */
    private Outcome explain(CancellationReasons reasons, Command<P> command, Instant now, RemainingTime remaining) {
        if (reasons.size() == 0) {
            return new Outcome.Retry("transaction cancelled without reasons");
        }
        Optional<Outcome> answered = answeredByGuards(reasons, command);
        if (answered.isPresent()) {
            return answered.get();
        }
        if (!reasons.onlyConditionsFailed()) {
            // An action failed without speaking: its guard may be the one that says "applied before".
            return new Outcome.Retry("transaction cancelled: " + reasons);
        }
        for (int i = 1; i < reasons.size(); i++) {
            if (reasons.failedCondition(i)
                    && effect.onConditionFailed(i - 1, reasons.item(i), command) instanceof EffectVerdict.Decline decline) {
                // The decision is idempotent too: the decline's record alone, on the same condition.
                return transactions.putDecline(records.decline(command, decline.reason(), now), command,
                        new Outcome.Declined(decline.reason()), remaining);
            }
        }
        return new Outcome.Retry("transaction cancelled: " + reasons);
    }

    /**
     * What the conditions that failed decide whatever else failed beside them: the record
     * ([0]: decided before), or a domain write applied before (a late duplicate). Empty when
     * neither failed.
     */
    private Optional<Outcome> answeredByGuards(CancellationReasons reasons, Command<P> command) {
        if (reasons.size() > 0 && reasons.failedCondition(0)) {
            return Optional.of(Records.fromStoredRecord(reasons.item(0), command));
        }
        for (int i = 1; i < reasons.size(); i++) {
            if (reasons.failedCondition(i)
                    && effect.onConditionFailed(i - 1, reasons.item(i), command) instanceof EffectVerdict.AlreadyApplied applied) {
                return Optional.of(lateDuplicate(applied, command));
            }
        }
        return Optional.empty();
    }

    private static Outcome lateDuplicate(EffectVerdict.AlreadyApplied applied, Command<?> command) {
        Optional<Fingerprint> stored = applied.fingerprint();
        if (stored.isPresent() && !stored.get().equals(command.fingerprint())) {
            return new Outcome.Conflict(stored.get(), command.fingerprint());
        }
        return new Outcome.Duplicate(DuplicateSource.LATE, Decision.approved());
    }
}
