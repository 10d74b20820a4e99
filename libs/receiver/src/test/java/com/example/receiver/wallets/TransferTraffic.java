package com.example.receiver.wallets;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Seeded batches of transfers that make lanes two-sided and hot: in each batch, many payers paying
 * the merchant (payee hot), one payer paying many payees (payer hot), one payer paying the merchant
 * again and again (both), or a mix; payers funded for a few transfers only, so that some are
 * declined midway; with producer retries (the same transfer again), a transfer id re-sent with
 * another amount (a conflict), a payee that does not exist, the merchant paying out (a wallet both
 * debited and credited in one lane: not merged) and unparseable bodies.
 */
public final class TransferTraffic {

    /** The wallets and their opening balances, in minor units: a payer holds a few transfers' worth. */
    public static final Map<String, Long> OPENING = Map.of("P1", 6_000L, "P2", 6_000L, "P3", 6_000L, "P4", 6_000L,
            "M", 0L, "Q1", 0L, "Q2", 0L, "Q3", 0L);
    private static final List<String> PAYERS = List.of("P1", "P2", "P3", "P4");
    private static final List<String> PAYEES = List.of("Q1", "Q2", "Q3");
    private static final Pattern FROM = Pattern.compile("\"from\":\"([^\"]*)\"");

    private TransferTraffic() {
    }

    /** {@code count} batches of 1-10 bodies each, the same for the same seed. */
    public static List<List<String>> batches(long seed, int count) {
        Random random = new Random(seed);
        List<Transfer> sent = new ArrayList<>();
        List<List<String>> batches = new ArrayList<>();
        for (int b = 0; b < count; b++) {
            int shape = random.nextInt(4);
            String hotPayer = pick(random, PAYERS);
            List<String> batch = new ArrayList<>();
            int size = 1 + random.nextInt(10);
            for (int m = 0; m < size; m++) {
                int kind = random.nextInt(20);
                if (kind < 3 && !sent.isEmpty()) {
                    batch.add(pick(random, sent).body());
                } else if (kind == 3 && !sent.isEmpty()) {
                    Transfer original = pick(random, sent);
                    batch.add(new Transfer(original.transferId(), original.from(), original.to(),
                            original.amountMinor() + 1).body());
                } else if (kind == 4) {
                    batch.add("{\"transfer_id\":\"S" + seed + "-bad\",\"from\":\"P1\",\"to\":\"P1\",\"amount_minor\":5}");
                } else {
                    String from = kind == 5 ? "M" : shape == 0 || shape == 3 ? pick(random, PAYERS) : hotPayer;
                    String to = kind == 6 ? "Q9" : kind == 5 || shape == 1 ? pick(random, PAYEES)
                            : shape == 3 ? pick(random, List.of("M", "Q1", "Q2")) : "M";
                    Transfer transfer = new Transfer("S" + seed + "-T" + sent.size(), from, to,
                            500 + 250L * random.nextInt(10));
                    sent.add(transfer);
                    batch.add(transfer.body());
                }
            }
            batches.add(batch);
        }
        return batches;
    }

    /** The FIFO group of {@code body}: its payer, as it names it (a body the parser refuses has one too). */
    public static Optional<String> payerOf(String body) {
        Matcher from = FROM.matcher(body);
        return Optional.of(from.find() ? from.group(1) : "");
    }

    private static <T> T pick(Random random, List<T> from) {
        return from.get(random.nextInt(from.size()));
    }
}
