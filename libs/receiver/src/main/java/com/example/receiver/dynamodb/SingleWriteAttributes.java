package com.example.receiver.dynamodb;

import com.example.receiver.record.IdempotencyRecordAttributes;

/**
 * The attributes the single-write commit ({@link SingleWriteEffect}) adds to the item a decision
 * is written on (an account, say), shared by the writer and by the sweeper that removes old
 * entries. The domain's {@link ItemDecision.Apply} sets neither.
 *
 * <p>{@link #APPLIED} maps each operation's key (its transaction id) to the decision written on
 * the item, an entry of {@link IdempotencyRecordAttributes#STATUS}, {@link IdempotencyRecordAttributes#REASON}
 * (declined only), {@link IdempotencyRecordAttributes#FINGERPRINT}, {@link #DECIDED_AT} and
 * {@link IdempotencyRecordAttributes#REGION}.
 */
public final class SingleWriteAttributes {

    /** Bumped by every decision written to the item; absent on an item never decided on, read as 0. */
    public static final String VERSION = "version";
    /** The decisions written to the item and not yet swept: key to entry. */
    public static final String APPLIED = "applied";
    /** Epoch seconds of an entry's decision. */
    public static final String DECIDED_AT = "decidedAt";

    private SingleWriteAttributes() {
    }
}
