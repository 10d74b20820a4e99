package com.example.sim;

import com.example.template.EventSource;
import com.example.template.Function;
import com.example.sim.models.StreamSettings;
import com.example.template.Template;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.nio.file.Path;

/**
 * The production windows a run lives through, a view of the template model as a deployment
 * without parameter overrides gets them: each parameter's {@code Default}, and the values of the
 * payments queue, its DLQ, the event source mapping and the function.
 *
 * @param queueRetentionSeconds       {@code QueueRetentionSeconds}
 * @param recordTtlSeconds            {@code IdempotencyTtlSeconds}
 * @param maxReceiveCount             {@code MaxReceiveCount}
 * @param maxConcurrency              {@code EventSourceMaximumConcurrency} (the event source's {@code MaximumConcurrency})
 * @param inFunctionConcurrency       {@code InFunctionConcurrency}
 * @param minRemainingTimeMs          {@code MinRemainingTimeMs}
 * @param groupCommit                 {@code GroupCommit}
 * @param signatureWindowSeconds      {@code ProducerSignatureWindowSeconds}
 * @param visibilityTimeoutSeconds    the payments queue's {@code VisibilityTimeout}
 * @param deadLetterRetentionSeconds  the function's {@code DEAD_LETTER_RETENTION_SECONDS} (the DLQ's retention)
 * @param functionTimeoutSeconds      the authorizer's {@code Timeout}
 * @param batchSize                   the event source's {@code BatchSize}
 * @param batchingWindowSeconds       its {@code MaximumBatchingWindowInSeconds}
 * @param maxConcurrencyAllowed       {@code EventSourceMaximumConcurrency}'s largest {@code AllowedValues}
 * @param stream                      the publisher's stream event source and on-failure queue
 * @param fastPathTimeoutMs           {@code FastPathTimeoutMs} (the fast path's read timeout, with the cache on)
 * @param fastPathTtlSeconds          {@code FastPathTtlSeconds} (how long a decision is cached)
 * @param maxPaymentAgeSeconds        {@code MaxPaymentAgeSeconds} (the function's {@code MAX_MESSAGE_AGE_SECONDS}:
 *                                    the greatest age, from its {@code headers.timestamp}, of a payment decided)
 */
record TemplateWindows(long queueRetentionSeconds, long recordTtlSeconds, int maxReceiveCount, int maxConcurrency,
                       int inFunctionConcurrency, long minRemainingTimeMs, boolean groupCommit,
                       long signatureWindowSeconds, long visibilityTimeoutSeconds, long deadLetterRetentionSeconds,
                       long functionTimeoutSeconds, int batchSize, long batchingWindowSeconds, int maxConcurrencyAllowed,
                       StreamSettings stream, long fastPathTimeoutMs, long fastPathTtlSeconds, long maxPaymentAgeSeconds) {

    static TemplateWindows read(Path template) {
        return of(Template.read(template));
    }

    /** The windows of {@code template}: a view of the template model. */
    static TemplateWindows of(Template template) {
        Function function = template.function("PaymentAuthorizerFunction");
        EventSource payments = sqsSource(function, "PaymentsQueue");
        return new TemplateWindows(
                byDefault(template, "QueueRetentionSeconds"),
                byDefault(template, "IdempotencyTtlSeconds"),
                Math.toIntExact(byDefault(template, "MaxReceiveCount")),
                Math.toIntExact(byDefault(template, "EventSourceMaximumConcurrency")),
                Math.toIntExact(byDefault(template, "InFunctionConcurrency")),
                byDefault(template, "MinRemainingTimeMs"),
                Boolean.parseBoolean(template.requireParameter("GroupCommit").byDefault().orElseThrow()),
                byDefault(template, "ProducerSignatureWindowSeconds"),
                number(template, template.queue("PaymentsQueue").visibilityTimeout(), "PaymentsQueue's VisibilityTimeout"),
                number(template, function.environment().get("DEAD_LETTER_RETENTION_SECONDS"), "DEAD_LETTER_RETENTION_SECONDS"),
                number(template, function.property("Timeout"), "PaymentAuthorizerFunction's Timeout"),
                Math.toIntExact(number(template, payments.property("BatchSize"), payments.name() + "'s BatchSize")),
                number(template, payments.property("MaximumBatchingWindowInSeconds"), payments.name() + "'s MaximumBatchingWindowInSeconds"),
                template.requireParameter("EventSourceMaximumConcurrency").allowedValues().stream().mapToInt(Integer::parseInt)
                        .max().orElseThrow(() -> new IllegalArgumentException("the template lists no AllowedValues of EventSourceMaximumConcurrency")),
                stream(template), byDefault(template, "FastPathTimeoutMs"),
                byDefault(template, "FastPathTtlSeconds"), byDefault(template, "MaxPaymentAgeSeconds"));
    }

    /** The publisher's stream settings: {@code PaymentEventsFunction}'s stream event source, timeout and on-failure queue. */
    private static StreamSettings stream(Template template) {
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
                number(template, function.property("Timeout"), "PaymentEventsFunction's Timeout"),
                number(template, template.queue("PaymentEventsFailureQueue").retention(),
                        "PaymentEventsFailureQueue's MessageRetentionPeriod"));
        if (settings.parallelizationFactor() != 1 || !settings.reportBatchItemFailures()) {
            throw new IllegalArgumentException("the simulation models the stream event source with ParallelizationFactor 1 "
                    + "and ReportBatchItemFailures, as the template had them; the template now has ParallelizationFactor "
                    + settings.parallelizationFactor() + (settings.reportBatchItemFailures() ? "" : " and no ReportBatchItemFailures"));
        }
        return settings;
    }

    private static long number(Template template, EventSource stream, String property) {
        return number(template, stream.property(property), stream.name() + "'s " + property);
    }

    /** A parameter's Default, as a deployment without overrides gets it. */
    private static long byDefault(Template template, String parameter) {
        return template.requireParameter(parameter).defaultNumber();
    }

    /** A number of the template as a deployment without overrides gets it (a literal, or a parameter's Default). */
    static long number(Template template, JsonNode value, String what) {
        return template.defaultNumber(value == null ? MissingNode.getInstance() : value).orElseThrow(() ->
                new IllegalArgumentException("the template has no number for " + what + ": " + value));
    }

    /** The function's SQS event source on {@code queue}. */
    private static EventSource sqsSource(Function function, String queue) {
        return function.events().stream()
                .filter(event -> event.isSqs() && event.queue().filter(queue::equals).isPresent())
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException(function.logicalId() + " has no SQS event source on " + queue));
    }
}
