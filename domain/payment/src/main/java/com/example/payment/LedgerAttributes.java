package com.example.payment;

/**
 * The attributes of a ledger entry (table keyed by {@code pk} = account id, {@code sk} =
 * transaction id). Ledger entries never expire: they are the permanent guard that makes a
 * redelivery after the idempotency record's TTL a (late) duplicate.
 */
public final class LedgerAttributes {

    public static final String PK = "pk";
    public static final String SK = "sk";
    /** Signed: negative for a purchase, positive for a refund. */
    public static final String AMOUNT_MINOR = "amountMinor";
    public static final String CURRENCY = "currency";
    public static final String AUTHORIZATION_TYPE = "authorizationType";
    public static final String MERCHANT = "merchant";
    public static final String MERCHANT_CATEGORY = "merchantCategory";
    public static final String FINGERPRINT = "fingerprint";
    public static final String CORRELATION_ID = "correlationId";
    public static final String RECORDED_AT = "recordedAt";

    private LedgerAttributes() {
    }
}
