package com.example.template;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A DynamoDB table of the template: its keys, stream and time to live.
 *
 * @param logicalId        its logical id
 * @param attributes       its {@code AttributeDefinitions}
 * @param keySchema        its {@code KeySchema}
 * @param streamViewType   its stream's {@code StreamViewType}, when it has a stream
 * @param timeToLive       its {@code TimeToLiveSpecification}, when it has one
 */
public record Table(String logicalId, List<Attribute> attributes, List<Key> keySchema, Optional<String> streamViewType,
                    Optional<TimeToLive> timeToLive) {

    /** An attribute definition: a name and its type ({@code S}, {@code N}, {@code B}). */
    public record Attribute(String name, String type) {
    }

    /** A key of the schema: an attribute and its role ({@code HASH}, {@code RANGE}). */
    public record Key(String attribute, String keyType) {
    }

    /** A time to live: the attribute it expires items on, and whether it is enabled. */
    public record TimeToLive(String attribute, boolean enabled) {
    }

    public Table {
        Objects.requireNonNull(logicalId, "logicalId");
        attributes = List.copyOf(attributes);
        keySchema = List.copyOf(keySchema);
        Objects.requireNonNull(streamViewType, "streamViewType");
        Objects.requireNonNull(timeToLive, "timeToLive");
    }

    static Table of(Resource resource) {
        List<Attribute> attributes = new ArrayList<>();
        resource.property("AttributeDefinitions").forEach(attribute -> attributes.add(
                new Attribute(attribute.path("AttributeName").asText(), attribute.path("AttributeType").asText())));
        List<Key> keys = new ArrayList<>();
        resource.property("KeySchema").forEach(key -> keys.add(
                new Key(key.path("AttributeName").asText(), key.path("KeyType").asText())));
        JsonNode stream = resource.property("StreamSpecification");
        JsonNode ttl = resource.property("TimeToLiveSpecification");
        return new Table(resource.logicalId(), attributes, keys,
                stream.isMissingNode() ? Optional.empty() : Optional.of(stream.path("StreamViewType").asText()),
                ttl.isMissingNode() ? Optional.empty()
                        : Optional.of(new TimeToLive(ttl.path("AttributeName").asText(), ttl.path("Enabled").asBoolean(false))));
    }

    /** The attribute it expires items on, when its time to live is enabled. */
    public Optional<String> ttlAttribute() {
        return timeToLive.filter(TimeToLive::enabled).map(TimeToLive::attribute);
    }
}
