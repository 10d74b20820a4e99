package com.example.bench.local;

import com.example.paymenttraffic.Send;
import com.example.paymenttraffic.Traffic;
import com.example.paymenttraffic.TrafficProfile;
import com.example.paymenttraffic.reference.Decision;
import com.example.paymenttraffic.reference.ReferenceModel;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The payments {@code make bench-local} sends, as a profile of the one generator
 * (testing/payment-traffic): {@link #ACCOUNTS} funded accounts, three in four messages new
 * (purchases of 12.50 EUR spread over the accounts), one in four a copy of an earlier one (in turn
 * the same body and a producer retry), in a shuffled order fixed by the seed; and what they must
 * lead to, by the reference model.
 *
 * @param traffic  what is sent
 * @param expected the reference model, fed it
 */
record VolumeTraffic(Traffic traffic, ReferenceModel expected) {

    static final int ACCOUNTS = 50;
    private static final long BALANCE_MINOR = 1_000_000_000L;
    private static final long AMOUNT_MINOR = 1_250;
    private static final ObjectMapper JSON = new ObjectMapper();

    /** {@code messages} messages (at least 1), a quarter of them copies. */
    static VolumeTraffic of(int messages, long seed) {
        if (messages < 1) {
            throw new IllegalArgumentException("messages must be >= 1, got " + messages);
        }
        int unique = Math.max(1, messages - messages / 4);
        Traffic traffic = Traffic.generate(TrafficProfile.named("BENCH").richAccounts(ACCOUNTS, BALANCE_MINOR)
                .payments(unique, AMOUNT_MINOR, AMOUNT_MINOR).copies(messages - unique), seed);
        return new VolumeTraffic(traffic, ReferenceModel.replay(traffic));
    }

    int messages() {
        return traffic.sends().size();
    }

    /** The payments the model approves: every unique one. */
    long approved() {
        return expected.count(Decision.Approved.class);
    }

    /** The messages the model answers as duplicates: every copy. */
    long duplicates() {
        return expected.count(Decision.Duplicate.class);
    }

    /** Writes the accounts file {@code make up ACCOUNTS=} seeds. */
    void writeAccounts(Path file) {
        ArrayNode accounts = JSON.createArrayNode();
        traffic.accounts().forEach(account -> accounts.addObject().put("accountId", account.id())
                .put("balanceMinor", account.balanceMinor()).put("currency", account.currency()).put("status", "ACTIVE"));
        write(file, List.of(accounts.toString()));
    }

    /** Writes the messages file {@code make send MESSAGES=} sends, one message per line. */
    void writeMessages(Path file) {
        write(file, traffic.sends().stream().map(Send::body).toList());
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
