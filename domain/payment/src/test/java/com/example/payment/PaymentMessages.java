package com.example.payment;

import com.example.localaws.messages.ProducerMessages;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.function.Consumer;

/**
 * Builds payment message bodies in the producer's envelope, for tests: the shared builder of
 * local-aws ({@link ProducerMessages}), with the tests'
 * merchant and amounts given as the text of a JSON number.
 */
public final class PaymentMessages {

    private PaymentMessages() {
    }

    /** A valid purchase; {@code amount} is written as a JSON number exactly as given. */
    public static String purchase(String txn, String account, String amount, String currency) {
        return build(txn, account, amount, currency, "PURCHASE", body -> { });
    }

    /** A valid refund. */
    public static String refund(String txn, String account, String amount, String currency) {
        return build(txn, account, amount, currency, "REFUND", body -> { });
    }

    /** A message with a body edited by {@code edit} (for invalid or altered variants). */
    public static String build(String txn, String account, String amount, String currency, String type,
                               Consumer<ObjectNode> edit) {
        return ProducerMessages.payment(txn, account, new BigDecimal(amount), currency, type, "Amazon.es", edit);
    }

    /** The same operation as a producer retry sends it: new message id and timestamp. */
    public static String producerRetry(String message) {
        return ProducerMessages.producerRetry(message);
    }

    /** {@code message} issued at {@code issuedAt}, for a receiver that bounds a payment's age. */
    public static String issuedAt(String message, Instant issuedAt) {
        return ProducerMessages.issuedAt(message, issuedAt);
    }

    /** A stand-in card hash: the SHA-256 of the transaction id (no card data in tests either). */
    public static String cardHash(String seed) {
        return ProducerMessages.cardHash(seed);
    }
}
