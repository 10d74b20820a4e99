package com.example.template;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;
import java.util.Optional;

/**
 * An SNS subscription of the template.
 *
 * @param resource the subscription as written
 */
public record Subscription(Resource resource) {

    public Subscription {
        Objects.requireNonNull(resource, "resource");
    }

    public String logicalId() {
        return resource.logicalId();
    }

    /** Its {@code Protocol} ({@code sqs}, {@code email}, ...). */
    public String protocol() {
        return resource.property("Protocol").asText();
    }

    /** The logical id of the topic its {@code TopicArn} names. */
    public Optional<String> topic() {
        return Intrinsic.target(resource.property("TopicArn"));
    }

    /** The logical id its {@code Endpoint} names (a queue of the template), if it names one. */
    public Optional<String> endpointResource() {
        return Intrinsic.target(resource.property("Endpoint"));
    }

    public JsonNode property(String name) {
        return resource.property(name);
    }
}
