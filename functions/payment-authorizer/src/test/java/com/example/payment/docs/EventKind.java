package com.example.payment.docs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The kinds of event a function of template.yaml receives, each named by the {@code Type} of its
 * {@code Events} entry and told by the field Lambda's documentation gives it: {@code eventSource}
 * {@code aws:sqs} (https://docs.aws.amazon.com/lambda/latest/dg/with-sqs.html),
 * {@code aws:dynamodb} (https://docs.aws.amazon.com/lambda/latest/dg/with-ddb.html), and a
 * scheduled rule's {@code source} {@code aws.events} with {@code detail-type} {@code Scheduled Event}
 * (https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-run-lambda-schedule.html).
 */
enum EventKind {
    SQS("SQS", "an SQS event"),
    DYNAMODB("DynamoDB", "a DynamoDB stream event"),
    SCHEDULE("Schedule", "a scheduled event");

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The {@code Type} of the template's {@code Events} entry that delivers this kind. */
    final String templateType;
    final String description;

    EventKind(String templateType, String description) {
        this.templateType = templateType;
        this.description = description;
    }

    /** The kind of the event {@code json} is, if it is one of these. */
    static Optional<EventKind> of(String json) {
        JsonNode event;
        try {
            event = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            return Optional.empty();
        }
        String source = event.path("Records").path(0).path("eventSource").asText();
        if ("aws.events".equals(event.path("source").asText()) && "Scheduled Event".equals(event.path("detail-type").asText())) {
            return Optional.of(SCHEDULE);
        }
        return Stream.of(SQS, DYNAMODB).filter(kind -> source.equals("aws:" + kind.templateType.toLowerCase())).findFirst();
    }
}
