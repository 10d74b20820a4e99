package com.example.bench.cost;

import com.example.paymenttraffic.TrafficProfile;

/**
 * The traffic a cost run sends: {@code payments} distinct payments, as many copies of them as make
 * {@code duplicateRate} of all deliveries duplicates, {@code hotShare} of the payments on one hot
 * account (the rest spread over many), delivered in batches of {@code batchSize}; drawn by the one
 * traffic generator from {@link #profile}.
 */
public record TrafficMix(int payments, double duplicateRate, double hotShare, int batchSize) {

    /** The default mix: 10 % of deliveries duplicates, 5 % of payments on a hot account. */
    public static final double DEFAULT_DUPLICATE_RATE = 0.10;
    public static final double DEFAULT_HOT_SHARE = 0.05;

    public TrafficMix {
        if (payments < 1) {
            throw new IllegalArgumentException("payments must be at least 1, was " + payments);
        }
        if (!(duplicateRate >= 0 && duplicateRate <= 0.9)) {
            throw new IllegalArgumentException("the duplicate rate must be between 0 and 0.9 (a share of deliveries), was " + duplicateRate);
        }
        if (!(hotShare >= 0 && hotShare <= 1)) {
            throw new IllegalArgumentException("the hot-account share must be between 0 and 1 (a share of payments), was " + hotShare);
        }
        if (batchSize < 1 || batchSize > 10_000) {
            throw new IllegalArgumentException("the batch size must be 1-10000 (an SQS event source's range), was " + batchSize);
        }
    }

    /** The copies to send: {@code duplicates / (payments + duplicates)} is the duplicate rate, rounded. */
    public int duplicates() {
        return (int) Math.round(payments * duplicateRate / (1 - duplicateRate));
    }

    /**
     * The mix as a profile of the one traffic generator, named {@code name}: {@code accounts}
     * accounts holding {@code balanceMinor}, the first of them hot (each payment drawn onto it with
     * the probability {@code hotShare}), the others taking the rest in turn; every payment a
     * purchase of {@code amountMinor}; {@link #duplicates} copies, in turn a redelivery and a
     * producer's retry.
     */
    public TrafficProfile profile(String name, int accounts, long balanceMinor, long amountMinor) {
        TrafficProfile profile = TrafficProfile.named(name).richAccounts(accounts, balanceMinor).payments(payments, amountMinor, amountMinor)
                .copies(duplicates()).accountsInTurn();
        return hotShare > 0 ? profile.hotAccounts(1, hotShare) : profile;
    }

    /** Every delivery: the payments and their copies. */
    public int deliveries() {
        return payments + duplicates();
    }
}
