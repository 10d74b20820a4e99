package com.example.localaws;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;

/**
 * The DynamoDB tables {@code template.yaml} declares, read from it, so that the local tables
 * have exactly the deployed key schema, TTL attribute and stream. Each is named after its
 * logical id ({@code IdempotencyTable}, ...).
 */
public final class TemplateTables {

    /** One table: how to create it, and its TTL attribute if it has one. */
    public record Table(String name, CreateTableRequest create, Optional<String> ttlAttribute) {
    }

    private TemplateTables() {
    }

    /** The tables of the template at {@code template}. */
    public static List<Table> read(Path template) {
        JsonNode resources;
        try {
            resources = new ObjectMapper(new YAMLFactory()).readTree(template.toFile()).path("Resources");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + template, e);
        }
        List<Table> tables = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = resources.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> resource = it.next();
            if ("AWS::DynamoDB::Table".equals(resource.getValue().path("Type").asText())) {
                tables.add(table(resource.getKey(), resource.getValue().path("Properties")));
            }
        }
        return tables;
    }

    private static Table table(String name, JsonNode properties) {
        List<AttributeDefinition> attributes = new ArrayList<>();
        properties.path("AttributeDefinitions").forEach(a -> attributes.add(AttributeDefinition.builder()
                .attributeName(a.path("AttributeName").asText())
                .attributeType(a.path("AttributeType").asText())
                .build()));
        List<KeySchemaElement> keys = new ArrayList<>();
        properties.path("KeySchema").forEach(k -> keys.add(KeySchemaElement.builder()
                .attributeName(k.path("AttributeName").asText())
                .keyType(k.path("KeyType").asText())
                .build()));
        CreateTableRequest.Builder create = CreateTableRequest.builder()
                .tableName(name)
                .attributeDefinitions(attributes)
                .keySchema(keys)
                .billingMode(BillingMode.PAY_PER_REQUEST);
        JsonNode stream = properties.path("StreamSpecification");
        if (!stream.isMissingNode()) {
            create.streamSpecification(StreamSpecification.builder()
                    .streamEnabled(true)
                    .streamViewType(stream.path("StreamViewType").asText())
                    .build());
        }
        JsonNode ttl = properties.path("TimeToLiveSpecification");
        Optional<String> ttlAttribute = ttl.path("Enabled").asBoolean(false)
                ? Optional.of(ttl.path("AttributeName").asText())
                : Optional.empty();
        return new Table(name, create.build(), ttlAttribute);
    }
}
