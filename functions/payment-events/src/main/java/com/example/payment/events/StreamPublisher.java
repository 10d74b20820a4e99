package com.example.payment.events;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.example.lambdakit.telemetry.EmfMetrics;
import com.example.lambdakit.telemetry.FunctionLog;
import com.example.lambdakit.telemetry.Invocation;
import com.example.lambdakit.telemetry.TelemetryConfig;
import java.io.PrintStream;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Publishes the decisions of one stream batch, in stream order, and answers with Lambda's stream
 * partial batch response. Lambda retries a batch from the lowest sequence number the response
 * names, and after {@code MaximumRetryAttempts} skips the <em>whole</em> remaining batch to the
 * on-failure destination (it bisects only when the function throws, which this never does for a
 * record). So one bad record must never be reported at the head of a batch forever:
 * <ul>
 *   <li>a record that can never be published ({@link UnpublishableRecordException}: not a
 *       decision, or an event the topic refuses) is set aside in {@link UnpublishableRecords} with
 *       its reason and counts as done; if setting it aside fails, it is a failure like the next
 *       case;</li>
 *   <li>a publish that fails otherwise (the topic or its key unreachable, throttled, a timeout) is
 *       not the record's fault: the publisher stops there and names its sequence number, so that
 *       the batch is retried from it. Going on with the records after it would publish them again
 *       on every retry, multiplying the load on a destination that is already failing (measured
 *       with {@code make reliability}, one publish in 20 refused at random: 1131 publishes for 400
 *       decisions, and the stream not drained within a minute);</li>
 *   <li>an empty list means the whole batch is done.</li>
 * </ul>
 * A batch the event source skips after its retries (an outage longer than them) is recovered with
 * the replay ({@code com.example.payment.events.replay}).
 */
public final class StreamPublisher {

    /** The {@code service} field of the log lines and the {@code Service} dimension of the metrics. */
    public static final String SERVICE = "payment-events";
    /** The CloudWatch namespace when neither {@code METRICS_NAMESPACE} nor its Powertools alias is set: the template's default {@code MetricsNamespace}. */
    public static final String METRICS_NAMESPACE = "Payments";

    private final DecisionPublisher publisher;
    private final UnpublishableRecords unpublishable;
    private final Clock clock;
    private final FunctionLog log;
    private final EmfMetrics metrics;

    /**
     * @param unpublishable where records that can never be published are set aside
     * @param out           where the one log line per record and the metrics of each invocation go (stdout in Lambda)
     */
    public StreamPublisher(DecisionPublisher publisher, UnpublishableRecords unpublishable, PrintStream out, Clock clock) {
        this(publisher, unpublishable, out, clock, METRICS_NAMESPACE);
    }

    /** @param namespace the CloudWatch namespace of its metrics ({@link PublisherMetrics}) */
    public StreamPublisher(DecisionPublisher publisher, UnpublishableRecords unpublishable, PrintStream out, Clock clock,
                           String namespace) {
        this(publisher, unpublishable, out, clock, TelemetryConfig.defaults(SERVICE, namespace));
    }

    /**
     * @param telemetry the service name, namespace and log levels
     */
    public StreamPublisher(DecisionPublisher publisher, UnpublishableRecords unpublishable, PrintStream out, Clock clock,
                           TelemetryConfig telemetry) {
        this.publisher = Objects.requireNonNull(publisher, "publisher");
        this.unpublishable = Objects.requireNonNull(unpublishable, "unpublishable");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.log = FunctionLog.of(out, clock, telemetry);
        this.metrics = new EmfMetrics(out, clock, telemetry.metricsNamespace(), telemetry.service(), PublisherMetrics.ALL);
    }

    /** Publishes every decision of {@code event} outside a Lambda invocation; see {@link #publish(DynamodbEvent, Invocation)}. */
    public StreamsEventResponse publish(DynamodbEvent event) {
        return publish(event, Invocation.OUTSIDE_LAMBDA);
    }

    /**
     * Publishes every decision of {@code event}, the event of {@code invocation}, until the first
     * failure, and names it.
     */
    public StreamsEventResponse publish(DynamodbEvent event, Invocation invocation) {
        log.begin(invocation);
        try {
            return publishRecords(event);
        } finally {
            metrics.flush(invocation);
        }
    }

    private StreamsEventResponse publishRecords(DynamodbEvent event) {
        List<DynamodbEvent.DynamodbStreamRecord> records = event.getRecords() == null ? List.of() : event.getRecords();
        for (DynamodbEvent.DynamodbStreamRecord record : records) {
            String sequence = record.getDynamodb() == null ? null : record.getDynamodb().getSequenceNumber();
            if (!publishOne(record, sequence)) {
                return new StreamsEventResponse(List.of(new StreamsEventResponse.BatchItemFailure(sequence)));
            }
        }
        return new StreamsEventResponse(List.of());
    }

    /** Publishes, ignores or sets aside one record; false when it failed and must be retried. */
    private boolean publishOne(DynamodbEvent.DynamodbStreamRecord record, String sequence) {
        String transactionId = "";
        try {
            Optional<DecisionEvent> decision = StreamDecisions.read(record);
            transactionId = decision.map(DecisionEvent::transactionId).orElse("");
            decision.ifPresent(publisher::publish);
            decision.ifPresent(published -> metrics.count(PublisherMetrics.PUBLISHED));
            lag(record);
            log(FunctionLog.Level.INFO, decision.isPresent() ? "Published" : "Stream record ignored", sequence, transactionId,
                    decision.map(DecisionEvent::type).orElse("ignored " + record.getEventName()), null);
            return true;
        } catch (UnpublishableRecordException e) {
            return setAside(record, sequence, transactionId, e.getMessage());
        } catch (RuntimeException e) {
            metrics.count(PublisherMetrics.PUBLISH_FAILED);
            log(FunctionLog.Level.WARN, "Publish failed, the batch is retried from this record", sequence,
                    transactionId, "publish failed", e.getClass().getSimpleName() + ": " + e.getMessage());
            return false;
        }
    }

    private boolean setAside(DynamodbEvent.DynamodbStreamRecord record, String sequence, String transactionId, String reason) {
        try {
            unpublishable.keep(new UnpublishableRecord(StreamDecisions.key(record).orElse(""), sequence,
                    record.getEventID(), record.getEventName(), reason));
            log(FunctionLog.Level.WARN, "Unpublishable record set aside", sequence, transactionId,
                    "unpublishable, set aside", reason);
            return true;
        } catch (RuntimeException e) {
            metrics.count(PublisherMetrics.PUBLISH_FAILED);
            log(FunctionLog.Level.WARN, "Unpublishable record could not be set aside, the batch is retried from it",
                    sequence, transactionId, "unpublishable, could not set aside",
                    e.getClass().getSimpleName() + ": " + e.getMessage());
            return false;
        }
    }

    /** The record's age now, when the stream stamped its creation time. */
    private void lag(DynamodbEvent.DynamodbStreamRecord record) {
        if (record.getDynamodb() != null && record.getDynamodb().getApproximateCreationDateTime() != null) {
            long created = record.getDynamodb().getApproximateCreationDateTime().getTime();
            metrics.measure(PublisherMetrics.STREAM_LAG, Math.max(0, clock.millis() - created));
        }
    }

    private void log(FunctionLog.Level level, String message, String sequence, String transactionId, String what,
                     String error) {
        log.write(level, message, line -> {
            line.text("sequence", sequence).text("txn_id", transactionId).text("event", what);
            if (error != null) {
                line.text("error", error);
            }
        });
    }
}
