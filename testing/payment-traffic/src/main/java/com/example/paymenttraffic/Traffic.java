package com.example.paymenttraffic;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A run's traffic, drawn from a profile and a seed: the accounts it opens with, its payments,
 * and every message its producers send, in the order of each {@link Send.Moment}. What it must
 * lead to is the reference model's ({@code reference.ReferenceModel}), fed these sends.
 *
 * @param accounts the accounts the run opens, as it opens them
 * @param payments the payments, one operation per transaction id, by index
 * @param sends         every message, the stream's first in the order sent, then the later moments'
 * @param appliedBefore the payments approved before the run ({@link TrafficProfile#appliedBefore}),
 *                      among {@code payments}: their ledger entries exist as the run starts
 */
public record Traffic(List<Account> accounts, List<Operation> payments, List<Send> sends, List<Operation> appliedBefore) {

    public Traffic {
        accounts = List.copyOf(accounts);
        payments = List.copyOf(payments);
        sends = List.copyOf(sends);
        appliedBefore = List.copyOf(appliedBefore);
    }

    /** The traffic {@code profile} draws from {@code seed}: the same seed, the same traffic. */
    public static Traffic generate(TrafficProfile profile, long seed) {
        return new Generator(Objects.requireNonNull(profile, "profile"), new Seeds(seed)).traffic();
    }

    /** The messages sent at {@code moment}, in the order sent. */
    public List<Send> sends(Send.Moment moment) {
        return sends.stream().filter(send -> send.moment() == moment).toList();
    }

    /** How many messages are {@code kind}. */
    public long count(Send.Kind kind) {
        return sends.stream().filter(send -> send.kind() == kind).count();
    }

    /** The payments' transaction ids (poison has none). */
    public Set<String> transactions() {
        Set<String> ids = new LinkedHashSet<>();
        payments.forEach(payment -> ids.add(payment.transactionId()));
        return ids;
    }
}
