package com.example.localaws.mapping;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamRecord;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamViewType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Date;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The DynamoDB Streams event and stream batch response as the publisher out of process sees and answers them. */
class StreamEventJsonTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void event_hasTheShapeOfTheSampleStreamEvent() throws Exception {
        // GIVEN an INSERT of an approval record, as the streams mapping builds it
        StreamRecord change = new StreamRecord();
        change.setSequenceNumber("111100000000017454423009");
        change.setSizeBytes(312L);
        change.setApproximateCreationDateTime(new Date(1_775_572_336_000L));
        change.setStreamViewType(StreamViewType.NEW_IMAGE);
        change.setKeys(Map.of("pk", new AttributeValue().withS("PAYMENT#TXN-1")));
        change.setNewImage(Map.of(
                "pk", new AttributeValue().withS("PAYMENT#TXN-1"),
                "result", new AttributeValue().withM(Map.of("amountMinor", new AttributeValue().withN("12550"))),
                "expiresAt", new AttributeValue().withN("1776177136")));
        DynamodbEvent.DynamodbStreamRecord record = new DynamodbEvent.DynamodbStreamRecord();
        record.setEventID("e-1");
        record.setEventName("INSERT");
        record.setEventVersion("1.1");
        record.setEventSource("aws:dynamodb");
        record.setAwsRegion("us-east-1");
        record.setEventSourceARN("arn:aws:dynamodb:us-east-1:123456789012:table/IdempotencyTable/stream/x");
        record.setDynamodb(change);
        DynamodbEvent event = new DynamodbEvent();
        event.setRecords(List.of(record));

        // WHEN it is written for the function
        JsonNode written = JSON.readTree(StreamEventJson.event(event)).path("Records").get(0);

        // THEN it has the keys and typed values of events/payment-events/stream-insert-and-remove.json
        assertEquals("INSERT", written.path("eventName").asText());
        assertEquals("arn:aws:dynamodb:us-east-1:123456789012:table/IdempotencyTable/stream/x", written.path("eventSourceARN").asText());
        JsonNode dynamodb = written.path("dynamodb");
        assertEquals(1_775_572_336L, dynamodb.path("ApproximateCreationDateTime").asLong());
        assertEquals("111100000000017454423009", dynamodb.path("SequenceNumber").asText());
        assertEquals("NEW_IMAGE", dynamodb.path("StreamViewType").asText());
        assertEquals("PAYMENT#TXN-1", dynamodb.path("Keys").path("pk").path("S").asText());
        assertEquals("12550", dynamodb.path("NewImage").path("result").path("M").path("amountMinor").path("N").asText());
        assertFalse(dynamodb.has("OldImage"));
    }

    @Test
    void response_namesTheFailedSequenceNumbers_andAnErrorDocumentFailsTheBatch() {
        // GIVEN the function's answers WHEN read THEN a partial failure names its record, none means all done
        StreamsEventResponse partial = StreamEventJson.response("{\"batchItemFailures\":[{\"itemIdentifier\":\"42\"}]}");
        assertEquals("42", partial.getBatchItemFailures().get(0).getItemIdentifier());
        assertEquals(List.of(), StreamEventJson.response("{\"batchItemFailures\":[]}").getBatchItemFailures());
        // AND Lambda's error document (the handler threw) is no response: the whole batch failed
        assertThrows(IllegalStateException.class,
                () -> StreamEventJson.response("{\"errorType\":\"java.lang.RuntimeException\",\"errorMessage\":\"boom\"}"));
    }
}
