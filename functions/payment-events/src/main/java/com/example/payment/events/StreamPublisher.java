package com.example.payment.events;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
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

    /** The {@code service} field of the log lines. */
    static final String SERVICE = "payment-events";

    private final DecisionPublisher publisher;
    private final UnpublishableRecords unpublishable;
    private final PrintStream out;
    private final Clock clock;

    /**
     * @param unpublishable where records that can never be published are set aside
     * @param out           where the one log line per record goes (stdout in Lambda)
     */
    public StreamPublisher(DecisionPublisher publisher, UnpublishableRecords unpublishable, PrintStream out, Clock clock) {
        this.publisher = Objects.requireNonNull(publisher, "publisher");
        this.unpublishable = Objects.requireNonNull(unpublishable, "unpublishable");
        this.out = Objects.requireNonNull(out, "out");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Publishes every decision of {@code event} until the first failure, and names it. */
    public StreamsEventResponse publish(DynamodbEvent event) {
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
            log("INFO", sequence, transactionId,
                    decision.map(DecisionEvent::type).orElse("ignored " + record.getEventName()), null);
            return true;
        } catch (UnpublishableRecordException e) {
            return setAside(record, sequence, transactionId, e.getMessage());
        } catch (RuntimeException e) {
            log("WARN", sequence, transactionId, "publish failed", e.getClass().getSimpleName() + ": " + e.getMessage());
            return false;
        }
    }

    private boolean setAside(DynamodbEvent.DynamodbStreamRecord record, String sequence, String transactionId, String reason) {
        try {
            unpublishable.keep(new UnpublishableRecord(StreamDecisions.key(record).orElse(""), sequence,
                    record.getEventID(), record.getEventName(), reason));
            log("WARN", sequence, transactionId, "unpublishable, set aside", reason);
            return true;
        } catch (RuntimeException e) {
            log("WARN", sequence, transactionId, "unpublishable, could not set aside",
                    e.getClass().getSimpleName() + ": " + e.getMessage());
            return false;
        }
    }

    private void log(String level, String sequence, String transactionId, String what, String error) {
        StringBuilder line = new StringBuilder(160)
                .append("{\"timestamp\":\"").append(clock.instant())
                .append("\",\"level\":\"").append(level)
                .append("\",\"service\":\"").append(SERVICE)
                .append("\",\"sequence\":\"").append(json(sequence))
                .append("\",\"txn_id\":\"").append(json(transactionId))
                .append("\",\"event\":\"").append(json(what)).append('"');
        if (error != null) {
            line.append(",\"error\":\"").append(json(error)).append('"');
        }
        out.println(line.append('}'));
    }

    private static String json(String text) {
        return text == null ? "" : text.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", " ");
    }
}
