package com.example.receiver.internal.sqs;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.receiver.BatchResult;
import com.example.receiver.internal.InboundMessage;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Maps Lambda's {@link SQSEvent} to {@link InboundMessage}s (body, FIFO group, the producer's
 * text message attributes, {@code SentTimestamp}) and a {@link BatchResult} to the
 * partial batch response Lambda understands when the event source mapping reports
 * {@code ReportBatchItemFailures}: the ids listed are redelivered, all others deleted.
 */
public final class SqsBatch {

    /**
     * The system attribute of the time SQS accepted a message, epoch milliseconds ("ReceiveMessage",
     * Amazon SQS API Reference, https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/API_ReceiveMessage.html).
     */
    static final String SENT_TIMESTAMP = "SentTimestamp";

    private SqsBatch() {
    }

    /**
     * The deliveries of an event, in order; the FIFO group id when there is one.
     *
     * @param event Lambda's SQS event; null or empty gives none
     * @return the deliveries
     */
    public static List<InboundMessage> messages(SQSEvent event) {
        if (event == null || event.getRecords() == null) {
            return List.of();
        }
        return event.getRecords().stream().map(SqsBatch::message).toList();
    }

    private static InboundMessage message(SQSEvent.SQSMessage record) {
        Map<String, String> attributes = record.getAttributes() == null ? Map.of() : record.getAttributes();
        return new InboundMessage(String.valueOf(record.getMessageId()), record.getBody(),
                Optional.ofNullable(attributes.get("MessageGroupId")), producerAttributes(record),
                sentAt(attributes.get(SENT_TIMESTAMP)));
    }

    /**
     * The message attributes its producer set that carry text: String and Number ones (and their
     * custom types, {@code String.x}), by name; binary ones are left out.
     */
    private static Map<String, String> producerAttributes(SQSEvent.SQSMessage record) {
        if (record.getMessageAttributes() == null) {
            return Map.of();
        }
        Map<String, String> attributes = new HashMap<>();
        record.getMessageAttributes().forEach((name, attribute) -> {
            String type = attribute == null || attribute.getDataType() == null ? "" : attribute.getDataType();
            if (name != null && attribute != null && attribute.getStringValue() != null
                    && (type.startsWith("String") || type.startsWith("Number"))) {
                attributes.put(name, attribute.getStringValue());
            }
        });
        return attributes;
    }

    /** {@code SentTimestamp}: epoch milliseconds, when SQS accepted the message; empty when absent or not a number. */
    private static Optional<Instant> sentAt(String millis) {
        if (millis == null || !millis.matches("[0-9]{1,15}")) {
            return Optional.empty();
        }
        return Optional.of(Instant.ofEpochMilli(Long.parseLong(millis)));
    }

    /**
     * The partial batch response: every delivery not acknowledged (empty list = all done).
     *
     * @param result the batch's outcomes
     * @return the response Lambda reads with ReportBatchItemFailures
     */
    public static SQSBatchResponse response(BatchResult result) {
        return SQSBatchResponse.builder()
                .withBatchItemFailures(result.failedMessageIds().stream()
                        .map(id -> SQSBatchResponse.BatchItemFailure.builder().withItemIdentifier(id).build())
                        .toList())
                .build();
    }
}
