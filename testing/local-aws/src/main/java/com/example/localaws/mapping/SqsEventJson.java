package com.example.localaws.mapping;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Lambda's SQS event and batch response as JSON, for a function invoked out of process (under
 * the runtime emulator): the event as the runtime's own serializers write it ({@code Records[]}
 * with {@code messageId}, {@code receiptHandle}, {@code body}, {@code attributes},
 * {@code messageAttributes}, {@code md5OfBody}, {@code md5OfMessageAttributes},
 * {@code eventSource}, {@code eventSourceARN}, {@code awsRegion}), and the function's
 * {@code {"batchItemFailures": [...]}} back.
 */
public final class SqsEventJson {

    private SqsEventJson() {
    }

    public static String event(SQSEvent event) {
        return LambdaEvents.json(SQSEvent.class, event);
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
