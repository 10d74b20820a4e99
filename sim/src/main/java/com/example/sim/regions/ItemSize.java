package com.example.sim.regions;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An item's size as DynamoDB counts it (the library's {@code ItemSize}, after "DynamoDB item sizes
 * and formats", Amazon DynamoDB Developer Guide,
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/CapacityUnitCalculations.html),
 * and what follows from it on a global table in MRSC: a write is refused above
 * {@value #MAX_BYTES} bytes, the largest item DynamoDB stores ("Items", "Constraints in Amazon
 * DynamoDB", Amazon DynamoDB Developer Guide,
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Constraints.html: 400 KB,
 * attribute names and values together, 1 KB being 1 024 bytes).
 */
public final class ItemSize {

    /** 400 KB. */
    public static final long MAX_BYTES = 400L * 1024;

    private ItemSize() {
    }

    /** {@code item}'s size in bytes, as the library counts it. */
    public static long bytes(Map<String, AttributeValue> item) {
        return com.example.receiver.dynamodb.ItemSize.of(item);
    }

    /** Write units of a write of an item this large: one per KB or part of it. */
    public static long units(long bytes) {
        return Math.max(1, (bytes + 1023) / 1024);
    }
}
