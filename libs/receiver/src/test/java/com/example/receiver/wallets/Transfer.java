package com.example.receiver.wallets;

import java.util.Objects;

/**
 * Move {@code amountMinor} (integer minor units) from wallet {@code from} to wallet {@code to},
 * once per transfer id.
 *
 * @param transferId  the idempotency key
 * @param from        the payer's wallet, debited on condition it holds the amount
 * @param to          the payee's wallet, credited
 * @param amountMinor the amount, positive
 */
public record Transfer(String transferId, String from, String to, long amountMinor) {

    public Transfer {
        Objects.requireNonNull(transferId, "transferId");
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        if (amountMinor < 1) {
            throw new IllegalArgumentException("amountMinor must be positive: " + amountMinor);
        }
    }

    /** The message a producer sends for it. */
    public String body() {
        return "{\"transfer_id\":\"" + transferId + "\",\"from\":\"" + from + "\",\"to\":\"" + to
                + "\",\"amount_minor\":" + amountMinor + "}";
    }
}
