package com.example.bench.local;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * The payments {@code make bench-local} sends: {@link #ACCOUNTS} funded accounts, three in four
 * messages new (purchases of 12.50 EUR spread over the accounts), one in four a copy of an earlier
 * one, in a shuffled order fixed by the seed.
 *
 * @param messages how many messages in all
 * @param unique   how many distinct payments among them
 */
record Traffic(int messages, int unique) {

    static final int ACCOUNTS = 50;
    private static final long BALANCE_MINOR = 1_000_000_000L;
    private static final ObjectMapper JSON = new ObjectMapper();

    Traffic {
        if (messages < 1 || unique < 1 || unique > messages) {
            throw new IllegalArgumentException("messages must be >= 1 and unique within 1..messages, got " + messages + ", " + unique);
        }
    }

    /** {@code messages} messages, a quarter of them duplicates. */
    static Traffic of(int messages) {
        return new Traffic(messages, Math.max(1, messages - messages / 4));
    }

    /** Writes the accounts file {@code make up ACCOUNTS=} seeds. */
    static void writeAccounts(Path file) {
        ArrayNode accounts = JSON.createArrayNode();
        for (int i = 0; i < ACCOUNTS; i++) {
            accounts.addObject().put("accountId", account(i)).put("balanceMinor", BALANCE_MINOR).put("currency", "EUR")
                    .put("status", "ACTIVE");
        }
        write(file, List.of(accounts.toString()));
    }

    /** Writes the messages file {@code make send MESSAGES=} sends, one message per line. */
    void writeMessages(Path file, long seed) {
        Random random = new Random(seed);
        List<String> lines = new ArrayList<>(messages);
        for (int i = 0; i < unique; i++) {
            lines.add(message(i, account(random.nextInt(ACCOUNTS))));
        }
        while (lines.size() < messages) {
            lines.add(lines.get(random.nextInt(unique)));
        }
        Collections.shuffle(lines, random);
        write(file, lines);
    }

    private static String message(int index, String account) {
        ObjectNode message = JSON.createObjectNode();
        message.putObject("headers").put("message_id", "bench-msg-" + index).put("correlation_id", "bench-corr-" + index)
                .put("timestamp", "2026-04-07T14:32:15Z").put("source", "payment-network-gateway");
        message.putObject("body").put("transaction_id", String.format("TXN-BENCH-%07d", index))
                .put("card_number_hash", "sha256:" + "5e".repeat(32)).put("account_id", account)
                .put("amount", new BigDecimal("12.50")).put("currency", "EUR").put("merchant", "Amazon.es")
                .put("merchant_category", "5411").put("authorization_type", "PURCHASE");
        return message.toString();
    }

    private static String account(int index) {
        return String.format("ACC-%05d", 70000 + index);
    }

    private static void write(Path file, List<String> lines) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.write(file, lines);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
