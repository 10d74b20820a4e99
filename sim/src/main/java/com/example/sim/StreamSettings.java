package com.example.sim;

import com.example.template.EventSource;
import com.example.template.Function;
import com.example.template.Template;

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

    /** The settings of {@code template} ({@link TemplateWindows#of} reads them with the rest). */
    static StreamSettings of(Template template) {
        Function function = template.function("PaymentEventsFunction");
        EventSource stream = function.events().stream().filter(EventSource::isDynamoDbStream).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("PaymentEventsFunction has no DynamoDB stream event source"));
        StreamSettings settings = new StreamSettings(
                Math.toIntExact(number(template, stream, "BatchSize")),
                number(template, stream, "MaximumBatchingWindowInSeconds"),
                Math.toIntExact(number(template, stream, "ParallelizationFactor")),
                stream.functionResponseTypes().contains("ReportBatchItemFailures"),
                stream.property("BisectBatchOnFunctionError").asBoolean(false),
                Math.toIntExact(number(template, stream, "MaximumRetryAttempts")),
                number(template, stream, "MaximumRecordAgeInSeconds"),
                TemplateWindows.number(template, function.property("Timeout"), "PaymentEventsFunction's Timeout"),
                TemplateWindows.number(template, template.queue("PaymentEventsFailureQueue").retention(),
                        "PaymentEventsFailureQueue's MessageRetentionPeriod"));
        if (settings.parallelizationFactor != 1 || !settings.reportBatchItemFailures) {
            throw new IllegalArgumentException("the simulation models the stream event source with ParallelizationFactor 1 "
                    + "and ReportBatchItemFailures, as the template had them; the template now has ParallelizationFactor "
                    + settings.parallelizationFactor + (settings.reportBatchItemFailures ? "" : " and no ReportBatchItemFailures"));
        }
        return settings;
    }

    private static long number(Template template, EventSource stream, String property) {
        return TemplateWindows.number(template, stream.property(property), stream.name() + "'s " + property);
    }
}
