package com.example.paymenttraffic;

import java.time.Duration;
import java.util.Objects;
import java.util.function.IntPredicate;

/**
 * What a harness's traffic is made of: accounts, payments, their copies, conflicts and poison.
 * Set what differs from the defaults (one rich account, 100 purchases of 1.00 to 200.99 EUR,
 * nothing else), then {@link Traffic#generate}. Shares are probabilities, drawn per payment.
 */
public final class TrafficProfile {

    String name = "T";
    String accountsName;
    String currency = "EUR";
    int richAccounts = 1;
    long richBalance = 1_000_000_000L;
    int poorAccounts;
    long poorBalance;
    int payments = 100;
    long minAmount = 100;
    long maxAmount = 20_100;
    double unknownShare;
    int unknownEvery;
    double poorShare;
    double refundShare;
    double redeliveryShare;
    double producerRetryShare;
    double sameBatchShare;
    double lateRetryShare;
    int copies;
    double afterTtlApprovedShare;
    double afterTtlDeclinedShare;
    int conflicts;
    int poison;
    Send.Moment poisonMoment = Send.Moment.AFTER_DECIDED;
    IntPredicate kept = index -> true;
    long minOpening = -1;
    long maxOpening = -1;
    int hotAccounts;
    double hotShare;
    double appliedBeforeShare;
    long minRefund = -1;
    long maxRefund = -1;
    int mostRetries = 1;
    long conflictAmountDelta;
    boolean accountsInTurn;
    boolean inPaymentOrder;
    int tooOld;
    Duration tooOldAge = Duration.ZERO;

    /** A profile whose ids carry {@code name} ({@code TXN-<name>-7}, {@code ACC-<name>-03}). */
    public static TrafficProfile named(String name) {
        TrafficProfile profile = new TrafficProfile();
        profile.name = name;
        return profile;
    }

    /**
     * The accounts carry {@code name} ({@code ACC-<name>-03}) instead of the profile's: two
     * profiles of one run, their transaction ids apart, post to the same accounts.
     */
    public TrafficProfile onAccountsOf(String name) {
        accountsName = Objects.requireNonNull(name, "name");
        return this;
    }

    /**
     * Payment {@code i} goes to the {@code i}th account in turn instead of a drawn one: among the
     * rich accounts that are not hot ({@link #hotAccounts}) when it goes to a rich one, among the
     * poor ones when to a poor one. Nothing else is drawn differently.
     */
    public TrafficProfile accountsInTurn() {
        accountsInTurn = true;
        return this;
    }

    /**
     * The stream sent in the payments' order (each copy right behind its payment) instead of a
     * drawn order: with {@link #accountsInTurn}, {@code n} consecutive payments go to {@code n}
     * accounts when there are that many. Nothing else is drawn differently.
     */
    public TrafficProfile inPaymentOrder() {
        inPaymentOrder = true;
        return this;
    }

    /** {@code count} accounts rich enough that no payment of the traffic can be declined for funds. */
    public TrafficProfile richAccounts(int count, long balanceMinor) {
        richAccounts = positive(count, "rich accounts");
        richBalance = balanceMinor;
        return this;
    }

    /**
     * The rich accounts' opening balances drawn per account from {@code min} to {@code max} minor
     * units (both included) instead of one balance: then a purchase may be declined for want of
     * funds, and a top-up may let a later one through, so the order of decisions matters.
     */
    public TrafficProfile openingBalances(long min, long max) {
        range(0, min, max, "opening balances");
        minOpening = min;
        maxOpening = max;
        return this;
    }

    /** {@code share} of the payments to rich accounts go to the first {@code count} of them (hot accounts). */
    public TrafficProfile hotAccounts(int count, double share) {
        hotAccounts = Math.min(positive(count, "hot accounts"), richAccounts);
        hotShare = share;
        return this;
    }

    /**
     * {@code share} of the payments were approved before the run (their records since expired,
     * their ledger entries kept, each for more than its account opens the run with) and are sent
     * again in the stream by their producer: never to be decided again ({@link Traffic#appliedBefore}).
     */
    public TrafficProfile appliedBefore(double share) {
        appliedBeforeShare = share;
        return this;
    }

    /**
     * Refunds (top-ups) of {@code min} to {@code max} minor units (both included) instead of the
     * payments' range: drawn after every other draw of a payment, so a profile that leaves it
     * unset draws as before.
     */
    public TrafficProfile refundAmounts(long min, long max) {
        range(1, min, max, "refund amounts");
        minRefund = min;
        maxRefund = max;
        return this;
    }

    /**
     * A payment its producer sends again ({@link #copyShares}'s producer retries) is sent again
     * 1 to {@code most} times, each under a new message id (drawn after every other draw).
     */
    public TrafficProfile producerRetries(int most) {
        mostRetries = positive(most, "producer retries");
        return this;
    }

    /**
     * A conflict ({@link #undecidable}) states {@code deltaMinor} more than its original as well as
     * another merchant: whichever of the two is decided first shows in the balances.
     */
    public TrafficProfile conflictsChangeTheAmount(long deltaMinor) {
        if (deltaMinor < 1) {
            throw new IllegalArgumentException("a conflict's amount delta must be >= 1, got " + deltaMinor);
        }
        conflictAmountDelta = deltaMinor;
        return this;
    }

    /** {@code count} accounts holding less than the smallest amount: a purchase to them is declined in any order. */
    public TrafficProfile poorAccounts(int count, long balanceMinor) {
        poorAccounts = count;
        poorBalance = balanceMinor;
        return this;
    }

    /** {@code count} payments, each of {@code minAmount} to {@code maxAmount} minor units (both included). */
    public TrafficProfile payments(int count, long minAmount, long maxAmount) {
        payments = positive(count, "payments");
        if (minAmount < 1 || maxAmount < minAmount) {
            throw new IllegalArgumentException("amounts must be 1 <= min <= max, got " + minAmount + ".." + maxAmount);
        }
        this.minAmount = minAmount;
        this.maxAmount = maxAmount + 1;
        return this;
    }

    /** Of the payments: to an account that does not exist, to a poor one (purchases), refunds (top-ups) among the rest. */
    public TrafficProfile mix(double unknown, double poor, double refunds) {
        unknownShare = unknown;
        poorShare = poor;
        refundShare = refunds;
        return this;
    }

    /** Every {@code n}th payment (the {@code n}th, the {@code 2n}th, ...) to an account that does not exist. */
    public TrafficProfile unknownAccountEvery(int n) {
        unknownEvery = positive(n, "unknown account period");
        return this;
    }

    /**
     * Per payment, at most one copy: sent again as it was, by its producer under a new message
     * id, right behind its original, or by its producer once everything was decided.
     */
    public TrafficProfile copyShares(double redelivery, double producerRetry, double sameBatch, double lateRetry) {
        redeliveryShare = redelivery;
        producerRetryShare = producerRetry;
        sameBatchShare = sameBatch;
        lateRetryShare = lateRetry;
        return this;
    }

    /** {@code count} copies in all, in turn a redelivery and a producer retry, payment by payment, round after round. */
    public TrafficProfile copies(int count) {
        copies = count;
        return this;
    }

    /** Producer retries after the records' TTL: of this share of approved payments and of declined ones. */
    public TrafficProfile afterTtl(double approved, double declined) {
        afterTtlApprovedShare = approved;
        afterTtlDeclinedShare = declined;
        return this;
    }

    /** {@code count} conflicts (sent once everything was decided) and {@code poisonCount} poison messages, sent at {@code poisonAt}. */
    public TrafficProfile undecidable(int count, int poisonCount, Send.Moment poisonAt) {
        conflicts = count;
        poison = poisonCount;
        poisonMoment = poisonAt;
        return this;
    }

    /**
     * {@code count} new purchases of the first rich account, each issued {@code age} before it is
     * sent once everything was decided ({@link Send.Kind#TOO_OLD}): a receiver whose age bound is
     * shorter refuses each as too old. Drawn from nothing: the other payments' draws stay.
     */
    public TrafficProfile tooOld(int count, Duration age) {
        if (count < 0 || count > 0 && (age.isNegative() || age.isZero())) {
            throw new IllegalArgumentException("too old: a count of at least 0, issued a positive age before sent");
        }
        tooOld = count;
        tooOldAge = age;
        return this;
    }

    /**
     * Only the payments whose index {@code kept} accepts (a shrinker's step): the others are
     * neither drawn nor sent, and no kept payment's draws change.
     */
    public TrafficProfile keeping(IntPredicate kept) {
        this.kept = Objects.requireNonNull(kept, "kept");
        return this;
    }

    /** The id of account {@code index}. */
    public String account(int index) {
        return String.format("ACC-%s-%02d", accountsName(), index);
    }

    /** The id of the account no payment can be posted to. */
    public String unknownAccount() {
        return "ACC-" + accountsName() + "-404";
    }

    private String accountsName() {
        return accountsName == null ? name : accountsName;
    }

    /** The number of accounts a run opens. */
    public int accounts() {
        return richAccounts + poorAccounts;
    }

    private static void range(long least, long min, long max, String what) {
        if (min < least || max < min) {
            throw new IllegalArgumentException(what + " must be " + least + " <= min <= max, got " + min + ".." + max);
        }
    }

    private static int positive(int value, String what) {
        if (value < 1) {
            throw new IllegalArgumentException(what + " must be >= 1, got " + value);
        }
        return value;
    }
}
