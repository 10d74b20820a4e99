package com.example.payment.notifier;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Objects;
import java.util.Optional;

/**
 * What the push API is told about an approved payment. Its fields are the ones that define the
 * notification: Powertools keys its record on {@code transactionId} and validates the others.
 *
 * @param transactionId the payment's business key, and the {@code Idempotency-Key}
 * @param accountId     whose customer is notified
 * @param amountMinor   in minor units of {@code currency}, &gt; 0
 * @param currency      ISO 4217
 */
public record Notification(String transactionId, String accountId, long amountMinor, String currency) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public Notification {
        Objects.requireNonNull(transactionId, "transactionId");
        Objects.requireNonNull(accountId, "accountId");
        Objects.requireNonNull(currency, "currency");
        if (transactionId.isBlank() || accountId.isBlank() || !currency.matches("[A-Z]{3}")) {
            throw new IllegalArgumentException("transaction_id and account_id must not be blank, currency must be ISO 4217");
        }
        if (amountMinor <= 0) {
            throw new IllegalArgumentException("amount_minor must be > 0");
        }
    }

    /**
     * The notification a decision event asks for: present for {@code PaymentAuthorized}, empty
     * for any other event (declines notify nobody).
     *
     * @throws IllegalArgumentException when the body is not a valid decision event
     */
    static Optional<Notification> fromEvent(String body) {
        JsonNode event;
        try {
            event = JSON.readTree(body);
        } catch (IOException e) {
            throw new IllegalArgumentException("body is not JSON");
        }
        if (event == null || !event.isObject()) {
            throw new IllegalArgumentException("body is not a JSON object");
        }
        if (!"PaymentAuthorized".equals(event.path("event_type").asText())) {
            return Optional.empty();
        }
        if (!event.path("amount_minor").canConvertToExactIntegral()) {
            throw new IllegalArgumentException("amount_minor must be an integer");
        }
        return Optional.of(new Notification(event.path("transaction_id").asText(), event.path("account_id").asText(),
                event.path("amount_minor").asLong(), event.path("currency").asText()));
    }

    /** The request body sent to the push API. */
    String toRequestBody() {
        return JSON.createObjectNode()
                .put("transaction_id", transactionId)
                .put("account_id", accountId)
                .put("amount_minor", amountMinor)
                .put("currency", currency)
                .put("template", "payment-approved")
                .toString();
    }
}
