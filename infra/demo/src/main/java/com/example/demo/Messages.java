package com.example.demo;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.UUID;

/** Payment messages in the producer's envelope. */
final class Messages {

    private static final ObjectMapper JSON = new ObjectMapper();

    private Messages() {
    }

    static String payment(String txn, String account, long cents, String type) {
        ObjectNode root = JSON.createObjectNode();
        ObjectNode headers = root.putObject("headers");
        headers.put("message_id", "msg-" + UUID.randomUUID());
        headers.put("correlation_id", "corr-" + txn);
        headers.put("timestamp", "2026-04-07T14:32:15Z");
        headers.put("source", "payment-network-gateway");
        ObjectNode body = root.putObject("body");
        body.put("transaction_id", txn);
        body.put("card_number_hash", "sha256:" + sha256(txn));
        body.put("account_id", account);
        body.put("amount", BigDecimal.valueOf(cents, 2));
        body.put("currency", "EUR");
        body.put("merchant", "Demo Merchant");
        body.put("merchant_category", "5411");
        body.put("authorization_type", type);
        return root.toString();
    }

    static String producerRetry(String message) {
        ObjectNode root = read(message);
        ((ObjectNode) root.get("headers")).put("message_id", "msg-" + UUID.randomUUID());
        ((ObjectNode) root.get("headers")).put("timestamp", "2026-04-07T15:00:00Z");
        return root.toString();
    }

    static String withOtherAmount(String message) {
        ObjectNode root = read(message);
        ObjectNode body = (ObjectNode) root.get("body");
        body.put("amount", body.get("amount").decimalValue().add(BigDecimal.ONE));
        ((ObjectNode) root.get("headers")).put("message_id", "msg-" + UUID.randomUUID());
        return root.toString();
    }

    private static ObjectNode read(String message) {
        try {
            return (ObjectNode) JSON.readTree(message);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
