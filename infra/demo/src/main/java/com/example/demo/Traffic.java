package com.example.demo;

import com.example.localaws.messages.ProducerMessages;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * The generated input: what is sent, and, computed from the input alone (not from the system),
 * what the final balances and ledger must be.
 *
 * <p>Accounts {@code ACC-D-00..39} are rich enough that no purchase to them can be declined,
 * whatever the order; {@code ACC-D-40..44} hold 0.50 EUR and receive only purchases of at least
 * 1.00, so each of those is declined in any order; {@code ACC-D-404} does not exist.
 *
 * <p>Phase one streams the unique payments with redeliveries, producer retries and copies sent
 * right behind their original (so that both usually land in one batch); phase two, once all is
 * decided, late retries within the TTL, conflicts and poison; phase three runs after the
 * idempotency records' TTL: producer retries of approved payments, which the permanent ledger
 * row must still stop (DUPLICATE(LATE)), and of declined ones, which are decided anew (declined
 * again: their accounts have not changed) because only the record guarded them.
 */
final class Traffic {

    static final int RICH_ACCOUNTS = 40;
    static final int POOR_ACCOUNTS = 5;
    static final long RICH_BALANCE = 5_000_000;
    static final long POOR_BALANCE = 50;
    static final String UNKNOWN_ACCOUNT = "ACC-D-404";

    /** One message to send, and what it is. */
    record Delivery(String body, String kind) {
    }

    final List<Delivery> phaseOne = new ArrayList<>();
    final List<Delivery> phaseTwo = new ArrayList<>();
    final List<Delivery> phaseThree = new ArrayList<>();
    /** The transaction ids of the approved payments re-sent after the TTL. */
    final List<String> lateApproved = new ArrayList<>();
    /** The number of declined payments re-sent after the TTL: each is one more DECLINED decision. */
    int lateDeclined;
    final Map<String, Long> expectedBalances = new HashMap<>();
    int uniquePayments;
    int expectedApproved;
    int expectedDeclined;
    int conflicts;
    int poison;

    static String account(int i) {
        return String.format("ACC-D-%02d", i);
    }

    /** About {@code payments} unique payments plus 25 % duplicates, a few conflicts and poison. */
    static Traffic generate(int payments, RandomGenerator random) {
        Traffic traffic = new Traffic();
        for (int a = 0; a < RICH_ACCOUNTS; a++) {
            traffic.expectedBalances.put(account(a), RICH_BALANCE);
        }
        for (int a = RICH_ACCOUNTS; a < RICH_ACCOUNTS + POOR_ACCOUNTS; a++) {
            traffic.expectedBalances.put(account(a), POOR_BALANCE);
        }
        List<String> originals = new ArrayList<>();
        List<Boolean> approved = new ArrayList<>();
        for (int i = 0; i < payments; i++) {
            String txn = "TXN-D-" + i;
            int pick = random.nextInt(100);
            String account;
            String type = "PURCHASE";
            long cents = 100 + random.nextLong(20_000);
            if (pick < 3) {
                account = UNKNOWN_ACCOUNT;
                traffic.expectedDeclined++;
            } else if (pick < 8) {
                account = account(RICH_ACCOUNTS + random.nextInt(POOR_ACCOUNTS));
                traffic.expectedDeclined++;
            } else {
                account = account(random.nextInt(RICH_ACCOUNTS));
                type = pick < 18 ? "REFUND" : "PURCHASE";
                long change = type.equals("REFUND") ? cents : -cents;
                traffic.expectedBalances.merge(account, change, Long::sum);
                traffic.expectedApproved++;
            }
            String body = payment(txn, account, cents, type);
            originals.add(body);
            approved.add(pick >= 8);
            traffic.phaseOne.add(new Delivery(body, "new"));
        }
        traffic.uniquePayments = payments;
        List<String> sameBatch = new ArrayList<>();
        for (int i = 0; i < originals.size(); i++) {
            String body = originals.get(i);
            int pick = random.nextInt(100);
            if (pick < 12) {
                traffic.phaseOne.add(new Delivery(body, "redelivery"));
            } else if (pick < 20) {
                traffic.phaseOne.add(new Delivery(ProducerMessages.producerRetry(body), "producer-retry"));
            } else if (pick < 24) {
                sameBatch.add(body);
            } else if (pick < 26) {
                traffic.phaseTwo.add(new Delivery(ProducerMessages.producerRetry(body), "late-retry"));
            }
            int late = random.nextInt(100);
            if (approved.get(i) && late < 4) {
                traffic.phaseThree.add(new Delivery(ProducerMessages.producerRetry(body), "after-ttl-approved"));
                traffic.lateApproved.add("TXN-D-" + i);
            } else if (!approved.get(i) && late < 40) {
                traffic.phaseThree.add(new Delivery(ProducerMessages.producerRetry(body), "after-ttl-declined"));
                traffic.lateDeclined++;
            }
        }
        Collections.shuffle(traffic.phaseOne, new java.util.Random(random.nextLong()));
        for (String body : sameBatch) {
            int original = traffic.phaseOne.indexOf(new Delivery(body, "new"));
            traffic.phaseOne.add(original + 1, new Delivery(body, "same-batch"));
        }
        for (int c = 0; c < 5; c++) {
            traffic.phaseTwo.add(new Delivery(ProducerMessages.withOtherAmount(originals.get(c * 7)), "conflict"));
            traffic.conflicts++;
        }
        traffic.phaseTwo.add(new Delivery("{\"headers\": ", "poison"));
        traffic.phaseTwo.add(new Delivery("not json at all", "poison"));
        traffic.phaseTwo.add(new Delivery(payment("TXN-D-P1", account(0), 100, "PURCHASE")
                .replace("\"amount\":1.00", "\"amount\":1.005"), "poison"));
        traffic.phaseTwo.add(new Delivery(payment("TXN-D-P2", account(0), 100, "CHARGEBACK"), "poison"));
        traffic.poison = 4;
        return traffic;
    }

    /** A payment of {@code cents} euro cents to {@code account} from the demo's merchant. */
    private static String payment(String txn, String account, long cents, String type) {
        return ProducerMessages.payment(txn, account, BigDecimal.valueOf(cents, 2), "EUR", type, "Demo Merchant", body -> { });
    }

    int totalMessages() {
        return phaseOne.size() + phaseTwo.size() + phaseThree.size();
    }
}
