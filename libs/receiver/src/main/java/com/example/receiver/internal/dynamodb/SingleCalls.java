package com.example.receiver.internal.dynamodb;

import com.example.receiver.Outcome;
import com.example.receiver.RetryCause;
import com.example.receiver.internal.RemainingTime;
import com.example.receiver.internal.Sleeper;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReplicatedWriteConflictException;

/**
 * The single-item calls of the single-write commit, each tried until it answers: a failed
 * condition is an answer (with the item it failed on, when the call asked for it); a passing
 * refusal (throttling) is waited out per the {@link RetryPolicy} within the remaining time; a
 * {@code ReplicatedWriteConflictException} (the item is being modified by a request in another
 * Region, which a global table with multi-Region strong consistency refuses a write for: "Global
 * tables", Consistency modes, Amazon DynamoDB Developer Guide,
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/GlobalTables.html)
 * ends the message as a {@link RetryCause#CONTENTION contention} retry, brought back in seconds;
 * every other error is read by {@link StoreError}, as the transactions' are.
 */
final class SingleCalls {

    /** What one call came to. */
    sealed interface Called<T> {

        /** It answered. */
        record Done<T>(T value) implements Called<T> {
        }

        /** Its condition failed, on {@code item} as it was (empty when not returned or absent). */
        record ConditionFailed<T>(Map<String, AttributeValue> item) implements Called<T> {
        }

        /** It did not answer; the message is retried. */
        record Failed<T>(Outcome.Retry retry) implements Called<T> {
        }
    }

    private final RetryPolicy retries;
    private final Sleeper sleeper;

    SingleCalls(RetryPolicy retries, Sleeper sleeper) {
        this.retries = retries;
        this.sleeper = sleeper;
    }

    /** Makes {@code call}, waiting out passing refusals within {@code remaining}. */
    <T> Called<T> call(RemainingTime remaining, Supplier<T> call) {
        Attempts attempts = new Attempts(retries, sleeper, remaining);
        while (true) {
            try {
                return new Called.Done<>(call.get());
            } catch (ConditionalCheckFailedException failed) {
                return new Called.ConditionFailed<>(failed.hasItem() ? failed.item() : Map.of());
            } catch (ReplicatedWriteConflictException conflict) {
                return new Called.Failed<>(new Outcome.Retry(RetryCause.CONTENTION,
                        "ReplicatedWriteConflictException: another Region was writing the item"));
            } catch (SdkException e) {
                switch (StoreError.of(e)) {
                    case StoreError.Passing passing -> {
                        Optional<Outcome.Retry> gaveUp = attempts.refused(passing.cause(), passing.code());
                        if (gaveUp.isPresent()) {
                            return new Called.Failed<>(gaveUp.get());
                        }
                    }
                    case StoreError.Refused refused -> {
                        return new Called.Failed<>(refused.retry());
                    }
                    case StoreError.Unknown unknown -> {
                        return new Called.Failed<>(unknown.retry());
                    }
                }
            }
        }
    }
}
