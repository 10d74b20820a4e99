package com.example.localaws.mapping;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Lambda's DynamoDB Streams event and stream batch response as JSON, for a function invoked out
 * of process (under the runtime emulator): the event as the runtime's own serializers write it
 * ({@code Records[]} with {@code eventID}, {@code eventName}, {@code eventVersion},
 * {@code eventSource}, {@code awsRegion}, {@code eventSourceARN} and {@code dynamodb}:
 * {@code ApproximateCreationDateTime} in epoch seconds, {@code Keys}, {@code NewImage},
 * {@code OldImage} as typed attribute values, {@code SequenceNumber}, {@code SizeBytes},
 * {@code StreamViewType}), as in {@code events/payment-events/}; and the function's
 * {@code {"batchItemFailures": [...]}} back.
 */
public final class StreamEventJson {

    private StreamEventJson() {
    }

    public static String event(DynamodbEvent event) {
        return LambdaEvents.json(DynamodbEvent.class, event);
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
}
