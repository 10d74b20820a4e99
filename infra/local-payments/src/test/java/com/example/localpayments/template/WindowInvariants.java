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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The idempotency windows of DESIGN.md §8: records outlive every copy of a message, the cache
 * outlives no record, and the template's Rules refuse exactly the window combinations that break
 * this. Each check a function from the template model to its violations. The record TTL against
 * the payment age bound (or, for a receiver without one, the queue retention) is checked at their
 * defaults (the function itself refuses to start otherwise) and, over every allowed combination,
 * by the Rules.
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
            if (variables.has(ReceiverVariables.DEAD_LETTER_QUEUE_URL)) {
                violations.addAll(deadLetterVariables(event, queue, variables, deadLetter));
                violations.addAll(recordOutlivesTheAgeBound(template, event, variables, recordTtl));
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
     * A receiver that dead-letters is bounded by age (the {@code MaxPaymentAgeSeconds} parameter,
     * not a copy), and by default its records outlive the bound and the clock skew
     * ({@code RecordLifetime}): no copy still decided outlives its record, however many redrives.
     */
    private static List<String> recordOutlivesTheAgeBound(Template template, EventSource event, JsonNode variables,
                                                          long recordTtl) {
        JsonNode bound = variables.path(ReceiverVariables.MAX_MESSAGE_AGE_SECONDS);
        if (!"MaxPaymentAgeSeconds".equals(bound.path("Ref").asText())) {
            return List.of(event.name() + ": " + ReceiverVariables.MAX_MESSAGE_AGE_SECONDS + " " + bound
                    + " is not the MaxPaymentAgeSeconds parameter: its records are bounded by the queues' windows, one redrive");
        }
        long longest = template.range(bound, 0).byDefault() + ReceiverWindows.PRODUCER_CLOCK_SKEW_SECONDS;
        return recordTtl > longest ? List.of() : List.of(event.name() + ": IDEMPOTENCY_TTL_SECONDS default " + recordTtl
                + " <= MAX_MESSAGE_AGE_SECONDS + the skew, " + longest + " s");
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
     * combination of the windows' allowed values: record TTL &lt;= the payment age bound + the
     * skew, cache TTL &gt; record TTL, or more receives than the retention fits. So
     * {@code sam deploy} refuses them when it creates the change set. The age bound is drawn with
     * the record TTL (the others at their defaults), the queue windows with the bound at its
     * default: the Rules relate no window of one group to one of the other.
     */
    static List<String> windowRules(Template template) {
        List<String> violations = new ArrayList<>();
        List<String> retentions = template.requireParameter("QueueRetentionSeconds").allowedValues();
        List<String> recordTtls = template.requireParameter("IdempotencyTtlSeconds").allowedValues();
        List<String> cacheTtls = template.requireParameter("FastPathTtlSeconds").allowedValues();
        List<String> receiveCounts = template.requireParameter("MaxReceiveCount").allowedValues();
        List<String> ages = template.requireParameter("MaxPaymentAgeSeconds").allowedValues();
        if (retentions.isEmpty() || recordTtls.isEmpty() || cacheTtls.isEmpty() || receiveCounts.isEmpty() || ages.isEmpty()) {
            violations.add("the windows list no AllowedValues, so no Rule can compare them");
            return violations;
        }
        Map<String, String> defaults = new HashMap<>();
        for (String name : List.of("QueueRetentionSeconds", "IdempotencyTtlSeconds", "FastPathTtlSeconds", "MaxReceiveCount",
                "MaxPaymentAgeSeconds")) {
            defaults.put(name, Long.toString(template.requireParameter(name).defaultNumber()));
        }
        long cycle = receiveCycle(template);
        for (String age : ages) {
            for (String recordTtl : recordTtls) {
                Map<String, String> values = new HashMap<>(defaults);
                values.put("MaxPaymentAgeSeconds", age);
                values.put("IdempotencyTtlSeconds", recordTtl);
                check(template, values, forbidden(values, cycle), violations);
            }
        }
        for (String retention : retentions) {
            for (String recordTtl : recordTtls) {
                for (String cacheTtl : cacheTtls) {
                    for (String receives : receiveCounts) {
                        Map<String, String> values = new HashMap<>(defaults);
                        values.putAll(Map.of("QueueRetentionSeconds", retention, "IdempotencyTtlSeconds", recordTtl,
                                "FastPathTtlSeconds", cacheTtl, "MaxReceiveCount", receives));
                        check(template, values, forbidden(values, cycle), violations);
                    }
                }
            }
        }
        return violations;
    }

    /** Whether DESIGN.md §8 forbids {@code values}: the invariants the Rules must keep. */
    private static boolean forbidden(Map<String, String> values, long cycle) {
        long recordTtl = Long.parseLong(values.get("IdempotencyTtlSeconds"));
        return recordTtl <= Long.parseLong(values.get("MaxPaymentAgeSeconds")) + ReceiverWindows.PRODUCER_CLOCK_SKEW_SECONDS
                || Long.parseLong(values.get("FastPathTtlSeconds")) > recordTtl
                || Long.parseLong(values.get("MaxReceiveCount")) * cycle >= Long.parseLong(values.get("QueueRetentionSeconds"));
    }

    /** Adds to {@code violations} (five at most) when the Rules refuse {@code values} and it is fine, or accept it and it is forbidden. */
    private static void check(Template template, Map<String, String> values, boolean forbidden, List<String> violations) {
        List<String> refusals = template.rules().refusals(values);
        if (forbidden == refusals.isEmpty() && violations.size() < 5) {
            violations.add(new TreeMap<>(values) + (forbidden ? " is forbidden but no Rule refuses it" : " is fine but refused: " + refusals));
        }
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
