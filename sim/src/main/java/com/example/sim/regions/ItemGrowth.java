package com.example.sim.regions;

import com.example.sim.models.DynamoDbModel;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * How large the account items grew in a run of design (b): the most entries an {@code applied}
 * map held and the largest item ({@link ItemSize}), which DynamoDB bounds at 400 KB.
 */
public final class ItemGrowth {

    private long largestApplied;
    private long largestBytes;

    /** A write the committed table applied: an account item's size and its map's entries noted. */
    public void written(DynamoDbModel.Write write) {
        AttributeValue applied = write.after().get(SingleWrite.APPLIED);
        if (applied == null) {
            return;
        }
        largestApplied = Math.max(largestApplied, applied.hasM() ? applied.m().size() : 0);
        largestBytes = Math.max(largestBytes, ItemSize.bytes(write.after()));
    }

    @Override
    public String toString() {
        return String.format("largest_applied=%d largest_item_kb=%.1f", largestApplied, largestBytes / 1024.0);
    }
}
