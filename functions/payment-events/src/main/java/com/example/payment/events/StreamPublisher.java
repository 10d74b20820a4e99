package com.example.payment.events;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.example.receiver.Invocation;
import com.example.receiver.config.ReceiverConfig;
import com.example.receiver.telemetry.EmfMetrics;
import com.example.receiver.telemetry.FunctionLog;
import java.io.PrintStream;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Publishes the decisions of one stream batch, in stream order, and answers with Lambda's stream
 * partial batch response: on the first record that fails, it stops and names that record's
 * sequence number, so that the event source retries from it (records before it are done; records
 * after it were not tried). An empty list means the whole batch is done.
 */
public final class StreamPublisher {

    /** The {@code service} field of the log lines and the {@code Service} dimension of the metrics. */
    public static final String SERVICE = "payment-events";

    private final DecisionPublisher publisher;
    private final Clock clock;
    private final FunctionLog log;
    private final EmfMetrics metrics;

    /**
     * @param out where the one log line per record and the metrics of each invocation go (stdout in Lambda)
     */
    public StreamPublisher(DecisionPublisher publisher, PrintStream out, Clock clock) {
        this(publisher, out, clock, ReceiverConfig.DEFAULT_METRICS_NAMESPACE);
    }

    /** @param namespace the CloudWatch namespace of its metrics ({@link PublisherMetrics}) */
    public StreamPublisher(DecisionPublisher publisher, PrintStream out, Clock clock, String namespace) {
        this.publisher = Objects.requireNonNull(publisher, "publisher");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.log = new FunctionLog(out, clock, SERVICE);
        this.metrics = new EmfMetrics(out, clock, namespace, SERVICE, PublisherMetrics.ALL);
    }

    /** Publishes every decision of {@code event} until the first failure, outside a Lambda invocation. */
    public StreamsEventResponse publish(DynamodbEvent event) {
        return publish(event, Invocation.OUTSIDE_LAMBDA);
    }

    /** Publishes every decision of {@code event}, the event of {@code invocation}, until the first failure. */
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
            String transactionId = "";
            try {
                Optional<DecisionEvent> decision = StreamDecisions.read(record);
                transactionId = decision.map(DecisionEvent::transactionId).orElse("");
                decision.ifPresent(publisher::publish);
                decision.ifPresent(published -> metrics.count(PublisherMetrics.PUBLISHED));
                lag(record);
                log(FunctionLog.Level.INFO, "Stream record handled", sequence, transactionId,
                        decision.map(DecisionEvent::type).orElse("ignored " + record.getEventName()), null);
            } catch (RuntimeException e) {
                metrics.count(PublisherMetrics.PUBLISH_FAILED);
                log(FunctionLog.Level.WARN, "Publish failed, the batch is retried from this record", sequence,
                        transactionId, "publish failed", e.getClass().getSimpleName() + ": " + e.getMessage());
                return new StreamsEventResponse(List.of(new StreamsEventResponse.BatchItemFailure(sequence)));
            }
        }
        return new StreamsEventResponse(List.of());
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
