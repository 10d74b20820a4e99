package com.example.reliability;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * A scenario's input, and what it must lead to, computed from the input alone: {@code payments}
 * unique purchases of {@value #AMOUNT_MINOR} minor units (every 20th to an account that does not
 * exist, so declined), plus {@code copies} extra deliveries of them (alternately the same body
 * again and a producer retry with a new header message id), shuffled. Every purchase costs the
 * same, so an account's shortfall divided by it counts the extra debits exactly.
 */
final class Traffic {

    static final int MAX_ACCOUNTS = 50;
    static final long OPENING_BALANCE = 100_000_000;
    static final long AMOUNT_MINOR = 1_000;
    static final String UNKNOWN_ACCOUNT = "ACC-R-404";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final BigDecimal AMOUNT = BigDecimal.valueOf(AMOUNT_MINOR, 2);

    /** One message to send. */
    record Delivery(String transactionId, String body) {
    }

    final List<Delivery> deliveries = new ArrayList<>();
    final Set<String> transactions = new LinkedHashSet<>();
    /** The undecidable messages' bodies, each to the key it is sent under ({@link #withUndecidable}). */
    final Map<String, String> undecidable = new LinkedHashMap<>();
    final Map<String, Long> expectedBalances = new HashMap<>();
    int expectedApproved;
    int expectedDeclined;

    static String account(int i) {
        return String.format("ACC-R-%02d", i);
    }

    static Traffic generate(int payments, int copies, int accounts, long seed) {
        Random random = new Random(seed);
        Traffic traffic = new Traffic();
        for (int a = 0; a < accounts; a++) {
            traffic.expectedBalances.put(account(a), OPENING_BALANCE);
        }
        List<Delivery> originals = new ArrayList<>();
        for (int i = 0; i < payments; i++) {
            String txn = "TXN-R-" + seed + "-" + i;
            String account;
            if (i % 20 == 19) {
                account = UNKNOWN_ACCOUNT;
                traffic.expectedDeclined++;
            } else {
                account = account(random.nextInt(accounts));
                traffic.expectedBalances.merge(account, -AMOUNT_MINOR, Long::sum);
                traffic.expectedApproved++;
            }
            Delivery original = new Delivery(txn, body(txn, account, "msg-" + i));
            originals.add(original);
            traffic.transactions.add(txn);
        }
        traffic.deliveries.addAll(originals);
        for (int c = 0; c < copies; c++) {
            Delivery original = originals.get(c % payments);
            traffic.deliveries.add(c % 2 == 0
                    ? original
                    : new Delivery(original.transactionId(), body(original.transactionId(),
                            accountOf(original.body()), "msg-retry-" + c)));
        }
        Collections.shuffle(traffic.deliveries, random);
        return traffic;
    }

    /** The key a poison message is sent under (it has no transaction the audit knows). */
    static final String POISON = "POISON-";
    /** The key a conflict is sent under: this, then the transaction it conflicts with. */
    static final String CONFLICT = "CONFLICT-";

    /**
     * Adds {@code count} poison messages at random places (in turn: a body cut short, so not JSON;
     * an amount with 3 decimals for EUR; no account), and {@code count} conflicts among the last
     * tenth of the deliveries: each a transaction of the first half sent again with another
     * merchant, late enough for its original to be decided first (same account and amount, so
     * that the balances do not depend on which is).
     */
    Traffic withUndecidable(int count, long seed) {
        Random random = new Random(seed + 1);
        for (int i = 0; i < count; i++) {
            String body = poison(i);
            undecidable.put(body, POISON + i);
            deliveries.add(random.nextInt(deliveries.size() + 1), new Delivery(POISON + i, body));
        }
        List<String> early = deliveries.subList(0, deliveries.size() / 2).stream().map(Delivery::transactionId)
                .filter(transactions::contains).distinct().limit(count).toList();
        for (int i = 0; i < early.size(); i++) {
            String txn = early.get(i);
            String original = deliveries.stream().filter(d -> d.transactionId().equals(txn)).findFirst().orElseThrow().body();
            String body = body(txn, accountOf(original), "msg-conflict-" + i, "Another Merchant", AMOUNT);
            undecidable.put(body, CONFLICT + txn);
            int tenth = deliveries.size() / 10;
            deliveries.add(deliveries.size() - random.nextInt(tenth + 1), new Delivery(CONFLICT + txn, body));
        }
        return this;
    }

    private static String poison(int i) {
        String txn = "TXN-R-POISON-" + i;
        return switch (i % 3) {
            case 0 -> "{\"headers\": {\"message_id\": \"poison-" + i + "\"}, \"body\": {\"transaction_id\": \"";
            case 1 -> body(txn, account(0), "poison-" + i, "Reliability Merchant", new BigDecimal("10.005"));
            default -> body(txn, account(0), "poison-" + i, "Reliability Merchant", AMOUNT)
                    .replace("\"account_id\":\"" + account(0) + "\",", "");
        };
    }

    private static String body(String txn, String account, String messageId) {
        return body(txn, account, messageId, "Reliability Merchant", AMOUNT);
    }

    private static String body(String txn, String account, String messageId, String merchant, BigDecimal amount) {
        ObjectNode root = JSON.createObjectNode();
        ObjectNode headers = root.putObject("headers");
        headers.put("message_id", messageId);
        headers.put("correlation_id", "corr-" + txn);
        headers.put("timestamp", "2026-04-07T14:32:15Z");
        headers.put("source", "payment-network-gateway");
        ObjectNode body = root.putObject("body");
        body.put("transaction_id", txn);
        body.put("card_number_hash", "sha256:" + sha256(txn));
        body.put("account_id", account);
        body.put("amount", amount);
        body.put("currency", "EUR");
        body.put("merchant", merchant);
        body.put("merchant_category", "5411");
        body.put("authorization_type", "PURCHASE");
        return root.toString();
    }

    static String accountOf(String message) {
        return transactionField(message, "account_id");
    }

    static String transactionIdOf(String message) {
        return transactionField(message, "transaction_id");
    }

    private static String transactionField(String message, String field) {
        try {
            return JSON.readTree(message).path("body").path(field).asText();
        } catch (java.io.IOException e) {
            return "";
        }
    }

    static String sha256(String text) {
        return digest("SHA-256", text);
    }

    static String md5(String text) {
        return digest("MD5", text);
    }

    private static String digest(String algorithm, String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance(algorithm).digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
