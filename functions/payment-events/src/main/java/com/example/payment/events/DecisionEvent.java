package com.example.payment.events;

import java.util.Objects;
import java.util.Optional;

/**
 * One payment decision as the topic carries it. Subscribers deduplicate on
 * {@code transactionId}: the publisher delivers at least once.
 *
 * @param transactionId     the payment's business key (the idempotency key)
 * @param decision          {@code APPROVED} or {@code DECLINED}
 * @param reason            the decline reason; empty for an approval
 * @param accountId         the account the payment is for
 * @param amountMinor       the amount in minor units of {@code currency}, &gt; 0
 * @param currency          ISO 4217
 * @param authorizationType {@code PURCHASE} or {@code REFUND}
 * @param decidedAt         ISO-8601 instant of the decision
 */
public record DecisionEvent(String transactionId, String decision, Optional<String> reason, String accountId,
                            long amountMinor, String currency, String authorizationType, String decidedAt) {

    /** The event type of an approval. */
    public static final String AUTHORIZED = "PaymentAuthorized";
    /** The event type of a decline. */
    public static final String DECLINED = "PaymentDeclined";

    public DecisionEvent {
        Objects.requireNonNull(transactionId, "transactionId");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(accountId, "accountId");
        Objects.requireNonNull(currency, "currency");
        Objects.requireNonNull(authorizationType, "authorizationType");
        Objects.requireNonNull(decidedAt, "decidedAt");
        if (!"APPROVED".equals(decision) && !"DECLINED".equals(decision)) {
            throw new IllegalArgumentException("decision must be APPROVED or DECLINED, was " + decision);
        }
        if (amountMinor <= 0) {
            throw new IllegalArgumentException("amountMinor must be > 0");
        }
        if (transactionId.isBlank() || accountId.isBlank()) {
            throw new IllegalArgumentException("transactionId and accountId must not be blank");
        }
    }

    /** {@value #AUTHORIZED} or {@value #DECLINED}. */
    public String type() {
        return "APPROVED".equals(decision) ? AUTHORIZED : DECLINED;
    }
}
