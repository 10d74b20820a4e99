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
 * partial batch response: on the first record that fails, it stops and names that record's
 * sequence number, so that the event source retries from it (records before it are done; records
 * after it were not tried). An empty list means the whole batch is done.
 */
public final class StreamPublisher {

    /** The {@code service} field of the log lines. */
    static final String SERVICE = "payment-events";

    private final DecisionPublisher publisher;
    private final PrintStream out;
    private final Clock clock;

    /**
     * @param out where the one log line per record goes (stdout in Lambda)
     */
    public StreamPublisher(DecisionPublisher publisher, PrintStream out, Clock clock) {
        this.publisher = Objects.requireNonNull(publisher, "publisher");
        this.out = Objects.requireNonNull(out, "out");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Publishes every decision of {@code event} until the first failure. */
    public StreamsEventResponse publish(DynamodbEvent event) {
        List<DynamodbEvent.DynamodbStreamRecord> records = event.getRecords() == null ? List.of() : event.getRecords();
        for (DynamodbEvent.DynamodbStreamRecord record : records) {
            String sequence = record.getDynamodb() == null ? null : record.getDynamodb().getSequenceNumber();
            String transactionId = "";
            try {
                Optional<DecisionEvent> decision = StreamDecisions.read(record);
                transactionId = decision.map(DecisionEvent::transactionId).orElse("");
                decision.ifPresent(publisher::publish);
                log("INFO", sequence, transactionId,
                        decision.map(DecisionEvent::type).orElse("ignored " + record.getEventName()), null);
            } catch (RuntimeException e) {
                log("WARN", sequence, transactionId, "publish failed", e.getClass().getSimpleName() + ": " + e.getMessage());
                return new StreamsEventResponse(List.of(new StreamsEventResponse.BatchItemFailure(sequence)));
            }
        }
        return new StreamsEventResponse(List.of());
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
