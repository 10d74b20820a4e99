package com.example.recordsweeper;

/**
 * The attributes of the single-write commit (commit mode {@code single-write}) that the sweeper
 * reads and removes: the account item's {@code applied} map, keyed by transaction id, and the
 * idempotency record's {@code recordedAt}. The record's attributes are the receiver's
 * ({@link com.example.receiver.record.IdempotencyRecordAttributes}); the account's are the
 * library's {@code SingleWriteAttributes}, repeated here so that the function does not carry the
 * receiver library (SweptAttributesTest holds them equal).
 */
final class SweptAttributes {

    /** The account item's key: the account id. */
    static final String ACCOUNT_KEY = "pk";
    /** The account item's map of decisions written to it: transaction id to entry. */
    static final String APPLIED = "applied";
    /** An {@code applied} entry's epoch seconds of the decision: the sweeper's condition that the entry is the one it read. */
    static final String DECIDED_AT = "decidedAt";
    /** The idempotency record's epoch seconds when written: how long it has answered copies. */
    static final String RECORDED_AT = com.example.receiver.record.IdempotencyRecordAttributes.RECORDED_AT;
    /** The authorizer's record keys: {@code PAYMENT#<transaction_id>}. */
    static final String RECORD_KEY_PREFIX = "PAYMENT#";

    private SweptAttributes() {
    }
}
