package com.example.localaws;

import com.example.template.Template;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;

/**
 * The DynamoDB tables {@code template.yaml} declares, a view of the template model, so that the
 * local tables have exactly the deployed key schema, TTL attribute and stream. Each is named after
 * its logical id ({@code IdempotencyTable}, ...).
 */
public final class TemplateTables {

    /** One table: how to create it, and its TTL attribute if it has one. */
    public record Table(String name, CreateTableRequest create, Optional<String> ttlAttribute) {
    }

    private TemplateTables() {
    }

    /** The tables of the template at {@code template}. */
    public static List<Table> read(Path template) {
        return Template.read(template).tables().stream().map(TemplateTables::table).toList();
    }

    private static Table table(com.example.template.Table declared) {
        CreateTableRequest.Builder create = CreateTableRequest.builder()
                .tableName(declared.logicalId())
                .attributeDefinitions(declared.attributes().stream().map(attribute -> AttributeDefinition.builder()
                        .attributeName(attribute.name()).attributeType(attribute.type()).build()).toList())
                .keySchema(declared.keySchema().stream().map(key -> KeySchemaElement.builder()
                        .attributeName(key.attribute()).keyType(key.keyType()).build()).toList())
                .billingMode(BillingMode.PAY_PER_REQUEST);
        declared.streamViewType().ifPresent(view -> create.streamSpecification(StreamSpecification.builder()
                .streamEnabled(true)
                .streamViewType(view)
                .build()));
        return new Table(declared.logicalId(), create.build(), declared.ttlAttribute());
    }
}
