package com.example.sim.workload;

import com.example.sim.Profile;
import com.example.sim.runtime.Scheduler;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.IntPredicate;

/**
 * The payments of a run, drawn from its seed: spread over the traffic period and in bursts (a
 * sale), a share on a few hot accounts, a quarter refunds (which top accounts up, so that a
 * payment declined for want of funds could be approved later), some sent again by their producer,
 * a few contested by a conflicting operation, a few unreadable, and a few approved a month before
 * the run and sent again in it (each more than its account opens the run with).
 */
public final class Workload {

    private final List<Payment> payments;
    private final Payment[] byIndex;
    private final List<Long> initialBalances;

    private Workload(List<Payment> payments, int total, List<Long> initialBalances) {
        this.payments = payments;
        this.byIndex = new Payment[total];
        payments.forEach(p -> byIndex[p.index()] = p);
        this.initialBalances = initialBalances;
    }

    public static Workload draw(Profile profile, SplittableRandom random, IntPredicate kept) {
        long span = Scheduler.micros(profile.traffic());
        long[] burstStart = new long[profile.bursts()];
        long[] burstLength = new long[profile.bursts()];
        for (int b = 0; b < profile.bursts(); b++) {
            burstStart[b] = random.nextLong(span);
            burstLength[b] = random.nextLong(10_000_000, 300_000_000);
        }
        List<Long> balances = new ArrayList<>();
        for (int a = 0; a < profile.accounts(); a++) {
            balances.add(random.nextLong(0, 100_000));
        }
        List<Payment> payments = new ArrayList<>();
        for (int i = 0; i < profile.payments(); i++) {
            long at = profile.bursts() > 0 && random.nextDouble() < profile.burstShare()
                    ? at(random, burstStart, burstLength, span) : random.nextLong(span);
            int account = random.nextDouble() < profile.hotShare() ? random.nextInt(profile.hotAccounts())
                    : profile.hotAccounts() + random.nextInt(profile.accounts() - profile.hotAccounts());
            boolean refund = random.nextDouble() < 0.25;
            long amount = refund ? random.nextLong(1_000, 50_000) : random.nextLong(100, 30_000);
            double kind = random.nextDouble();
            int retries = kind < 0.08 ? 1 + random.nextInt(2) : 0;
            boolean conflicting = kind >= 0.08 && kind < 0.082;
            boolean poison = kind >= 0.082 && kind < 0.084;
            // A purchase approved a month ago, when the account held more than it opens the run with.
            boolean late = kind >= 0.084 && kind < 0.084 + profile.lateShare();
            Payment payment = late
                    ? new Payment(i, "TXN-" + i, account(account), balances.get(account) + amount, false, at, 0, false, false, true)
                    : new Payment(i, "TXN-" + i, account(account), amount, refund, at, retries, conflicting, poison, false);
            if (kept.test(i)) {
                payments.add(payment);
            }
        }
        payments.sort(Comparator.comparingLong(Payment::at).thenComparingInt(Payment::index));
        return new Workload(List.copyOf(payments), profile.payments(), List.copyOf(balances));
    }

    private static long at(SplittableRandom random, long[] start, long[] length, long span) {
        int b = random.nextInt(start.length);
        return Math.min(span - 1, start[b] + random.nextLong(length[b]));
    }

    public static String account(int index) {
        return "ACC-" + index;
    }

    public List<Payment> payments() {
        return payments;
    }

    public List<Long> initialBalances() {
        return initialBalances;
    }

    public Optional<Payment> byTxn(String txnId) {
        if (!txnId.startsWith("TXN-")) {
            return Optional.empty();
        }
        try {
            int index = Integer.parseInt(txnId.substring(4));
            return index >= 0 && index < byIndex.length ? Optional.ofNullable(byIndex[index]) : Optional.empty();
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
