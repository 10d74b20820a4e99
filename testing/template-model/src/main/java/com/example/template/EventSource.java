package com.example.template;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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

    /**
     * A mapping written as a resource of its own, read as the SAM event it stands for: a stream's
     * when it sets a {@code StartingPosition} (a queue's mapping may not), its properties under
     * the names a SAM event gives them ({@code EventSourceArn} is a stream event's {@code Stream},
     * a queue event's {@code Queue}), its name the resource's logical id.
     */
    static EventSource ofMapping(String function, Resource mapping) {
        ObjectNode properties = mapping.properties().deepCopy();
        boolean stream = properties.has("StartingPosition");
        JsonNode source = properties.remove("EventSourceArn");
        if (source != null) {
            properties.set(stream ? "Stream" : "Queue", source);
        }
        return new EventSource(function, mapping.logicalId(), stream ? "DynamoDB" : "SQS", properties);
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
