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

    private IdempotencyRecordAttributes() {
    }
}
