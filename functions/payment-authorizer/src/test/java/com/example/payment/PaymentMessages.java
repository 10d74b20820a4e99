package com.example.payment;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.UUID;
import java.util.function.Consumer;

/** Builds payment message bodies in the producer's envelope, for tests. */
public final class PaymentMessages {

    private static final ObjectMapper JSON = new ObjectMapper();

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
        ObjectNode root = JSON.createObjectNode();
        ObjectNode headers = root.putObject("headers");
        headers.put("message_id", "msg-" + UUID.randomUUID());
        headers.put("correlation_id", "corr-" + txn);
        headers.put("timestamp", "2026-04-07T14:32:15Z");
        headers.put("source", "payment-network-gateway");
        ObjectNode body = root.putObject("body");
        body.put("transaction_id", txn);
        body.put("card_number_hash", cardHash(txn));
        body.put("account_id", account);
        body.put("amount", new BigDecimal(amount));
        body.put("currency", currency);
        body.put("merchant", "Amazon.es");
        body.put("merchant_category", "5411");
        body.put("authorization_type", type);
        edit.accept(body);
        return root.toString();
    }

    /** The same operation as a producer retry sends it: new message id and timestamp. */
    public static String producerRetry(String message) {
        try {
            ObjectNode root = (ObjectNode) JSON.readTree(message);
            ObjectNode headers = (ObjectNode) root.get("headers");
            headers.put("message_id", "msg-" + UUID.randomUUID());
            headers.put("timestamp", "2026-04-07T14:40:00Z");
            return root.toString();
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** A stand-in card hash: the SHA-256 of the transaction id (no card data in tests either). */
    public static String cardHash(String seed) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(seed.getBytes(StandardCharsets.UTF_8));
            return "sha256:" + HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
