package com.example.localpayments.template;

import static com.example.localpayments.template.SqsSources.DEFAULT_FUNCTION_TIMEOUT;
import static com.example.localpayments.template.SqsSources.DEFAULT_RETENTION;
import static com.example.localpayments.template.SqsSources.DEFAULT_VISIBILITY_TIMEOUT;

import com.example.receiver.lambda.ReceiverWindows;
import com.example.template.EventSource;
import com.example.template.NumberRange;
import com.example.template.Queue;
import com.example.template.Template;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The SQS event sources' invariants of DESIGN.md §8: each a function from the template model to
 * its violations (empty when it holds). A number given by a parameter is checked over every value
 * the parameter allows.
 */
final class QueueInvariants {

    /**
     * How long DynamoDB on-demand may throttle a table whose traffic doubled ("Pre-warming on-demand
     * capacity", Amazon DynamoDB Developer Guide,
     * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/on-demand-capacity-mode.html).
     */
    static final Duration ON_DEMAND_DOUBLING_WINDOW = Duration.ofMinutes(30);

    private QueueInvariants() {
    }

    /**
     * Every SQS event source's queue hides a received batch for at least 6 x the function's
     * longest timeout + the batching window (AWS's rule): a batch still running is never handed
     * to a second environment.
     */
    static List<String> visibilityTimeouts(Template template) {
        List<String> violations = new ArrayList<>();
        for (EventSource event : SqsSources.of(template)) {
            long timeout = template.range(template.function(event.function()).property("Timeout"), DEFAULT_FUNCTION_TIMEOUT).max();
            long window = template.range(event.property("MaximumBatchingWindowInSeconds"), 0).max();
            long visibility = template.range(SqsSources.queueOf(template, event).visibilityTimeout(), DEFAULT_VISIBILITY_TIMEOUT).min();
            if (visibility < 6 * timeout + window) {
                violations.add(event.name() + ": visibility timeout " + visibility + " s < 6 x "
                        + timeout + " s + " + window + " s");
            }
        }
        return violations;
    }

    /** Every SQS event source reports batch item failures: only the failed messages come back. */
    static List<String> batchItemFailures(Template template) {
        List<String> violations = new ArrayList<>();
        for (EventSource event : SqsSources.of(template)) {
            List<String> types = event.functionResponseTypes();
            if (!types.contains("ReportBatchItemFailures")) {
                violations.add(event.name() + ": FunctionResponseTypes " + types + " lacks ReportBatchItemFailures");
            }
        }
        return violations;
    }

    /**
     * Every SQS event source's queue redrives to a DLQ, and only after its receives have outlasted
     * DynamoDB on-demand's doubling window, whatever the parameter: a message failing for a passing
     * reason at every receive (throttled, coming back after soon redelivery's shortest delays; or
     * after the visibility timeout) is still in its queue 30 minutes on ("Pre-warming on-demand
     * capacity", Amazon DynamoDB Developer Guide).
     */
    static List<String> redrive(Template template) {
        List<String> violations = new ArrayList<>();
        for (EventSource event : SqsSources.of(template)) {
            Queue queue = SqsSources.queueOf(template, event);
            if (queue.redrive().isEmpty()) {
                violations.add(event.name() + ": its queue has no RedrivePolicy");
                continue;
            }
            NumberRange receives = template.range(queue.redrive().get().maxReceiveCount(), 0);
            long visibility = template.range(queue.visibilityTimeout(), DEFAULT_VISIBILITY_TIMEOUT).min();
            for (long count : List.of(receives.min(), receives.byDefault())) {
                Duration shortest = Duration.ofSeconds(Math.min(shortestThrottledLife(count), count * visibility));
                if (shortest.compareTo(ON_DEMAND_DOUBLING_WINDOW) < 0) {
                    violations.add(event.name() + ": maxReceiveCount " + count + " dead-letters a message failing at every "
                            + "receive after " + shortest.toSeconds() + " s, within DynamoDB's " + ON_DEMAND_DOUBLING_WINDOW.toSeconds()
                            + " s of throttling");
                }
            }
        }
        return violations;
    }

    /**
     * Every DLQ keeps messages longer than the longest retention of its source: a standard
     * queue's message keeps its first enqueue time in the DLQ, and would expire on arrival.
     */
    static List<String> deadLetterRetention(Template template) {
        List<String> violations = new ArrayList<>();
        for (EventSource event : SqsSources.of(template)) {
            Queue source = SqsSources.queueOf(template, event);
            if (source.redrive().isEmpty()) {
                violations.add(event.name() + ": no dead-letter queue");
                continue;
            }
            Queue deadLetter = template.queue(source.redrive().get().deadLetterQueue());
            long sourceRetention = template.range(source.retention(), DEFAULT_RETENTION).max();
            long deadLetterRetention = template.range(deadLetter.retention(), DEFAULT_RETENTION).min();
            if (deadLetterRetention <= sourceRetention) {
                violations.add(event.name() + ": DLQ retention " + deadLetterRetention
                        + " s <= source retention " + sourceRetention + " s");
            }
        }
        return violations;
    }

    /**
     * An SQS event source on a FIFO queue is one Lambda accepts: no batching window, at most 10
     * messages a batch. (The template offers a standard queue; this holds any FIFO one to it.)
     */
    static List<String> fifoEventSources(Template template) {
        List<String> violations = new ArrayList<>();
        for (EventSource event : SqsSources.of(template)) {
            if (!SqsSources.queueOf(template, event).fifo()) {
                continue;
            }
            if (template.range(event.property("MaximumBatchingWindowInSeconds"), 0).max() > 0) {
                violations.add(event.name() + ": a FIFO queue's event source takes no batching window");
            }
            if (template.range(event.property("BatchSize"), 10).max() > 10) {
                violations.add(event.name() + ": a FIFO queue's event source takes at most 10 messages a batch");
            }
        }
        return violations;
    }

    /**
     * Soon redelivery's least time for {@code receives} throttled receives: its shortest delay,
     * 1 s doubled per receive up to 15 minutes, summed. Spelled here from the receiver's public
     * windows ({@link ReceiverWindows}); the receiver's own test checks its soon redelivery's
     * least time against the same figures.
     */
    static long shortestThrottledLife(long receives) {
        long seconds = 0;
        for (long receive = 1; receive <= receives; receive++) {
            seconds += Math.min(ReceiverWindows.SOON_REDELIVERY_MIN_SECONDS << Math.min(receive - 1, 20), ReceiverWindows.SOON_REDELIVERY_LONGEST_SECONDS);
        }
        return seconds;
    }

    /** The names of the SQS event sources, so that a test can tell the checks above had something to check. */
    static List<String> sqsEventNames(Template template) {
        return SqsSources.of(template).stream().map(EventSource::name).toList();
    }
}
