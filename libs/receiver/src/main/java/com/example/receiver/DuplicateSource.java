package com.example.receiver;

/** Where a duplicate was recognised; each has a metric of its own. */
public enum DuplicateSource {
    /** The fast-path cache knew the key: no store call was made. */
    FAST_PATH,
    /** The store's idempotency record rejected the commit. */
    STORE,
    /** The record had expired, but the domain's permanent guard (e.g. a ledger row) rejected it. */
    LATE,
    /** An earlier message of the same batch carried the same key. */
    IN_BATCH
}
