package com.example.template;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One of a SAM function's {@code Events}: an event source mapping ({@code SQS}, {@code DynamoDB})
 * or another trigger ({@code Schedule}, ...).
 *
 * @param function   the function's logical id
 * @param event      the event's name ({@code Payments})
 * @param type       its {@code Type}
 * @param properties its {@code Properties}
 */
public record EventSource(String function, String event, String type, JsonNode properties) {

    public EventSource {
        Objects.requireNonNull(function, "function");
        Objects.requireNonNull(event, "event");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(properties, "properties");
    }

    /** {@code Function.Event}, the name the checks report it by. */
    public String name() {
        return function + "." + event;
    }

    public boolean isSqs() {
        return "SQS".equals(type);
    }

    public boolean isDynamoDbStream() {
        return "DynamoDB".equals(type);
    }

    /** The logical id of the queue an SQS source reads ({@code !GetAtt Queue.Arn}). */
    public Optional<String> queue() {
        return Intrinsic.target(properties.path("Queue"));
    }

    /** One of its properties ({@code BatchSize}, ...); missing when it does not set it. */
    public JsonNode property(String name) {
        return properties.path(name);
    }

    /** Its {@code FunctionResponseTypes}. */
    public List<String> functionResponseTypes() {
        List<String> types = new ArrayList<>();
        properties.path("FunctionResponseTypes").forEach(type -> types.add(type.asText()));
        return types;
    }
}
