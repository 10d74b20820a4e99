package com.example.receiver.sqs;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.receiver.BatchResult;
import com.example.receiver.InboundMessage;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Maps Lambda's {@link SQSEvent} to {@link InboundMessage}s and a {@link BatchResult} to the
 * partial batch response Lambda understands when the event source mapping reports
 * {@code ReportBatchItemFailures}: the ids listed are redelivered, all others deleted.
 */
public final class SqsBatch {

    private SqsBatch() {
    }

    /** The deliveries of an event, in order; the FIFO group id when there is one. */
    public static List<InboundMessage> messages(SQSEvent event) {
        if (event == null || event.getRecords() == null) {
            return List.of();
        }
        return event.getRecords().stream().map(SqsBatch::message).toList();
    }

    private static InboundMessage message(SQSEvent.SQSMessage record) {
        Map<String, String> attributes = record.getAttributes() == null ? Map.of() : record.getAttributes();
        return new InboundMessage(String.valueOf(record.getMessageId()), record.getBody(),
                Optional.ofNullable(attributes.get("MessageGroupId")));
    }

    /** The partial batch response: every delivery not acknowledged (empty list = all done). */
    public static SQSBatchResponse response(BatchResult result) {
        return SQSBatchResponse.builder()
                .withBatchItemFailures(result.failedMessageIds().stream()
                        .map(id -> SQSBatchResponse.BatchItemFailure.builder().withItemIdentifier(id).build())
                        .toList())
                .build();
    }
}
