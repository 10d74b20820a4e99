package com.example.localaws.mapping;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamRecord;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * Lambda's DynamoDB Streams event and stream batch response as JSON, for a function invoked out
 * of process (under the runtime emulator): {@code Records[]} with {@code eventID},
 * {@code eventName}, {@code eventVersion}, {@code eventSource}, {@code awsRegion},
 * {@code eventSourceARN} and {@code dynamodb} ({@code ApproximateCreationDateTime} in epoch
 * seconds, {@code Keys}, {@code NewImage}, {@code OldImage} as typed attribute values,
 * {@code SequenceNumber}, {@code SizeBytes}, {@code StreamViewType}), as in
 * {@code events/payment-events/}; and the function's {@code {"batchItemFailures": [...]}} back.
 */
public final class StreamEventJson {

    private static final ObjectMapper JSON = new ObjectMapper();

    private StreamEventJson() {
    }

    public static String event(DynamodbEvent event) {
        ObjectNode root = JSON.createObjectNode();
        ArrayNode records = root.putArray("Records");
        for (DynamodbEvent.DynamodbStreamRecord record : event.getRecords()) {
            ObjectNode node = records.addObject();
            node.put("eventID", record.getEventID());
            node.put("eventName", record.getEventName());
            node.put("eventVersion", record.getEventVersion());
            node.put("eventSource", record.getEventSource());
            node.put("awsRegion", record.getAwsRegion());
            node.put("eventSourceARN", record.getEventSourceARN());
            StreamRecord change = record.getDynamodb();
            ObjectNode dynamodb = node.putObject("dynamodb");
            if (change.getApproximateCreationDateTime() != null) {
                dynamodb.put("ApproximateCreationDateTime", change.getApproximateCreationDateTime().getTime() / 1000);
            }
            dynamodb.set("Keys", item(change.getKeys()));
            if (change.getNewImage() != null) {
                dynamodb.set("NewImage", item(change.getNewImage()));
            }
            if (change.getOldImage() != null) {
                dynamodb.set("OldImage", item(change.getOldImage()));
            }
            dynamodb.put("SequenceNumber", change.getSequenceNumber());
            if (change.getSizeBytes() != null) {
                dynamodb.put("SizeBytes", change.getSizeBytes());
            }
            if (change.getStreamViewType() != null) {
                dynamodb.put("StreamViewType", change.getStreamViewType());
            }
        }
        return root.toString();
    }

    /**
     * The stream batch response in {@code payload}.
     *
     * @throws IllegalStateException when the payload is Lambda's error document (the function
     *                               threw) or not JSON: the mapping then treats the whole batch
     *                               as failed, as Lambda does
     */
    public static StreamsEventResponse response(String payload) {
        JsonNode root = FunctionResponse.of(payload);
        List<StreamsEventResponse.BatchItemFailure> failures = new ArrayList<>();
        for (JsonNode failure : root.path("batchItemFailures")) {
            failures.add(new StreamsEventResponse.BatchItemFailure(failure.path("itemIdentifier").asText(null)));
        }
        return new StreamsEventResponse(failures);
    }

    private static ObjectNode item(Map<String, AttributeValue> item) {
        ObjectNode node = JSON.createObjectNode();
        if (item != null) {
            item.forEach((name, value) -> node.set(name, value(value)));
        }
        return node;
    }

    private static ObjectNode value(AttributeValue value) {
        ObjectNode node = JSON.createObjectNode();
        if (value.getS() != null) {
            node.put("S", value.getS());
        } else if (value.getN() != null) {
            node.put("N", value.getN());
        } else if (value.getB() != null) {
            node.put("B", base64(value.getB()));
        } else if (value.getSS() != null) {
            value.getSS().forEach(node.putArray("SS")::add);
        } else if (value.getNS() != null) {
            value.getNS().forEach(node.putArray("NS")::add);
        } else if (value.getBS() != null) {
            ArrayNode bytes = node.putArray("BS");
            value.getBS().forEach(b -> bytes.add(base64(b)));
        } else if (value.getM() != null) {
            node.set("M", item(value.getM()));
        } else if (value.getL() != null) {
            ArrayNode list = node.putArray("L");
            value.getL().forEach(element -> list.add(value(element)));
        } else if (value.getBOOL() != null) {
            node.put("BOOL", value.getBOOL());
        } else {
            node.put("NULL", true);
        }
        return node;
    }

    private static String base64(ByteBuffer bytes) {
        ByteBuffer copy = bytes.duplicate();
        byte[] raw = new byte[copy.remaining()];
        copy.get(raw);
        return Base64.getEncoder().encodeToString(raw);
    }
}
