package com.example.receiver.internal.dynamodb;

import com.example.receiver.Command;
import com.example.receiver.Outcome;
import com.example.receiver.RetryCause;
import com.example.receiver.internal.RemainingTime;
import com.example.receiver.internal.Sleeper;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * The store's two calls, each tried until it answers: a passing refusal (throttling,
 * {@code TransactionConflict}) is waited out per the {@link RetryPolicy} within the remaining
 * time; a table that does not exist is named ({@link MissingTable}); every other error is read by
 * {@link StoreError} once, the same way for both calls.
 */
final class Transactions {

    private final DynamoDbClient dynamoDb;
    private final String recordsTable;
    private final RetryPolicy retries;
    private final Clock clock;
    private final Sleeper sleeper;

    Transactions(DynamoDbClient dynamoDb, String recordsTable, RetryPolicy retries, Clock clock, Sleeper sleeper) {
        this.dynamoDb = dynamoDb;
        this.recordsTable = recordsTable;
        this.retries = retries;
        this.clock = clock;
        this.sleeper = sleeper;
    }

    Instant now() {
        return clock.instant();
    }

    /** Whether a call may start with {@code remaining} left: not once the time reserve is reached. */
    boolean mayStart(RemainingTime remaining) {
        return retries.mayStart(remaining.remaining());
    }

    /**
     * One {@code TransactWriteItems} of the items made for the time of each attempt. A
     * cancellation with a passing reason among its reasons is waited out and tried again, unless
     * the conditions that failed beside it {@code answer} for the whole transaction: the actions
     * that did not speak are asked again, never guessed.
     */
    Transacted transact(Function<Instant, List<TransactWriteItem>> transaction, Predicate<CancellationReasons> answer,
                        RemainingTime remaining) {
        return patiently(remaining, () -> {
            Instant now = clock.instant();
            List<TransactWriteItem> writes = transaction.apply(now);
            try {
                dynamoDb.transactWriteItems(request -> request.transactItems(writes));
                return new Try.Answer<>(new Transacted.Committed());
            } catch (TransactionCanceledException cancelled) {
                CancellationReasons reasons = new CancellationReasons(cancelled.cancellationReasons());
                return reasons.passingCause().filter(cause -> !answer.test(reasons))
                        .<Try<Transacted>>map(cause -> new Try.Passing<>(cause, reasons.toString()))
                        .orElseGet(() -> new Try.Answer<>(new Transacted.Cancelled(reasons, now)));
            } catch (ResourceNotFoundException missing) {
                return new Try.Answer<>(new Transacted.Refused(MissingTable.of(writes, recordsTable)));
            }
        }, Transacted.Refused::new, Transacted.Unknown::new);
    }

    /** One conditional {@code PutItem} of a decline's record: the decline, or the record it lost the race to. */
    Outcome putDecline(PutItemRequest request, Command<?> command, Outcome.Declined declined, RemainingTime remaining) {
        return patiently(remaining, () -> {
            try {
                dynamoDb.putItem(request);
                return new Try.Answer<>(declined);
            } catch (ConditionalCheckFailedException raced) {
                return new Try.Answer<>(Records.fromStoredRecord(raced.item(), command));
            } catch (ResourceNotFoundException missing) {
                return new Try.Answer<>(MissingTable.of(Set.of(request.tableName()), recordsTable));
            }
        }, retry -> retry, retry -> retry);
    }

    /** What one attempt came to: an answer to keep, or a passing refusal to wait out. */
    private sealed interface Try<T> {

        record Answer<T>(T value) implements Try<T> {
        }

        record Passing<T>(RetryCause cause, String detail) implements Try<T> {
        }
    }

    private <T> T patiently(RemainingTime remaining, Supplier<Try<T>> attempt,
                            Function<Outcome.Retry, T> refused, Function<Outcome.Retry, T> unknown) {
        Attempts attempts = new Attempts(retries, sleeper, remaining);
        while (true) {
            Try<T> tried;
            try {
                tried = attempt.get();
            } catch (SdkException e) {
                switch (StoreError.of(e)) {
                    case StoreError.Passing passing -> tried = new Try.Passing<>(passing.cause(), passing.code());
                    case StoreError.Refused refusal -> {
                        return refused.apply(refusal.retry());
                    }
                    case StoreError.Unknown unknowable -> {
                        return unknown.apply(unknowable.retry());
                    }
                }
            }
            switch (tried) {
                case Try.Answer<T> answer -> {
                    return answer.value();
                }
                case Try.Passing<T> passing -> {
                    Optional<Outcome.Retry> gaveUp = attempts.refused(passing.cause(), passing.detail());
                    if (gaveUp.isPresent()) {
                        return unknown.apply(gaveUp.get());
                    }
                }
            }
        }
    }
}
