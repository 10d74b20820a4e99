package com.example.sim.models;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One table of the DynamoDB model: items by primary key, and Time to Live. An item whose TTL
 * attribute (epoch seconds) has passed is still there, and still read by conditions, until its
 * deletion, which happens at a time drawn for it within 48 hours of the expiry ("Working with
 * expired items and time to live (TTL)", Amazon DynamoDB Developer Guide,
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/ttl-expired-items.html: "expired
 * items ... are typically deleted within a few days"; the receiver's design plans for 48 h).
 */
public final class DynamoDbTable {

    /** The longest an expired item stays before TTL deletes it, in the model. */
    static final long TTL_LAG_SECONDS = 48 * 3600;

    private final String name;
    private final String hashKey;
    private final Optional<String> rangeKey;
    private final Optional<String> ttlAttribute;
    private final Map<String, Map<String, AttributeValue>> items = new HashMap<>();
    /** When TTL deletes an item, epoch seconds; only for items with a TTL attribute. */
    private final Map<String, Long> deletions = new HashMap<>();
    /** No TTL deletion is due before this (epoch seconds): a scan before it has no expired item to drop. */
    private long earliestDeletion = Long.MAX_VALUE;
    /** Told of each item TTL deletes (the table's stream records it as a service REMOVE). */
    private final java.util.List<java.util.function.BiConsumer<String, Map<String, AttributeValue>>> expiryListeners =
            new java.util.ArrayList<>();

    DynamoDbTable(String name, String hashKey, Optional<String> rangeKey, Optional<String> ttlAttribute) {
        this.name = name;
        this.hashKey = hashKey;
        this.rangeKey = rangeKey;
        this.ttlAttribute = ttlAttribute;
    }

    public String name() {
        return name;
    }

    /** The item's key as one string, from an item or a key map. */
    public String keyOf(Map<String, AttributeValue> keyOrItem) {
        AttributeValue hash = keyOrItem.get(hashKey);
        if (hash == null || (rangeKey.isPresent() && keyOrItem.get(rangeKey.get()) == null)) {
            throw new IllegalArgumentException("ValidationException: One of the required keys was not given a value (" + name + ")");
        }
        return rangeKey.map(range -> text(hash) + "\u0000" + text(keyOrItem.get(range))).orElse(text(hash));
    }

    Map<String, AttributeValue> keyAttributes(Map<String, AttributeValue> item) {
        Map<String, AttributeValue> key = new HashMap<>();
        key.put(hashKey, item.get(hashKey));
        rangeKey.ifPresent(range -> key.put(range, item.get(range)));
        return key;
    }

    private static String text(AttributeValue value) {
        return value.s() != null ? value.s() : value.n();
    }

    /** The item as a read at {@code now} sees it: absent once TTL has deleted it. */
    public Optional<Map<String, AttributeValue>> get(String key, Instant now) {
        Long deleteAt = deletions.get(key);
        if (deleteAt != null && now.getEpochSecond() >= deleteAt) {
            Map<String, AttributeValue> deleted = items.remove(key);
            deletions.remove(key);
            expiryListeners.forEach(listener -> listener.accept(key, deleted));
        }
        return Optional.ofNullable(items.get(key));
    }

    void put(String key, Map<String, AttributeValue> item, java.util.SplittableRandom random) {
        items.put(key, Map.copyOf(item));
        deletions.remove(key);
        ttlAttribute.map(item::get).filter(value -> value.n() != null).ifPresent(expiry -> {
            long at = Long.parseLong(expiry.n()) + random.nextLong(TTL_LAG_SECONDS + 1);
            deletions.put(key, at);
            earliestDeletion = Math.min(earliestDeletion, at);
        });
    }

    /** Deletes the item under {@code key}, if any (a {@code DeleteItem} a caller has checked the condition of). */
    public void delete(String key) {
        items.remove(key);
        deletions.remove(key);
    }

    /** Every item still stored at {@code now}, in no promised order. */
    public Iterable<Map<String, AttributeValue>> scan(Instant now) {
        if (now.getEpochSecond() >= earliestDeletion) { // else no deletion is due: no item to look at
            earliestDeletion = Long.MAX_VALUE;
            for (String key : java.util.List.copyOf(items.keySet())) {
                get(key, now);
            }
            deletions.values().forEach(at -> earliestDeletion = Math.min(earliestDeletion, at));
        }
        return items.values();
    }

    /**
     * Tells {@code listener} of each item TTL deletes, as the deletion is first seen (the model
     * deletes lazily: at the first read at or after the drawn deletion time).
     */
    public void onExpiry(java.util.function.BiConsumer<String, Map<String, AttributeValue>> listener) {
        expiryListeners.add(listener);
    }

    public int size() {
        return items.size();
    }

    /** The attribute DynamoDB's TTL deletes by, when TTL is on. */
    Optional<String> ttlAttribute() {
        return ttlAttribute;
    }
}
