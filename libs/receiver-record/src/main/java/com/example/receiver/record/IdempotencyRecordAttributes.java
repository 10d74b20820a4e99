package com.example.receiver.record;

/**
 * The attribute names of an idempotency record, shared by the writer and by anyone reading the
 * table (the stream publisher, the template's TTL setting).
 */
public final class IdempotencyRecordAttributes {

    /** Partition key: {@code <prefix>#<key>}. */
    public static final String PK = "pk";
    /** {@code APPROVED} or {@code DECLINED}. */
    public static final String STATUS = "status";
    /** The decline reason; absent for an approval. */
    public static final String REASON = "reason";
    /** The hex SHA-256 fingerprint of the operation. */
    public static final String FINGERPRINT = "fingerprint";
    /** The domain's summary of the decided operation (a map), for downstream consumers. */
    public static final String RESULT = "result";
    /** ISO-8601 instant of the decision. */
    public static final String PROCESSED_AT = "processedAt";
    /** Epoch seconds after which the record no longer counts: the table's TTL attribute. */
    public static final String EXPIRES_AT = "expiresAt";
    /**
     * The AWS Region of the function that wrote the record (single-write commit only): in a
     * multi-Region stack, each Region's publisher publishes the records its own Region wrote.
     */
    public static final String REGION = "region";
    /**
     * Epoch seconds when the record was written (single-write commit only), which may be after its
     * decision ({@link #PROCESSED_AT}) when a redelivery completed it: the sweeper's clock for the
     * decision's entry on the item it was written to.
     */
    public static final String RECORDED_AT = "recordedAt";

    private IdempotencyRecordAttributes() {
    }
}
