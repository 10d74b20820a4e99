package com.example.template;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;
import java.util.Optional;

/**
 * One of the template's {@code Resources}, as written.
 *
 * @param logicalId  its logical id
 * @param type       its {@code Type} ({@code AWS::SQS::Queue}, ...)
 * @param condition  the condition it is created under, if any
 * @param properties its {@code Properties} (intrinsics in long form; missing when it has none)
 * @param node       the whole resource ({@code Metadata}, {@code DependsOn}, {@code DeletionPolicy}, ...)
 */
public record Resource(String logicalId, String type, Optional<String> condition, JsonNode properties, JsonNode node) {

    public Resource {
        Objects.requireNonNull(logicalId, "logicalId");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(condition, "condition");
        Objects.requireNonNull(properties, "properties");
        Objects.requireNonNull(node, "node");
    }

    static Resource of(String logicalId, JsonNode node) {
        return new Resource(logicalId, node.path("Type").asText(), Optional.ofNullable(node.path("Condition").asText(null)),
                node.path("Properties"), node);
    }

    /** One of its properties; missing when it does not set it. */
    public JsonNode property(String name) {
        return properties.path(name);
    }
}
