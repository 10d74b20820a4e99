package com.example.sim.conformance;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * One generated trace: a few accounts and batches of payment messages, with duplicates (the same
 * body again), conflicting operations (another amount under one transaction id), declines (low
 * balances, a blocked account) and unreadable bodies, drawn from {@code seed}; and, in about half
 * the traces, faults both the local AWS and the model produce: DynamoDB's answers (the
 * launcher's {@code /_fault}: the next N calls of an operation refused before they reach the
 * tables) and a crash of the function environment between calls.
 * Ids carry {@code prefix}, so that traces share the local AWS's tables without meeting.
 *
 * @param prefix   what every id of the trace starts with
 * @param accounts each account's opening balance, minor units, and whether it is active
 * @param batches  the messages' bodies, batch by batch
 * @param faults   the faults, each armed before its batch and cleared after it
 */
record ConformanceTrace(String prefix, List<long[]> accounts, List<List<String>> batches, List<TraceFault> faults) {

    /** What DynamoDB answers, before anything is written. */
    enum FaultKind {
        /** 500 InternalServerError: retried by the SDK, then a failure whose outcome the receiver cannot know. */
        SERVER_ERROR,
        /** 400 ThrottlingException (an on-demand table's answer): retried by the SDK, then by the receiver's back-off. */
        THROTTLING,
        /**
         * A transaction's actions on the ledger table (its last) cancelled with {@code ThrottlingError}
         * beside its other actions' own reasons, a failed condition among them maybe (the launcher's
         * {@code /_reasons}): a cancellation, which the SDK hands back at once, and the receiver
         * waits out while no record or guard answered beside it. {@code TransactWriteItems} only.
         */
        LEDGER_THROTTLED,
        /**
         * The function environment dies once the count-th call of the operation in the batch is
         * answered (applied), before the receiver hears it; the batch comes back to a new
         * environment ({@link EnvironmentCrash}).
         */
        CRASH
    }

    /**
     * The next {@code count} calls of {@code operation} during batch {@code batch} answer {@code kind}.
     *
     * @param batch     the batch it is armed before
     * @param operation {@code TransactWriteItems} or {@code PutItem}
     * @param kind      the answer
     * @param count     how many calls in a row (3 or more outlast the SDK's own attempts); for a crash, after which call
     */
    record TraceFault(int batch, String operation, FaultKind kind, int count) {
    }

    static ConformanceTrace generate(String prefix, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<long[]> accounts = new ArrayList<>();
        int accountCount = 1 + random.nextInt(3);
        for (int a = 0; a < accountCount; a++) {
            accounts.add(new long[] {random.nextLong(0, 5_000), random.nextInt(6) == 0 ? 0 : 1});
        }
        int txns = 2 + random.nextInt(5);
        List<List<String>> batches = new ArrayList<>();
        int messages = 3 + random.nextInt(8);
        List<String> batch = new ArrayList<>();
        for (int m = 0; m < messages; m++) {
            int txn = random.nextInt(txns);
            // a transaction's operation is fixed by the seed; a conflicting one is another amount
            SplittableRandom operation = new SplittableRandom(seed * 1_000 + txn);
            int account = operation.nextInt(accountCount);
            boolean refund = operation.nextInt(4) == 0;
            long amount = operation.nextLong(100, 3_000) + (random.nextInt(8) == 0 ? 100 : 0);
            batch.add(random.nextInt(20) == 0 ? "{\"body\":{\"transaction_id\":\"" + prefix + "T" + txn + "\""
                    : body(prefix + "T" + txn, prefix + "A" + account, amount, refund));
            if (batch.size() == 1 + random.nextInt(4) || m == messages - 1) {
                batches.add(List.copyOf(batch));
                batch.clear();
            }
        }
        return new ConformanceTrace(prefix, List.copyOf(accounts), List.copyOf(batches), draw(seed, batches.size()));
    }

    /** Faults drawn on their own generator, so that a trace's messages are the same with or without them. */
    private static List<TraceFault> draw(long seed, int batches) {
        SplittableRandom random = new SplittableRandom(seed ^ 0x5EED_FA17L);
        List<TraceFault> faults = new ArrayList<>();
        if (random.nextBoolean()) {
            int count = 1 + random.nextInt(2);
            for (int f = 0; f < count; f++) {
                int batch = random.nextInt(batches);
                String operation = random.nextInt(5) == 0 ? "PutItem" : "TransactWriteItems";
                FaultKind kind = FaultKind.values()[random.nextInt(FaultKind.values().length)];
                faults.add(new TraceFault(batch, kind == FaultKind.LEDGER_THROTTLED ? "TransactWriteItems" : operation, kind,
                        1 + random.nextInt(4)));
            }
        }
        return List.copyOf(faults);
    }

    /** The faults armed before {@code batch}. */
    List<TraceFault> faultsAt(int batch) {
        return faults.stream().filter(fault -> fault.batch() == batch).toList();
    }

    private static String body(String txn, String account, long amount, boolean refund) {
        return "{\"headers\":{\"message_id\":\"msg-" + txn + "\",\"timestamp\":\"2026-03-02T00:00:00Z\",\"source\":\"conformance\"},"
                + "\"body\":{\"transaction_id\":\"" + txn + "\",\"card_number_hash\":\"sha256:"
                + "7c2e4b9f1a6d3e8c5b0f2a7d9e4c1b6a8f3d5e0c7a2b9d4f6e1c8a3b5d7f0e29\",\"account_id\":\"" + account
                + "\",\"amount\":" + (amount / 100) + "." + String.format("%02d", amount % 100) + ",\"currency\":\"EUR\","
                + "\"merchant\":\"Shop\",\"merchant_category\":\"5411\",\"authorization_type\":\""
                + (refund ? "REFUND" : "PURCHASE") + "\"}}";
    }
}
