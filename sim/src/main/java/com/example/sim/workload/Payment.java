package com.example.sim.workload;

/**
 * One payment a producer means to make, and what the oracles need to know of it; its messages are
 * the generator's ({@link Workload#messages()}).
 *
 * @param index       its place in the workload (what a shrunk trace keeps)
 * @param txnId       the transaction id
 * @param account     the account it posts to
 * @param amountMinor the amount, minor units
 * @param refund      a refund (adds funds) or a purchase
 * @param at          when its producer first sends it, virtual micros
 * @param conflicting whether another operation is sent under its transaction id (a producer bug)
 * @param poison      whether its body is unreadable (never a payment the oracles expect decided)
 * @param late        whether it was approved a month before the run (its record since expired, its
 *                    ledger entry and debit kept) and is sent again in it: never to be decided again
 */
public record Payment(int index, String txnId, String account, long amountMinor, boolean refund, long at,
               boolean conflicting, boolean poison, boolean late) {

    /** Whether the oracles expect it decided, once: neither poison nor contested by a conflicting operation. */
    public boolean good() {
        return !poison && !conflicting;
    }
}
