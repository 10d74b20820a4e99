package com.example.sim;

/**
 * The publisher's side of template.yaml, as a deployment gets it: the stream event source
 * mapping of {@code PaymentEventsFunction} ({@code Events.Decisions}), its timeout, and the
 * retention of its on-failure queue {@code PaymentEventsFailureQueue}.
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

    /** The settings of the template {@code text} ({@link TemplateWindows#read} reads it). */
    static StreamSettings of(String text) {
        String function = TemplateWindows.section(text, "  PaymentEventsFunction:");
        String failures = TemplateWindows.section(text, "  PaymentEventsFailureQueue:");
        StreamSettings settings = new StreamSettings(
                Integer.parseInt(TemplateWindows.first(function, "BatchSize: (\\d+)")),
                Long.parseLong(TemplateWindows.first(function, "MaximumBatchingWindowInSeconds: (\\d+)")),
                Integer.parseInt(TemplateWindows.first(function, "ParallelizationFactor: (\\d+)")),
                function.contains("- ReportBatchItemFailures"),
                Boolean.parseBoolean(TemplateWindows.first(function, "BisectBatchOnFunctionError: (true|false)")),
                Integer.parseInt(TemplateWindows.first(function, "MaximumRetryAttempts: (\\d+)")),
                Long.parseLong(TemplateWindows.first(function, "MaximumRecordAgeInSeconds: (\\d+)")),
                Long.parseLong(TemplateWindows.first(function, "\\n      Timeout: (\\d+)")),
                Long.parseLong(TemplateWindows.first(failures, "MessageRetentionPeriod: (\\d+)")));
        if (settings.parallelizationFactor != 1 || !settings.reportBatchItemFailures) {
            throw new IllegalArgumentException("the simulation models the stream event source with ParallelizationFactor 1 "
                    + "and ReportBatchItemFailures, as the template had them; the template now has ParallelizationFactor "
                    + settings.parallelizationFactor + (settings.reportBatchItemFailures ? "" : " and no ReportBatchItemFailures"));
        }
        return settings;
    }
}
