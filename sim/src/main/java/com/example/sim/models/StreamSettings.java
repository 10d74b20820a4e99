package com.example.sim.models;

/**
 * The publisher's side of template.yaml, as a deployment gets it: the stream event source
 * mapping of {@code PaymentEventsFunction} ({@code Events.Decisions}), its timeout, and the
 * retention of its on-failure queue {@code PaymentEventsFailureQueue}; what the
 * {@link StreamEventSource} model runs by (the simulation's {@code TemplateWindows} reads them).
 *
 * @param batchSize               {@code BatchSize}
 * @param batchingWindowSeconds   {@code MaximumBatchingWindowInSeconds}
 * @param parallelizationFactor   {@code ParallelizationFactor} (the model runs 1: one batch per shard at a time)
 * @param reportBatchItemFailures whether {@code FunctionResponseTypes} lists {@code ReportBatchItemFailures}
 * @param bisectOnFunctionError   {@code BisectBatchOnFunctionError}
 * @param maximumRetryAttempts    {@code MaximumRetryAttempts}
 * @param maximumRecordAgeSeconds {@code MaximumRecordAgeInSeconds}
 * @param functionTimeoutSeconds  the publisher's {@code Timeout}
 * @param failureRetentionSeconds the on-failure queue's {@code MessageRetentionPeriod}
 */
public record StreamSettings(int batchSize, long batchingWindowSeconds, int parallelizationFactor,
                      boolean reportBatchItemFailures, boolean bisectOnFunctionError, int maximumRetryAttempts,
                      long maximumRecordAgeSeconds, long functionTimeoutSeconds, long failureRetentionSeconds) {
}
