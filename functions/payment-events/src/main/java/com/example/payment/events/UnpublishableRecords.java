package com.example.payment.events;

/**
 * Where the publisher sets aside the stream records it can never publish. {@link #keep} returns
 * only once the record is durably kept and throws otherwise; the publisher then reports the
 * stream record as failed (retried like any failure), so nothing is skipped untraced.
 */
public interface UnpublishableRecords {

    /** Keeps {@code record}; throws when it could not be kept. */
    void keep(UnpublishableRecord record);
}
