package com.example.paymenttraffic;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Currency;
import java.util.HexFormat;

/**
 * Messages in the producer's envelope (docs/payment-message.schema.json): {@code headers}
 * ({@code message_id}, {@code correlation_id}, {@code timestamp}, {@code source}) and the operation
 * in {@code body}, its amount a JSON number in the currency's major units. The card hash is a
 * stand-in, the SHA-256 of the transaction id: no card data anywhere, not even made up.
 */
public final class PaymentMessages {

    /** The timestamp of a payment's first message. */
    static final String CREATED = "2026-04-07T14:32:15Z";
    /** The timestamp of a producer's retry. */
    static final String RETRIED = "2026-04-07T14:40:00Z";
    private static final int POISON_KINDS = 5;
    /** How a header's time of issue begins in every message built here (no space: the builder's own text). */
    private static final String TIMESTAMP_FIELD = "\"timestamp\":\"";

    private PaymentMessages() {
    }

    /** {@code operation}'s message under {@code messageId}, stamped {@code timestamp}. */
    public static String message(Operation operation, String messageId, String timestamp) {
        return "{\"headers\":{\"message_id\":" + text(messageId) + ",\"correlation_id\":" + text("corr-" + operation.transactionId())
                + ",\"timestamp\":" + text(timestamp) + ",\"source\":\"payment-network-gateway\"},\"body\":{"
                + body(operation, operation.accountId(), amount(operation), operation.type().name()) + "}}";
    }

    /**
     * {@code message} with its {@code headers.timestamp} (the command's time of issue) set to
     * {@code issuedAt}, for a harness that stamps each message when its producer sends it; a
     * message without one (some poison) is returned as it is.
     */
    public static String stamped(String message, java.time.Instant issuedAt) {
        int field = message.indexOf(TIMESTAMP_FIELD);
        if (field < 0) {
            return message;
        }
        int start = field + TIMESTAMP_FIELD.length();
        int end = message.indexOf('"', start);
        return message.substring(0, start) + issuedAt + message.substring(end);
    }

    /**
     * Poison {@code n}, built on {@code operation}: in turn a message cut short (not JSON), no JSON
     * at all, an amount with more decimals than its currency has, no account, an authorization
     * type the domain does not know. None of them a payment the domain's parser reads; each body
     * its own, so that a harness finds each in a DLQ by its body.
     */
    static String poison(int n, Operation operation) {
        String envelope = "{\"headers\":{\"message_id\":\"poison-" + n + "\",\"timestamp\":\"" + CREATED + "\"},\"body\":{";
        return switch (n % POISON_KINDS) {
            case 0 -> "{\"headers\": {\"message_id\": \"poison-" + n + "\"}, \"body\": {\"transaction_id\": \"";
            case 1 -> "not json at all: poison-" + n;
            case 2 -> envelope + body(operation, operation.accountId(), amount(operation) + "5", operation.type().name()) + "}}";
            case 3 -> envelope + body(operation, null, amount(operation), operation.type().name()) + "}}";
            default -> envelope + body(operation, operation.accountId(), amount(operation), "CHARGEBACK") + "}}";
        };
    }

    /** The stand-in card hash of {@code transactionId}: {@code sha256:<hex>}. */
    public static String cardHash(String transactionId) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(transactionId.getBytes(StandardCharsets.UTF_8));
            return "sha256:" + HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String body(Operation operation, String accountId, String amount, String type) {
        return "\"transaction_id\":" + text(operation.transactionId())
                + ",\"card_number_hash\":" + text(cardHash(operation.transactionId()))
                + (accountId == null ? "" : ",\"account_id\":" + text(accountId))
                + ",\"amount\":" + amount
                + ",\"currency\":" + text(operation.currency())
                + ",\"merchant\":" + text(operation.merchant())
                + ",\"merchant_category\":" + text(operation.merchantCategory())
                + ",\"authorization_type\":" + text(type);
    }

    /** The amount in major units, with as many decimals as the currency has. */
    private static String amount(Operation operation) {
        int digits = Currency.getInstance(operation.currency()).getDefaultFractionDigits();
        return BigDecimal.valueOf(operation.amountMinor(), digits).toPlainString();
    }

    /** A JSON string of {@code value}: quotes, backslashes and control characters escaped. */
    private static String text(String value) {
        StringBuilder json = new StringBuilder(value.length() + 2).append('"');
        for (char c : value.toCharArray()) {
            switch (c) {
                case '"' -> json.append("\\\"");
                case '\\' -> json.append("\\\\");
                default -> {
                    if (c < 0x20) {
                        json.append(String.format("\\u%04x", (int) c));
                    } else {
                        json.append(c);
                    }
                }
            }
        }
        return json.append('"').toString();
    }
}
