package com.example.sim.workload;

/**
 * One payment a producer means to make, and what the oracles need to know of it.
 *
 * @param index       its place in the workload (what a shrunk trace keeps)
 * @param txnId       the transaction id
 * @param account     the account it posts to
 * @param amountMinor the amount, minor units
 * @param refund      a refund (adds funds) or a purchase
 * @param at          when its producer first sends it, virtual micros
 * @param retries     how many times its producer sends it again (new message ids, signed anew)
 * @param conflicting whether another operation is sent under its transaction id (a producer bug)
 * @param poison      whether its body is unreadable (never a payment the oracles expect decided)
 * @param late        whether it was approved a month before the run (its record since expired, its
 *                    ledger entry and debit kept) and is sent again in it: never to be decided again
 */
public record Payment(int index, String txnId, String account, long amountMinor, boolean refund, long at, int retries,
               boolean conflicting, boolean poison, boolean late) {

    /** Whether the oracles expect it decided, once: neither poison nor contested by a conflicting operation. */
    public boolean good() {
        return !poison && !conflicting;
    }

    public long balanceChange() {
        return refund ? amountMinor : -amountMinor;
    }

    /** The body its producer sends; {@code variant} 1 is the conflicting operation's (another amount). */
    String body(int variant, java.time.Instant created) {
        if (poison) {
            return "{\"headers\":{\"message_id\":\"msg-" + index + "\"},\"body\":{\"transaction_id\":\"" + txnId + "\",\"amount\":";
        }
        long amount = amountMinor + variant * 100;
        return "{\"headers\":{\"message_id\":\"msg-" + index + "-" + variant + "\",\"correlation_id\":\"corr-" + txnId
                + "\",\"timestamp\":\"" + created + "\",\"source\":\"sim-producer\"},\"body\":{\"transaction_id\":\""
                + txnId + "\",\"card_number_hash\":\"sha256:" + "7c2e4b9f1a6d3e8c5b0f2a7d9e4c1b6a8f3d5e0c7a2b9d4f6e1c8a3b5d7f0e29"
                + "\",\"account_id\":\"" + account + "\",\"amount\":" + (amount / 100) + "." + String.format("%02d", amount % 100)
                + ",\"currency\":\"EUR\",\"merchant\":\"Shop " + (index % 97) + "\",\"merchant_category\":\"5411\","
                + "\"authorization_type\":\"" + (refund ? "REFUND" : "PURCHASE") + "\"}}";
    }
}
