package com.example.eventsource;

/**
 * Where a shard's batch stands between invocations: how many times the batch at the checkpoint
 * has failed (the retries counted against {@code MaximumRetryAttempts}), and how many records the
 * next batch may hold (less than {@code BatchSize} after a bisection).
 */
public record ShardState(int failures, int limit) {

    /** A shard whose last batch succeeded, or that has not been polled yet. */
    public static ShardState fresh(StreamRules rules) {
        return new ShardState(0, rules.batchSize());
    }
}
