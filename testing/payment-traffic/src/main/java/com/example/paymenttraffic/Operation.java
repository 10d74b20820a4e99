package com.example.paymenttraffic;

import com.example.payment.AuthorizationType;
import java.util.Objects;

/**
 * One payment a producer means to make: what its message's body says, amounts in minor units.
 * Two operations under one transaction id that differ in any field are a conflict.
 *
 * @param transactionId    the idempotency key
 * @param accountId        the account it posts to
 * @param amountMinor      the amount, minor units, positive
 * @param currency         ISO 4217
 * @param type             a purchase (a debit, needs the funds) or a refund (a top-up)
 * @param merchant         the merchant's name
 * @param merchantCategory the four-digit merchant category code
 */
public record Operation(String transactionId, String accountId, long amountMinor, String currency, AuthorizationType type,
                        String merchant, String merchantCategory) {

    public Operation {
        Objects.requireNonNull(transactionId, "transactionId");
        Objects.requireNonNull(accountId, "accountId");
        Objects.requireNonNull(currency, "currency");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(merchant, "merchant");
        Objects.requireNonNull(merchantCategory, "merchantCategory");
        if (amountMinor <= 0) {
            throw new IllegalArgumentException("amountMinor must be positive, got " + amountMinor);
        }
    }

    /** The signed change to the account's balance when approved: negative for a purchase. */
    public long balanceChange() {
        return type == AuthorizationType.PURCHASE ? -amountMinor : amountMinor;
    }

    /**
     * The same transaction id with another merchant, and {@code moreMinor} more: what a producer's
     * bug sends as a conflict.
     */
    Operation conflicting(long moreMinor) {
        return new Operation(transactionId, accountId, amountMinor + moreMinor, currency, type, "Another " + merchant, merchantCategory);
    }
}
