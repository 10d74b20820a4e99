package com.example.eventsource;

/**
 * What the mapping does with a stream batch after an invocation.
 *
 * @param outcome     completed, bisected, retried, or skipped to the on-failure destination
 * @param done        how many records at the batch's head the checkpoint moves past as done
 *                    (all when completed; those before the lowest failed sequence number when a
 *                    partial response named one; none after a function error)
 * @param invokeCount the failures counted so far, Lambda's {@code approximateInvokeCount} when
 *                    skipped
 * @param next        the shard's state for its next batch
 */
public record StreamSettlement(Outcome outcome, int done, int invokeCount, ShardState next) {

    /** The four ends of a batch. */
    public enum Outcome {
        /** Done: the checkpoint moves past the whole batch. */
        COMPLETED,
        /** A function error split the batch: its first half is tried next; not a retry. */
        BISECTED,
        /** Tried again from the checkpoint (after the {@code done} records). */
        RETRIED,
        /**
         * The retries ran out: the records after the {@code done} ones go to the on-failure
         * destination ({@code RetryAttemptsExhausted}) and the checkpoint moves past the whole batch.
         */
        SKIPPED
    }
}
