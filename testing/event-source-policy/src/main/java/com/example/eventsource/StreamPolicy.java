package com.example.eventsource;

import java.time.Instant;
import java.util.List;

/**
 * A DynamoDB stream event source mapping's rules, for one shard's batch ("Using Lambda with
 * DynamoDB" and its error handling, https://docs.aws.amazon.com/lambda/latest/dg/with-ddb.html,
 * https://docs.aws.amazon.com/lambda/latest/dg/services-dynamodb-errors.html; "Configuring
 * partial batch response with DynamoDB and Lambda",
 * https://docs.aws.amazon.com/lambda/latest/dg/services-ddb-batchfailurereporting.html), with
 * {@code ReportBatchItemFailures} on:
 * <ul>
 *   <li>an empty or null {@code batchItemFailures}, or no response, completes the batch;</li>
 *   <li>failures name sequence numbers: the lowest is the checkpoint, the records before it are
 *       done, and the batch is retried from it ("bisected at the returned sequence number": the
 *       rest is not halved). Every other result than full success is a failure, retried "up to the
 *       retry limit": the retry counts, so with {@code MaximumRetryAttempts} 0 the rest of the
 *       batch is skipped at once;</li>
 *   <li>a null, empty or unknown {@code itemIdentifier} fails the whole batch;</li>
 *   <li>a function error fails the whole batch; with {@code BisectBatchOnFunctionError} the batch
 *       is split in two, down to one record, and a split does not count as a retry;</li>
 *   <li>after {@code MaximumRetryAttempts} retries (-1: until the record expires) the failed
 *       records go to the on-failure destination and the shard moves past the whole batch;</li>
 *   <li>records older than {@code MaximumRecordAgeInSeconds} are not sent to the function: they
 *       go to the on-failure destination ({@code RecordAgeExceeded}).</li>
 * </ul>
 */
public final class StreamPolicy {

    private StreamPolicy() {
    }

    /**
     * What the mapping does after {@code invocation} of the batch whose sequence numbers are
     * {@code batch} (in stream order), on a shard standing at {@code shard}.
     */
    public static StreamSettlement settle(StreamRules rules, ShardState shard, List<String> batch, Invocation invocation) {
        if (batch.isEmpty()) {
            throw new IllegalArgumentException("an invocation has at least one record");
        }
        boolean functionError = invocation instanceof Invocation.FunctionError;
        int failedAt = functionError ? 0 : failedAt(batch, (Invocation.Answered) invocation);
        if (failedAt < 0) {
            return new StreamSettlement(StreamSettlement.Outcome.COMPLETED, batch.size(), shard.failures(), ShardState.fresh(rules));
        }
        if (functionError && rules.bisectBatchOnFunctionError() && batch.size() > 1) {
            return new StreamSettlement(StreamSettlement.Outcome.BISECTED, 0, shard.failures(),
                    new ShardState(shard.failures(), (batch.size() + 1) / 2));
        }
        // Progress restarts the count: the batch from the failed record is a new batch's first retry.
        int failures = failedAt > 0 ? 1 : shard.failures() + 1;
        if (rules.retries(failures)) {
            return new StreamSettlement(StreamSettlement.Outcome.RETRIED, failedAt, failures, new ShardState(failures, shard.limit()));
        }
        return new StreamSettlement(StreamSettlement.Outcome.SKIPPED, failedAt, failures, ShardState.fresh(rules));
    }

    /**
     * How many records at the head of a batch are older than {@code MaximumRecordAgeInSeconds} at
     * {@code now} (records in stream order; a null creation time is never too old): those go to the
     * on-failure destination unsent.
     */
    public static int expired(StreamRules rules, List<Instant> created, Instant now) {
        if (rules.maximumRecordAgeSeconds() == StreamRules.UNLIMITED) {
            return 0;
        }
        Instant tooOld = now.minusSeconds(rules.maximumRecordAgeSeconds());
        int expired = 0;
        while (expired < created.size() && created.get(expired) != null && created.get(expired).isBefore(tooOld)) {
            expired++;
        }
        return expired;
    }

    /** The index of the first record to retry from: -1 when the batch is done, 0 for the whole batch. */
    private static int failedAt(List<String> batch, Invocation.Answered answered) {
        if (answered.itemIdentifiers().isEmpty()) {
            return -1;
        }
        int first = Integer.MAX_VALUE;
        for (String identifier : answered.itemIdentifiers()) {
            int index = identifier == null || identifier.isEmpty() ? -1 : batch.indexOf(identifier);
            if (index < 0) {
                return 0;
            }
            first = Math.min(first, index);
        }
        return first;
    }
}
