package com.example.localaws.messages;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * Payment message bodies in the producer's envelope (DESIGN §3): {@code headers} (a fresh
 * {@code message_id}, {@code correlation_id}, {@code timestamp}, {@code source}) and the
 * operation in {@code body}. The card hash is a stand-in, the SHA-256 of the transaction id: no
 * card data anywhere, not even made up. Stamped at a fixed moment (2026-04-07), for a receiver
 * that bounds no age; a test whose receiver bounds it issues its message on its own clock
 * ({@link #issuedAt}).
 */
public final class ProducerMessages {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ProducerMessages() {
    }

    /**
     * A message for {@code txn}; {@code amount} is written as a JSON number exactly as given
     * (its scale kept), and {@code edit} may change the body afterwards (for invalid or altered
     * variants).
     */
    public static String payment(String txn, String account, BigDecimal amount, String currency, String type,
                                 String merchant, Consumer<ObjectNode> edit) {
        Objects.requireNonNull(edit, "edit");
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
        body.put("amount", amount);
        body.put("currency", currency);
        body.put("merchant", merchant);
        body.put("merchant_category", "5411");
        body.put("authorization_type", type);
        edit.accept(body);
        return root.toString();
    }

    /** The same operation as a producer retry sends it: new message id and timestamp. */
    public static String producerRetry(String message) {
        ObjectNode root = read(message);
        ObjectNode headers = (ObjectNode) root.get("headers");
        headers.put("message_id", "msg-" + UUID.randomUUID());
        headers.put("timestamp", "2026-04-07T14:40:00Z");
        return root.toString();
    }

    /** {@code message} issued at {@code issuedAt} (its {@code headers.timestamp}, in whole seconds). */
    public static String issuedAt(String message, Instant issuedAt) {
        ObjectNode root = read(message);
        ((ObjectNode) root.get("headers")).put("timestamp", issuedAt.truncatedTo(ChronoUnit.SECONDS).toString());
        return root.toString();
    }

    /** The stand-in card hash of {@code seed}: {@code sha256:<hex>}. */
    public static String cardHash(String seed) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(seed.getBytes(StandardCharsets.UTF_8));
            return "sha256:" + HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static ObjectNode read(String message) {
        try {
            return (ObjectNode) JSON.readTree(message);
        } catch (IOException | ClassCastException e) {
            throw new IllegalArgumentException("not a message in the producer's envelope", e);
        }
    }
}
