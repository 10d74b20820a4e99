package com.example.localpayments.template;

import static com.example.localpayments.template.SqsSources.DEFAULT_FUNCTION_TIMEOUT;
import static com.example.localpayments.template.SqsSources.DEFAULT_RETENTION;
import static com.example.localpayments.template.SqsSources.DEFAULT_VISIBILITY_TIMEOUT;
import static com.example.localpayments.template.SqsSources.SQS_DEFAULT_MESSAGE_BYTES;

import com.example.receiver.lambda.ReceiverVariables;
import com.example.receiver.lambda.ReceiverWindows;
import com.example.template.EventSource;
import com.example.template.Function;
import com.example.template.Queue;
import com.example.template.Template;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The idempotency windows of DESIGN.md §8: records outlive every copy of a message, the cache
 * outlives no record, and the template's Rules refuse exactly the window combinations that break
 * this. Each check a function from the template model to its violations. The record TTL against
 * the queue retention is checked at their defaults (two free parameters; the function itself
 * refuses to start when TTL &lt;= retention) and, over every allowed combination, by the Rules.
 */
final class WindowInvariants {

    private WindowInvariants() {
    }

    /**
     * Every receiving function is told its queue's own retention (the same reference, not a
     * copy that could drift), and by default its records outlive it and its cache its records.
     */
    static List<String> idempotencyWindows(Template template) {
        List<String> violations = new ArrayList<>();
        for (EventSource event : SqsSources.of(template)) {
            JsonNode variables = SqsSources.environment(template, event);
            Queue queue = SqsSources.queueOf(template, event);
            JsonNode queueRetention = queue.retention();
            if (!queueRetention.equals(variables.path(ReceiverVariables.QUEUE_RETENTION_SECONDS))) {
                violations.add(event.name() + ": " + ReceiverVariables.QUEUE_RETENTION_SECONDS + " "
                        + variables.path(ReceiverVariables.QUEUE_RETENTION_SECONDS)
                        + " is not the queue's MessageRetentionPeriod " + queueRetention);
                continue;
            }
            long retention = template.range(queueRetention, DEFAULT_RETENTION).byDefault();
            long recordTtl = template.range(variables.path(ReceiverVariables.IDEMPOTENCY_TTL_SECONDS), 0).byDefault();
            long cacheTtl = template.range(variables.path(ReceiverVariables.FAST_PATH_TTL_SECONDS), 0).byDefault();
            Queue deadLetter = template.queue(queue.redrive().orElseThrow(() ->
                    new IllegalArgumentException(event.name() + ": its queue has no RedrivePolicy")).deadLetterQueue());
            long deadLetterRetention = template.range(deadLetter.retention(), DEFAULT_RETENTION).min();
            if (variables.has(ReceiverVariables.DEAD_LETTER_QUEUE_URL)) {
                violations.addAll(deadLetterVariables(event, queue, variables, deadLetter));
                long window = template.range(variables.path(ReceiverVariables.PRODUCER_SIGNATURE_WINDOW_SECONDS), 0).byDefault();
                long longest = longestCopyLife(retention, deadLetterRetention, window);
                if (recordTtl <= longest) {
                    violations.add(event.name() + ": IDEMPOTENCY_TTL_SECONDS default " + recordTtl + " <= the longest a "
                            + "redriven copy lives, " + longest + " s");
                }
            } else if (recordTtl <= retention) {
                violations.add(event.name() + ": IDEMPOTENCY_TTL_SECONDS default " + recordTtl
                        + " <= queue retention default " + retention);
            }
            if (cacheTtl > recordTtl) {
                violations.add(event.name() + ": FAST_PATH_TTL_SECONDS default " + cacheTtl
                        + " > IDEMPOTENCY_TTL_SECONDS default " + recordTtl);
            }
        }
        return violations;
    }

    /**
     * What a record's lifetime must exceed (the receiver refuses a shorter one, as the library guide's
     * {@code IDEMPOTENCY_TTL_SECONDS} row says): a producer's
     * window and clock skew, the queue's retention twice (before and after a redrive) and the
     * dead-letter queue's.
     */
    static long longestCopyLife(long retention, long deadLetterRetention, long signatureWindow) {
        return signatureWindow + 2 * retention + deadLetterRetention + ReceiverWindows.PRODUCER_CLOCK_SKEW_SECONDS;
    }

    /**
     * The receiver is told its dead-letter queue's retention and largest message as the queue has
     * them (literals in both places), and the source queue's messages are smaller than its dead
     * letters may be.
     */
    private static List<String> deadLetterVariables(EventSource event, Queue source, JsonNode variables, Queue deadLetter) {
        List<String> violations = new ArrayList<>();
        if (!deadLetter.retention().asText().equals(variables.path(ReceiverVariables.DEAD_LETTER_RETENTION_SECONDS).asText())) {
            violations.add(event.name() + ": " + ReceiverVariables.DEAD_LETTER_RETENTION_SECONDS + " "
                    + variables.path(ReceiverVariables.DEAD_LETTER_RETENTION_SECONDS) + " is not its DLQ's MessageRetentionPeriod "
                    + deadLetter.retention());
        }
        String size = deadLetter.maximumMessageSize().asText(Long.toString(SQS_DEFAULT_MESSAGE_BYTES));
        if (!size.equals(variables.path(ReceiverVariables.DEAD_LETTER_QUEUE_MAX_MESSAGE_BYTES).asText())) {
            violations.add(event.name() + ": " + ReceiverVariables.DEAD_LETTER_QUEUE_MAX_MESSAGE_BYTES + " "
                    + variables.path(ReceiverVariables.DEAD_LETTER_QUEUE_MAX_MESSAGE_BYTES) + " is not its DLQ's MaximumMessageSize " + size);
        }
        long sourceSize = source.maximumMessageSize().asLong(SQS_DEFAULT_MESSAGE_BYTES);
        if (sourceSize >= Long.parseLong(size)) {
            violations.add(event.name() + ": its queue takes messages of " + sourceSize + " bytes, its DLQ at most " + size
                    + ": a dead letter (the message and its attributes) would not fit");
        }
        return violations;
    }

    /**
     * The template's Rules refuse exactly the window combinations DESIGN.md §8 forbids, over every
     * combination of the windows' allowed values: record TTL &lt;= queue retention, or cache TTL &gt;
     * record TTL. So {@code sam deploy} refuses them when it creates the change set.
     */
    static List<String> windowRules(Template template) {
        List<String> violations = new ArrayList<>();
        List<String> retentions = template.requireParameter("QueueRetentionSeconds").allowedValues();
        List<String> recordTtls = template.requireParameter("IdempotencyTtlSeconds").allowedValues();
        List<String> cacheTtls = template.requireParameter("FastPathTtlSeconds").allowedValues();
        List<String> receiveCounts = template.requireParameter("MaxReceiveCount").allowedValues();
        if (retentions.isEmpty() || recordTtls.isEmpty() || cacheTtls.isEmpty() || receiveCounts.isEmpty()) {
            violations.add("the windows list no AllowedValues, so no Rule can compare them");
            return violations;
        }
        long deadLetterRetention = template.range(template.queue("PaymentsDeadLetterQueue").retention(), DEFAULT_RETENTION).min();
        long longestWindow = template.requireParameter("ProducerSignatureWindowSeconds").maxValue().orElse(0);
        long cycle = receiveCycle(template);
        for (String retention : retentions) {
            long longest = longestCopyLife(Long.parseLong(retention), deadLetterRetention, longestWindow);
            for (String recordTtl : recordTtls) {
                for (String cacheTtl : cacheTtls) {
                    for (String receives : receiveCounts) {
                        boolean forbidden = Long.parseLong(recordTtl) <= longest
                                || Long.parseLong(cacheTtl) > Long.parseLong(recordTtl)
                                || Long.parseLong(receives) * cycle >= Long.parseLong(retention);
                        List<String> refusals = template.rules().refusals(Map.of(
                                "QueueRetentionSeconds", retention, "IdempotencyTtlSeconds", recordTtl,
                                "FastPathTtlSeconds", cacheTtl, "MaxReceiveCount", receives));
                        if (forbidden == refusals.isEmpty() && violations.size() < 5) {
                            violations.add("retention " + retention + ", record TTL " + recordTtl + ", cache TTL " + cacheTtl
                                    + ", maxReceiveCount " + receives
                                    + (forbidden ? " is forbidden but no Rule refuses it" : " is fine but refused: " + refusals));
                        }
                    }
                }
            }
        }
        return violations;
    }

    /**
     * The longest one receive of a payment that fails for a passing reason can last: the
     * invocation, then soon redelivery's longest delay (or the visibility timeout, which covers
     * the invocation), plus the batching window.
     */
    private static long receiveCycle(Template template) {
        Function function = template.function("PaymentAuthorizerFunction");
        long timeout = template.range(function.property("Timeout"), DEFAULT_FUNCTION_TIMEOUT).max();
        long visibility = template.range(template.queue("PaymentsQueue").visibilityTimeout(), DEFAULT_VISIBILITY_TIMEOUT).max();
        long window = template.range(function.ownProperty("Events").path("Payments").path("Properties")
                .path("MaximumBatchingWindowInSeconds"), 0).max();
        return Math.max(visibility, ReceiverWindows.SOON_REDELIVERY_LONGEST_SECONDS + timeout) + window;
    }
}
