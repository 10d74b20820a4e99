package com.example.localaws.mapping;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The SQS event and batch response as the function out of process sees and answers them. */
class SqsEventJsonTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void event_hasLambdasKeys_inItsShape() throws Exception {
        // GIVEN one message as the mapping builds it
        SQSEvent.SQSMessage message = new SQSEvent.SQSMessage();
        message.setMessageId("m-1");
        message.setReceiptHandle("rh");
        message.setBody("{\"a\":1}");
        message.setMd5OfBody("md5");
        message.setAttributes(Map.of("ApproximateReceiveCount", "2"));
        message.setMessageAttributes(Map.of());
        message.setEventSource("aws:sqs");
        message.setEventSourceArn("arn:aws:sqs:us-east-1:123456789012:PaymentsQueue");
        message.setAwsRegion("us-east-1");
        SQSEvent event = new SQSEvent();
        event.setRecords(List.of(message));
        // WHEN it is written as JSON
        JsonNode record = JSON.readTree(SqsEventJson.event(event)).path("Records").get(0);
        // THEN the keys are Lambda's (eventSourceARN, not eventSourceArn), the body a string
        Set<String> keys = new TreeSet<>();
        record.fieldNames().forEachRemaining(keys::add);
        assertEquals(new TreeSet<>(List.of("messageId", "receiptHandle", "body", "attributes", "messageAttributes", "md5OfBody",
                "eventSource", "eventSourceARN", "awsRegion")), keys);
        assertEquals("{\"a\":1}", record.path("body").asText());
        assertEquals("2", record.path("attributes").path("ApproximateReceiveCount").asText());
    }

    @Test
    void response_readsTheFailures_andAnEmptyOrNullAnswerIsAllDone() {
        List<SQSBatchResponse.BatchItemFailure> failures = SqsEventJson.response(
                "{\"batchItemFailures\":[{\"itemIdentifier\":\"m-2\"}]}").getBatchItemFailures();
        assertEquals(1, failures.size());
        assertEquals("m-2", failures.get(0).getItemIdentifier());
        assertEquals(List.of(), SqsEventJson.response("{}").getBatchItemFailures());
        assertEquals(List.of(), SqsEventJson.response("null").getBatchItemFailures());
    }

    @Test
    void errorDocument_failsTheWholeBatch() {
        assertThrows(IllegalStateException.class, () -> SqsEventJson.response(
                "{\"errorMessage\":\"boom\",\"errorType\":\"java.lang.IllegalStateException\"}"));
    }
}
