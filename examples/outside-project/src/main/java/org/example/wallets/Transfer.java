package org.example.wallets;

/** Move {@code amountMinor} (integer minor units) from wallet {@code from} to wallet {@code to}, once per {@code id}. */
public record Transfer(String id, String from, String to, long amountMinor) {
}
