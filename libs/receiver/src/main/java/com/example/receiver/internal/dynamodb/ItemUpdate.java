package com.example.receiver.internal.dynamodb;

import static com.example.receiver.dynamodb.SingleWriteAttributes.APPLIED;
import static com.example.receiver.dynamodb.SingleWriteAttributes.VERSION;

import com.example.receiver.dynamodb.ItemKey;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The single write of a decision: one {@code UpdateItem} of the item read, setting the domain's
 * attributes (an approval's), the decision's entry {@code applied.<key>} (the whole
 * {@code applied} map when the item had none) and {@code version} read + 1, on condition the
 * version is still the one read ({@code attribute_not_exists(version)} when it had none). So it
 * lands only on the item the decision was made from; a writer in between fails the condition,
 * and the decision is made again from the item as it is then.
 */
final class ItemUpdate {

    private ItemUpdate() {
    }

    /**
     * The update of {@code item} (as read, empty when absent) at {@code key}, for the operation
     * {@code operationKey}.
     */
    static UpdateItemRequest of(ItemKey key, Map<String, AttributeValue> item, Map<String, AttributeValue> set,
                                String operationKey, AppliedEntry entry) {
        Map<String, String> names = new HashMap<>();
        Map<String, AttributeValue> values = new HashMap<>();
        List<String> clauses = new ArrayList<>();
        int n = 0;
        // Sorted, so that one decision makes one expression whatever the map's order.
        for (Map.Entry<String, AttributeValue> attribute : new TreeMap<>(set).entrySet()) {
            names.put("#a" + n, attribute.getKey());
            values.put(":a" + n, attribute.getValue());
            clauses.add("#a" + n + " = :a" + n);
            n++;
        }
        names.put("#applied", APPLIED);
        names.put("#version", VERSION);
        if (item.containsKey(APPLIED)) {
            names.put("#key", operationKey);
            values.put(":entry", entry.toAttribute());
            clauses.add("#applied.#key = :entry");
        } else {
            values.put(":entry", AttributeValue.fromM(Map.of(operationKey, entry.toAttribute())));
            clauses.add("#applied = :entry");
        }
        long read = version(item);
        values.put(":next", AttributeValue.fromN(Long.toString(read + 1)));
        clauses.add("#version = :next");
        String condition;
        if (item.containsKey(VERSION)) {
            values.put(":read", AttributeValue.fromN(Long.toString(read)));
            condition = "#version = :read";
        } else {
            condition = "attribute_not_exists(#version)";
        }
        return UpdateItemRequest.builder()
                .tableName(key.table())
                .key(key.key())
                .updateExpression("SET " + String.join(", ", clauses))
                .conditionExpression(condition)
                .expressionAttributeNames(names)
                .expressionAttributeValues(values)
                .build();
    }

    /** The item's version; 0 for an item never decided on. */
    static long version(Map<String, AttributeValue> item) {
        AttributeValue version = item.get(VERSION);
        return version == null ? 0 : Long.parseLong(version.n());
    }
}
