package com.example.receiver.testkit;

import com.example.receiver.record.IdempotencyRecordAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

/**
 * A table a test declares ({@link LocalAwsKit#withTables}): its name, a string partition key, an
 * optional string sort key, an optional TTL attribute and an optional stream of new and old
 * images; on demand, as the receiver's tables are deployed. Built by {@link #named} and the
 * withers, each answering a new declaration.
 *
 * @param name         the table's name
 * @param partitionKey its partition key attribute (a string)
 * @param sortKey      its sort key attribute (a string), if any
 * @param ttlAttribute the attribute DynamoDB's TTL reads, if any
 * @param stream       the view of the table's stream, if it has one
 */
public record TableSpec(String name, String partitionKey, Optional<String> sortKey, Optional<String> ttlAttribute,
                        Optional<StreamViewType> stream) {

    /** Refuses a blank name or key attribute. */
    public TableSpec {
        requireName(name, "name");
        requireName(partitionKey, "partitionKey");
        Objects.requireNonNull(sortKey, "sortKey").ifPresent(attribute -> requireName(attribute, "sortKey"));
        Objects.requireNonNull(ttlAttribute, "ttlAttribute").ifPresent(attribute -> requireName(attribute, "ttlAttribute"));
        Objects.requireNonNull(stream, "stream");
    }

    /**
     * {@return a table keyed by the string {@code pk}, no sort key, no TTL, no stream}
     *
     * @param name the table's name
     */
    public static TableSpec named(String name) {
        return new TableSpec(name, IdempotencyRecordAttributes.PK, Optional.empty(), Optional.empty(), Optional.empty());
    }

    /**
     * The receiver's records table {@code name}: keyed by {@value IdempotencyRecordAttributes#PK},
     * TTL on {@value IdempotencyRecordAttributes#EXPIRES_AT}, as the receiver's {@code build()} requires.
     *
     * @param name the table's name
     * @return the declaration
     */
    public static TableSpec idempotencyRecords(String name) {
        return named(name).ttl(IdempotencyRecordAttributes.EXPIRES_AT);
    }

    /**
     * {@return the same table keyed by the string {@code attribute}}
     *
     * @param attribute the partition key
     */
    public TableSpec partitionKey(String attribute) {
        return new TableSpec(name, attribute, sortKey, ttlAttribute, stream);
    }

    /**
     * {@return the same table with the string sort key {@code attribute}}
     *
     * @param attribute the sort key
     */
    public TableSpec sortKey(String attribute) {
        return new TableSpec(name, partitionKey, Optional.of(attribute), ttlAttribute, stream);
    }

    /**
     * {@return the same table with DynamoDB's TTL on {@code attribute} (epoch seconds)}
     *
     * @param attribute the TTL attribute
     */
    public TableSpec ttl(String attribute) {
        return new TableSpec(name, partitionKey, sortKey, Optional.of(attribute), stream);
    }

    /** {@return the same table with a stream of new and old images (what a stream consumer of the records reads)} */
    public TableSpec withStream() {
        return withStream(StreamViewType.NEW_AND_OLD_IMAGES);
    }

    /**
     * {@return the same table with a stream of {@code view}}
     *
     * @param view what each stream record holds of the item
     */
    public TableSpec withStream(StreamViewType view) {
        return new TableSpec(name, partitionKey, sortKey, ttlAttribute, Optional.of(view));
    }

    /** {@return the {@code CreateTable} request that makes it} */
    public CreateTableRequest create() {
        List<KeySchemaElement> keys = new ArrayList<>(List.of(key(partitionKey, KeyType.HASH)));
        List<AttributeDefinition> attributes = new ArrayList<>(List.of(stringAttribute(partitionKey)));
        sortKey.ifPresent(attribute -> {
            keys.add(key(attribute, KeyType.RANGE));
            attributes.add(stringAttribute(attribute));
        });
        CreateTableRequest.Builder create = CreateTableRequest.builder().tableName(name)
                .billingMode(BillingMode.PAY_PER_REQUEST).keySchema(keys).attributeDefinitions(attributes);
        stream.ifPresent(view -> create.streamSpecification(spec -> spec.streamEnabled(true).streamViewType(view)));
        return create.build();
    }

    /**
     * Creates the table with {@code dynamoDb} ({@link #create()}), then its TTL when it has one.
     *
     * @param dynamoDb a client of the local AWS
     */
    public void createIn(DynamoDbClient dynamoDb) {
        dynamoDb.createTable(create());
        ttlAttribute.ifPresent(attribute -> dynamoDb.updateTimeToLive(ttl -> ttl.tableName(name)
                .timeToLiveSpecification(spec -> spec.attributeName(attribute).enabled(true))));
    }

    private static KeySchemaElement key(String attribute, KeyType type) {
        return KeySchemaElement.builder().attributeName(attribute).keyType(type).build();
    }

    private static AttributeDefinition stringAttribute(String attribute) {
        return AttributeDefinition.builder().attributeName(attribute).attributeType(ScalarAttributeType.S).build();
    }

    private static void requireName(String value, String what) {
        if (Objects.requireNonNull(value, what).isBlank()) {
            throw new IllegalArgumentException(what + " must not be blank");
        }
    }
}
