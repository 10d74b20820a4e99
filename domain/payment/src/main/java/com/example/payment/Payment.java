package com.example.payment;

import com.example.receiver.Fingerprint;
import java.util.LinkedHashMap;
import java.util.Objects;
import java.util.SequencedMap;

/**
 * A card payment to authorize, as validated from the message body. The transport's headers are
 * kept for tracing only; they are no part of what the payment is.
 *
 * @param transactionId     the business key: one operation, however often it is delivered
 * @param accountId         the account debited (PURCHASE) or credited (REFUND)
 * @param amount            in minor units
 * @param type              PURCHASE or REFUND
 * @param merchant          the merchant's name
 * @param merchantCategory  the four-digit merchant category code
 * @param cardNumberHash    {@code sha256:<hex>}; never logged
 * @param correlationId     the producer's correlation id, for tracing; may be empty
 */
public record Payment(String transactionId, String accountId, Money amount, AuthorizationType type,
                      String merchant, String merchantCategory, String cardNumberHash, String correlationId) {

    public Payment {
        Objects.requireNonNull(transactionId, "transactionId");
        Objects.requireNonNull(accountId, "accountId");
        Objects.requireNonNull(amount, "amount");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(merchant, "merchant");
        Objects.requireNonNull(merchantCategory, "merchantCategory");
        Objects.requireNonNull(cardNumberHash, "cardNumberHash");
        Objects.requireNonNull(correlationId, "correlationId");
    }

    /**
     * The fingerprint over every field that defines the operation, the amount normalised to
     * minor units (so {@code 125.5} and {@code 125.50} are one amount); headers excluded.
     */
    public Fingerprint fingerprint() {
        SequencedMap<String, String> fields = new LinkedHashMap<>();
        fields.put("transaction_id", transactionId);
        fields.put("account_id", accountId);
        fields.put("amount_minor", Long.toString(amount.minorUnits()));
        fields.put("currency", amount.currency().getCurrencyCode());
        fields.put("authorization_type", type.name());
        fields.put("merchant", merchant);
        fields.put("merchant_category", merchantCategory);
        fields.put("card_number_hash", cardNumberHash);
        return Fingerprint.inOrder(fields); // the order stored records were digested in
    }

    /** The signed change to the account's balance: negative for a purchase. */
    public long balanceChangeMinor() {
        return type == AuthorizationType.PURCHASE ? -amount.minorUnits() : amount.minorUnits();
    }
}
