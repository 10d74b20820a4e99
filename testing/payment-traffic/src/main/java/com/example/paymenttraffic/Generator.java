package com.example.paymenttraffic;

import com.example.payment.AuthorizationType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * Draws a {@link Traffic}: each payment, its copies and its place in the stream from its own
 * random stream ({@link Seeds}), always in the same order of draws, whatever the profile uses.
 */
final class Generator {

    private static final String MERCHANT_CATEGORY = "5411";

    /** What a payment drew for its copies and its place in the stream. */
    private record Draws(long order, double copy, long copyOrder, double late, int retries) {
    }

    /** A stream message and the key it is ordered by (drawn from its payment's stream). */
    private record Placed(long order, Send send, Optional<Send> sameBatch) {
    }

    private final TrafficProfile profile;
    private final Seeds seeds;
    private final List<Placed> stream = new ArrayList<>();
    private final List<Send> afterDecided = new ArrayList<>();
    private final List<Send> afterTtl = new ArrayList<>();
    private final List<Operation> payments = new ArrayList<>();
    private final List<Operation> appliedBefore = new ArrayList<>();
    private final List<Account> accounts = new ArrayList<>();

    Generator(TrafficProfile profile, Seeds seeds) {
        this.profile = profile;
        this.seeds = seeds;
    }

    Traffic traffic() {
        for (int a = 0; a < profile.accounts(); a++) {
            boolean rich = a < profile.richAccounts;
            long drawn = profile.minOpening < 0 ? profile.richBalance
                    : seeds.stream(Seeds.Component.ACCOUNTS, a).nextLong(profile.minOpening, profile.maxOpening + 1);
            accounts.add(new Account(profile.account(a), rich ? drawn : profile.poorBalance, profile.currency, true));
        }
        Map<Integer, Operation> byIndex = new HashMap<>();
        for (int i = 0; i < profile.payments; i++) {
            if (profile.kept.test(i)) {
                byIndex.put(i, payment(i));
            }
        }
        for (int c = 0; c < profile.conflicts; c++) {
            Operation original = byIndex.get(c * Math.max(1, profile.payments / profile.conflicts) % profile.payments);
            if (original == null) {
                continue;
            }
            Operation conflicting = original.conflicting(profile.conflictAmountDelta);
            afterDecided.add(new Send(PaymentMessages.message(conflicting, messageId(original, "conflict"), PaymentMessages.RETRIED),
                    Send.Kind.CONFLICT, Send.Moment.AFTER_DECIDED, original.transactionId(), Optional.of(conflicting)));
        }
        for (int p = 0; p < profile.poison; p++) {
            poison(p);
        }
        for (int t = 0; t < profile.tooOld; t++) {
            Operation old = new Operation("TXN-" + profile.name + "-OLD-" + t, profile.account(0), profile.minAmount,
                    profile.currency, AuthorizationType.PURCHASE, profile.name + " Merchant", MERCHANT_CATEGORY);
            afterDecided.add(new Send(PaymentMessages.message(old, messageId(old, "0"), PaymentMessages.CREATED), Send.Kind.TOO_OLD,
                    Send.Moment.AFTER_DECIDED, old.transactionId(), Optional.of(old), profile.tooOldAge));
        }
        List<Send> sends = new ArrayList<>();
        stream.sort(Comparator.comparingLong(Placed::order));
        stream.forEach(placed -> {
            sends.add(placed.send());
            placed.sameBatch().ifPresent(sends::add);
        });
        sends.addAll(afterDecided);
        sends.addAll(afterTtl);
        return new Traffic(accounts, payments, sends, appliedBefore);
    }

    private Operation payment(int i) {
        SplittableRandom random = seeds.stream(Seeds.Component.PAYMENTS, i);
        double where = random.nextDouble();
        int rich = random.nextInt(profile.richAccounts);
        int poor = profile.poorAccounts == 0 ? 0 : random.nextInt(profile.poorAccounts);
        boolean refund = random.nextDouble() < profile.refundShare;
        long amount = random.nextLong(profile.minAmount, profile.maxAmount);
        double copy = random.nextDouble();
        long order = random.nextLong();
        long copyOrder = random.nextLong();
        double late = random.nextDouble();
        boolean hot = random.nextDouble() < profile.hotShare;
        int hotAccount = random.nextInt(Math.max(1, profile.hotAccounts));
        boolean before = random.nextDouble() < profile.appliedBeforeShare;
        // the options drawn last, only when set: a profile without them draws what it drew before
        if (refund && profile.minRefund >= 0) {
            amount = random.nextLong(profile.minRefund, profile.maxRefund + 1);
        }
        int retries = profile.mostRetries > 1 ? 1 + random.nextInt(profile.mostRetries) : 1;
        if (profile.inPaymentOrder) {
            order = i;
            copyOrder = i;
        }
        if (profile.unknownEvery > 0 && i % profile.unknownEvery == profile.unknownEvery - 1 || where < profile.unknownShare) {
            return decided(i, new Draws(order, copy, copyOrder, late, retries), random,
                    operation(i, profile.unknownAccount(), amount, false), false);
        }
        if (profile.accountsInTurn) {
            poor = profile.poorAccounts == 0 ? 0 : i % profile.poorAccounts;
            int cold = profile.richAccounts - profile.hotAccounts;
            rich = cold > 0 ? profile.hotAccounts + i % cold : i % profile.richAccounts;
        }
        if (profile.poorAccounts > 0 && where < profile.unknownShare + profile.poorShare) {
            return decided(i, new Draws(order, copy, copyOrder, late, retries), random,
                    operation(i, profile.account(profile.richAccounts + poor), amount, false), amount <= profile.poorBalance);
        }
        int index = hot && profile.hotAccounts > 0 ? hotAccount : rich;
        long opening = accounts.get(index).balanceMinor();
        if (before && !refund) {
            // approved a month ago, when the account held more than it opens the run with
            Operation earlier = operation(i, profile.account(index), opening + amount, false);
            payments.add(earlier);
            appliedBefore.add(earlier);
            stream.add(new Placed(order, retry(earlier, "r", Send.Moment.STREAM), Optional.empty()));
            return earlier;
        }
        return decided(i, new Draws(order, copy, copyOrder, late, retries), random,
                operation(i, profile.account(index), amount, refund), refund || amount <= opening);
    }

    private Operation operation(int i, String account, long amount, boolean refund) {
        return new Operation("TXN-" + profile.name + "-" + i, account, amount, profile.currency,
                refund ? AuthorizationType.REFUND : AuthorizationType.PURCHASE, profile.name + " Merchant", MERCHANT_CATEGORY);
    }

    /**
     * A payment to be decided in the run, its copies and its retries; {@code payable}: whether
     * its account can pay it as the run opens (then its share of retries after the TTL is the
     * approved payments').
     */
    private Operation decided(int i, Draws draws, SplittableRandom random, Operation operation, boolean payable) {
        double copy = draws.copy();
        payments.add(operation);
        Send original = send(operation, messageId(operation, "0"), PaymentMessages.CREATED, Send.Kind.NEW, Send.Moment.STREAM);
        boolean sameBatch = copy >= profile.redeliveryShare + profile.producerRetryShare
                && copy < profile.redeliveryShare + profile.producerRetryShare + profile.sameBatchShare;
        stream.add(new Placed(draws.order(), original, sameBatch
                ? Optional.of(send(operation, messageId(operation, "0"), PaymentMessages.CREATED, Send.Kind.SAME_BATCH, Send.Moment.STREAM))
                : Optional.empty()));
        if (copy < profile.redeliveryShare) {
            stream.add(new Placed(draws.copyOrder(), send(operation, messageId(operation, "0"), PaymentMessages.CREATED,
                    Send.Kind.REDELIVERY, Send.Moment.STREAM), Optional.empty()));
        } else if (copy < profile.redeliveryShare + profile.producerRetryShare) {
            for (int r = 1; r <= draws.retries(); r++) {
                stream.add(new Placed(draws.copyOrder(), retry(operation, r == 1 ? "r" : "r" + r, Send.Moment.STREAM), Optional.empty()));
            }
        } else if (!sameBatch && copy < profile.redeliveryShare + profile.producerRetryShare + profile.sameBatchShare
                + profile.lateRetryShare) {
            afterDecided.add(retry(operation, "late", Send.Moment.AFTER_DECIDED));
        }
        for (int c = i; c < profile.copies; c += profile.payments) {
            long placed = random.nextLong();
            stream.add(new Placed(profile.inPaymentOrder ? i : placed, c % 2 == 0
                    ? send(operation, messageId(operation, "0"), PaymentMessages.CREATED, Send.Kind.REDELIVERY, Send.Moment.STREAM)
                    : retry(operation, "c" + c, Send.Moment.STREAM), Optional.empty()));
        }
        if (draws.late() < (payable ? profile.afterTtlApprovedShare : profile.afterTtlDeclinedShare)) {
            afterTtl.add(retry(operation, "ttl", Send.Moment.AFTER_TTL));
        }
        return operation;
    }

    private void poison(int p) {
        SplittableRandom random = seeds.stream(Seeds.Component.POISON, p);
        long order = random.nextLong();
        Operation basis = new Operation("TXN-" + profile.name + "-POISON-" + p, profile.account(0), profile.minAmount,
                profile.currency, AuthorizationType.PURCHASE, profile.name + " Merchant", MERCHANT_CATEGORY);
        Send send = new Send(PaymentMessages.poison(p, basis), Send.Kind.POISON, profile.poisonMoment, "POISON-" + p, Optional.empty());
        if (profile.poisonMoment == Send.Moment.STREAM) {
            stream.add(new Placed(order, send, Optional.empty()));
        } else if (profile.poisonMoment == Send.Moment.AFTER_DECIDED) {
            afterDecided.add(send);
        } else {
            afterTtl.add(send);
        }
    }

    private Send retry(Operation operation, String attempt, Send.Moment moment) {
        return send(operation, messageId(operation, attempt), PaymentMessages.RETRIED, Send.Kind.PRODUCER_RETRY, moment);
    }

    private static Send send(Operation operation, String messageId, String timestamp, Send.Kind kind, Send.Moment moment) {
        return new Send(PaymentMessages.message(operation, messageId, timestamp), kind, moment, operation.transactionId(),
                Optional.of(operation));
    }

    private static String messageId(Operation operation, String attempt) {
        return "msg-" + operation.transactionId() + "-" + attempt;
    }
}
