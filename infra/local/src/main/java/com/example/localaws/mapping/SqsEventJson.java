package com.example.localaws.mapping;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Lambda's SQS event and batch response as JSON, for a function invoked out of process (under
 * the runtime emulator): the event in the shape Lambda sends ({@code Records[]} with
 * {@code messageId}, {@code receiptHandle}, {@code body}, {@code attributes},
 * {@code messageAttributes}, {@code md5OfBody}, {@code eventSource}, {@code eventSourceARN},
 * {@code awsRegion}), and the function's {@code {"batchItemFailures": [...]}} back.
 */
public final class SqsEventJson {

    private static final ObjectMapper JSON = new ObjectMapper();

    private SqsEventJson() {
    }

    public static String event(SQSEvent event) {
        ObjectNode root = JSON.createObjectNode();
        ArrayNode records = root.putArray("Records");
        for (SQSEvent.SQSMessage message : event.getRecords()) {
            ObjectNode record = records.addObject();
            record.put("messageId", message.getMessageId());
            record.put("receiptHandle", message.getReceiptHandle());
            record.put("body", message.getBody());
            ObjectNode attributes = record.putObject("attributes");
            Map<String, String> given = message.getAttributes() == null ? Map.of() : message.getAttributes();
            given.forEach(attributes::put);
            record.putObject("messageAttributes");
            record.put("md5OfBody", message.getMd5OfBody());
            record.put("eventSource", message.getEventSource());
            record.put("eventSourceARN", message.getEventSourceArn());
            record.put("awsRegion", message.getAwsRegion());
        }
        return root.toString();
    }

    /**
     * The batch response in {@code payload}.
     *
     * @throws IllegalStateException when the payload is Lambda's error document (the function
     *                               threw) or not a batch response: the mapping then keeps the
     *                               whole batch, as Lambda does
     */
    public static SQSBatchResponse response(String payload) {
        JsonNode root = FunctionResponse.of(payload);
        if (root.isNull() || root.path("batchItemFailures").isMissingNode() || root.path("batchItemFailures").isNull()) {
            return new SQSBatchResponse(List.of());
        }
        List<SQSBatchResponse.BatchItemFailure> failures = new ArrayList<>();
        for (JsonNode failure : root.path("batchItemFailures")) {
            failures.add(new SQSBatchResponse.BatchItemFailure(failure.path("itemIdentifier").asText(null)));
        }
        return new SQSBatchResponse(failures);
    }
}
