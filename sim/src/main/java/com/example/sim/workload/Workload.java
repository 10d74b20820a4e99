package com.example.sim.workload;

import com.example.paymenttraffic.Account;
import com.example.paymenttraffic.Operation;
import com.example.paymenttraffic.Seeds;
import com.example.paymenttraffic.Send;
import com.example.paymenttraffic.Traffic;
import com.example.paymenttraffic.TrafficProfile;
import com.example.sim.runtime.Scheduler;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.IntPredicate;

/**
 * The payments of a run, drawn by the one traffic generator ({@link Traffic}) from the run's seed:
 * opening balances drawn per account, a share on a few hot accounts, a quarter refunds (which top
 * accounts up, so that a payment declined for want of funds could be approved later), some sent
 * again by their producer, a few contested by a conflicting operation, a few unreadable, and a
 * few approved a month before the run and sent again in it (each more than its account opens the
 * run with). When each message is sent is the simulation's own draw, from each payment's
 * {@link Seeds.Component#SCHEDULE} stream: spread over the traffic period and in bursts (a sale),
 * a producer's retry up to ten minutes after, a conflict up to an hour after. A payment shrunk
 * away leaves every other payment's draws, and times, as they were.
 */
public final class Workload {

    /** The run's traffic: its name is in every id ({@code TXN-S-7}, {@code ACC-S-03}). */
    private static final String NAME = "S";
    /** The bursts' own stream, apart from every payment's. */
    private static final long BURSTS = -1;

    /**
     * One message a producer sends.
     *
     * @param at      when, virtual micros
     * @param send    the message, as the generator drew it
     * @param payment the payment it is of
     */
    public record Message(long at, Send send, Payment payment) {
    }

    private final Traffic traffic;
    private final List<Payment> payments;
    private final List<Message> messages;
    private final Map<String, Payment> byTxn = new HashMap<>();
    private final Map<String, List<Operation>> operations = new HashMap<>();

    private Workload(Traffic traffic, List<Payment> payments, List<Message> messages) {
        this.traffic = traffic;
        this.payments = payments;
        this.messages = messages;
        payments.forEach(p -> byTxn.put(p.txnId(), p));
        messages.forEach(m -> m.send().operation().ifPresent(o -> {
            List<Operation> stated = operations.computeIfAbsent(o.transactionId(), t -> new ArrayList<>());
            if (!stated.contains(o)) {
                stated.add(o);
            }
        }));
    }

    /** What the generator draws for the simulation's {@code mix}: the payments {@code kept} accepts. */
    static TrafficProfile traffic(Mix mix, IntPredicate kept) {
        int rare = Math.max(1, (int) Math.round(mix.payments() * 0.002));
        return TrafficProfile.named(NAME).richAccounts(mix.accounts(), 0).openingBalances(0, 99_999)
                .hotAccounts(mix.hotAccounts(), mix.hotShare())
                .payments(mix.payments(), 100, 29_999).refundAmounts(1_000, 49_999).mix(0, 0, 0.25)
                .copyShares(0, 0.08, 0, 0).producerRetries(2)
                .undecidable(rare, rare, Send.Moment.STREAM).conflictsChangeTheAmount(100)
                .appliedBefore(mix.lateShare())
                .keeping(kept);
    }

    /** The payments and poison of a run ({@code payments} of them, then the poison), as many as a trace can keep. */
    public static int size(Mix mix) {
        return mix.payments() + Math.max(1, (int) Math.round(mix.payments() * 0.002));
    }

    public static Workload draw(Mix mix, long seed, IntPredicate kept) {
        Traffic traffic = Traffic.generate(traffic(mix, kept), seed);
        Seeds seeds = new Seeds(seed);
        Schedule schedule = new Schedule(mix, seeds.stream(Seeds.Component.SCHEDULE, BURSTS));
        Set<Operation> before = new HashSet<>(traffic.appliedBefore());
        Map<String, List<Send>> byKey = new HashMap<>();
        traffic.sends().forEach(send -> byKey.computeIfAbsent(send.key(), k -> new ArrayList<>()).add(send));
        List<Payment> payments = new ArrayList<>();
        List<Message> messages = new ArrayList<>();
        for (Map.Entry<String, List<Send>> entry : byKey.entrySet()) {
            List<Send> sends = entry.getValue();
            Send first = sends.get(0);
            int index = first.kind() == Send.Kind.POISON
                    ? mix.payments() + Integer.parseInt(entry.getKey().substring("POISON-".length()))
                    : Integer.parseInt(entry.getKey().substring(("TXN-" + NAME + "-").length()));
            if (!kept.test(index)) {
                continue;
            }
            SplittableRandom random = seeds.stream(Seeds.Component.SCHEDULE, index);
            long at = schedule.at(random);
            Payment payment = first.operation().map(o -> new Payment(index, o.transactionId(), o.accountId(), o.amountMinor(),
                            o.balanceChange() > 0, at, sends.stream().anyMatch(s -> s.kind() == Send.Kind.CONFLICT), false,
                            before.contains(o)))
                    .orElseGet(() -> new Payment(index, first.key(), traffic.accounts().get(0).id(), 0, false, at, false, true, false));
            payments.add(payment);
            for (Send send : sends) {
                long delay = send == first ? 0 : send.kind() == Send.Kind.CONFLICT
                        ? random.nextLong(1_000_000, 3_600_000_000L) : random.nextLong(1_000_000, 600_000_000);
                messages.add(new Message(at + delay, send, payment));
            }
        }
        payments.sort(Comparator.comparingLong(Payment::at).thenComparingInt(Payment::index));
        messages.sort(Comparator.comparingLong(Message::at).thenComparingInt(m -> m.payment().index()));
        return new Workload(traffic, List.copyOf(payments), List.copyOf(messages));
    }

    /** The payments, poison among them, in the order their first message is sent. */
    public List<Payment> payments() {
        return payments;
    }

    /** Every message the producers send, in the order sent. */
    public List<Message> messages() {
        return messages;
    }

    /** The accounts as the run opens them. */
    public List<Account> accounts() {
        return traffic.accounts();
    }

    /** The payments approved before the run ({@link History}). */
    public List<Operation> appliedBefore() {
        return traffic.appliedBefore();
    }

    public Optional<Payment> byTxn(String txnId) {
        return Optional.ofNullable(byTxn.get(txnId));
    }

    /**
     * The operation sent under {@code txnId} whose approval changes its account by {@code change}:
     * the one decided, of an original and its conflict; the first sent when {@code change} is
     * empty or matches none.
     */
    public Optional<Operation> operation(String txnId, Optional<Long> change) {
        List<Operation> stated = operations.getOrDefault(txnId, List.of());
        return stated.stream().filter(o -> change.isPresent() && o.balanceChange() == change.get()).findFirst()
                .or(() -> stated.stream().findFirst());
    }

    /** When a payment's first message is sent: in a burst (a sale) or anywhere in the traffic period. */
    private static final class Schedule {

        private final Mix mix;
        private final long span;
        private final long[] burstStart;
        private final long[] burstLength;

        Schedule(Mix mix, SplittableRandom random) {
            this.mix = mix;
            this.span = Scheduler.micros(mix.traffic());
            this.burstStart = new long[mix.bursts()];
            this.burstLength = new long[mix.bursts()];
            for (int b = 0; b < mix.bursts(); b++) {
                burstStart[b] = random.nextLong(span);
                burstLength[b] = random.nextLong(10_000_000, 300_000_000);
            }
        }

        long at(SplittableRandom random) {
            if (mix.bursts() > 0 && random.nextDouble() < mix.burstShare()) {
                int b = random.nextInt(burstStart.length);
                return Math.min(span - 1, burstStart[b] + random.nextLong(burstLength[b]));
            }
            return random.nextLong(span);
        }
    }
}
