package com.example.receiver.dynamodb;

import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The one item a {@link SingleWriteEffect} writes its decisions on.
 *
 * @param table the item's table
 * @param key   its primary key, every key attribute
 */
public record ItemKey(String table, Map<String, AttributeValue> key) {

    /** Refuses a missing component or an empty key; copies the key. */
    public ItemKey {
        Objects.requireNonNull(table, "table");
        key = Map.copyOf(Objects.requireNonNull(key, "key"));
        if (key.isEmpty()) {
            throw new IllegalArgumentException("an item's key names at least its partition key");
        }
    }
}
