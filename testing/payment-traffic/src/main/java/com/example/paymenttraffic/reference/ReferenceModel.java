package com.example.paymenttraffic.reference;

import com.example.payment.AuthorizationType;
import com.example.payment.DeclineReason;
import com.example.paymenttraffic.Account;
import com.example.paymenttraffic.Operation;
import com.example.paymenttraffic.Send;
import com.example.paymenttraffic.Traffic;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The payments' outcome computed one message at a time, as if the receiver decided them in that
 * order: feed {@link #decide} what was sent in the order of each transaction's first decision
 * (the order the system under test decided them in, or any order when the accounts make the
 * outcome independent of it, as {@link #replay} assumes), and read what every message's answer
 * and every account's balance, ledger entry and record must be. A system that reads a decision at
 * one moment and writes it at a later one (the simulation's declines: the funds read when the
 * transaction is cancelled, the record put after) feeds it in two steps, {@link #judge} at the
 * first and {@link #take} at the second.
 *
 * <p>The rules: a message without a payment is rejected, and so is a payment issued longer ago
 * than the receiver's age bound ({@link Send.Kind#TOO_OLD}), neither looked up nor written. A transaction with a record is a
 * duplicate when the operation is the recorded one, a conflict otherwise. Without a record, a
 * ledger entry makes it a late duplicate (or a conflict, when the operation differs). Otherwise
 * the account decides: unknown, blocked, in another currency, short of the funds for a purchase
 * (each a decline, recorded); or it is applied: balance, ledger entry and record.
 */
public final class ReferenceModel {

    private final Map<String, Account> accounts = new LinkedHashMap<>();
    private final Map<String, Long> balances = new TreeMap<>();
    private final Map<String, LedgerEntry> ledger = new LinkedHashMap<>();
    /** The records that still guard their transaction (not expired). */
    private final Map<String, Decision> records = new LinkedHashMap<>();
    /** Every record written, the last per transaction, expired or not: what the table holds. */
    private final Map<String, Decision> written = new LinkedHashMap<>();
    private final List<Decision> decisions = new ArrayList<>();

    /** A model of {@code accounts} as a run opens them, with no record and no ledger entry. */
    public ReferenceModel(Collection<Account> accounts) {
        for (Account account : accounts) {
            this.accounts.put(account.id(), account);
            balances.put(account.id(), account.balanceMinor());
        }
    }

    /**
     * {@code traffic} decided in the order sent: the stream, what is sent once it was decided,
     * then the records expire and what is sent after their TTL. Valid when the traffic's
     * accounts make the outcome independent of the order (no account that one payment's funds
     * decide another's for).
     */
    public static ReferenceModel replay(Traffic traffic) {
        ReferenceModel model = new ReferenceModel(traffic.accounts());
        traffic.appliedBefore().forEach(model::appliedBefore);
        traffic.sends(Send.Moment.STREAM).forEach(model::decide);
        traffic.sends(Send.Moment.AFTER_DECIDED).forEach(model::decide);
        model.recordsExpired();
        traffic.sends(Send.Moment.AFTER_TTL).forEach(model::decide);
        return model;
    }

    /** {@code operation} was applied before the run: its ledger entry stays, its record since expired. */
    public void appliedBefore(Operation operation) {
        ledger.put(operation.transactionId(), LedgerEntry.of(operation));
    }

    /** The decision for {@code send}, next in order; what it writes is written. */
    public Decision decide(Send send) {
        Decision decision = send.kind() == Send.Kind.TOO_OLD ? new Decision.Rejected(send.key(), true)
                : send.operation().map(this::judge).orElseGet(() -> new Decision.Rejected(send.key()));
        take(decision);
        return decision;
    }

    /**
     * The decision {@code operation} gets if it is decided now, writing nothing: what
     * {@link #decide} would answer for a message of it. With {@link #take}, a caller whose
     * decisions are read at one moment (a condition checked) and written at a later one (the
     * record put) feeds each at the moment it was read.
     */
    public Decision judge(Operation operation) {
        String txn = operation.transactionId();
        Decision recorded = records.get(txn);
        if (recorded != null) {
            return operation.equals(operationOf(recorded)) ? new Decision.Duplicate(operation, false) : new Decision.Conflict(operation);
        }
        LedgerEntry entry = ledger.get(txn);
        if (entry != null) {
            return operation.equals(entry.operation()) ? new Decision.Duplicate(operation, true) : new Decision.Conflict(operation);
        }
        return declineReason(operation)
                .<Decision>map(reason -> new Decision.Declined(operation, reason))
                .orElseGet(() -> new Decision.Approved(operation));
    }

    /**
     * {@code decision}, as {@link #judge} gave it, taken next in order: an approval's balance
     * change, ledger entry and record written, a decline's record; a duplicate, a conflict or a
     * rejection writes nothing.
     */
    public void take(Decision decision) {
        switch (decision) {
            case Decision.Approved approved -> {
                Operation operation = approved.operation();
                balances.merge(operation.accountId(), operation.balanceChange(), Long::sum);
                ledger.put(operation.transactionId(), LedgerEntry.of(operation));
                recorded(operation.transactionId(), decision);
            }
            case Decision.Declined declined -> recorded(declined.operation().transactionId(), decision);
            case Decision.Duplicate duplicate -> { }
            case Decision.Conflict conflict -> { }
            case Decision.Rejected rejected -> { }
        }
        decisions.add(decision);
    }

    /**
     * The TTL of {@code txn}'s record passed: it no longer guards its transaction (the table may
     * still hold it), the ledger is permanent. {@link #recordsExpired} is every record's.
     */
    public void recordExpired(String txn) {
        records.remove(txn);
    }

    /**
     * Every idempotency record's TTL passed: no record guards its transaction any more (the
     * table may still hold it, DynamoDB's TTL deletes late), the ledger is permanent.
     */
    public void recordsExpired() {
        records.clear();
    }

    private void recorded(String txn, Decision decision) {
        records.put(txn, decision);
        written.put(txn, decision);
    }

    private Optional<DeclineReason> declineReason(Operation operation) {
        Account account = accounts.get(operation.accountId());
        if (account == null) {
            return Optional.of(DeclineReason.UNKNOWN_ACCOUNT);
        }
        if (!account.active()) {
            return Optional.of(DeclineReason.ACCOUNT_BLOCKED);
        }
        if (!account.currency().equals(operation.currency())) {
            return Optional.of(DeclineReason.CURRENCY_MISMATCH);
        }
        if (operation.type() == AuthorizationType.PURCHASE && balances.get(account.id()) < operation.amountMinor()) {
            return Optional.of(DeclineReason.INSUFFICIENT_FUNDS);
        }
        return Optional.empty();
    }

    private static Operation operationOf(Decision recorded) {
        return switch (recorded) {
            case Decision.Approved approved -> approved.operation();
            case Decision.Declined declined -> declined.operation();
            case Decision.Duplicate duplicate -> duplicate.operation();
            case Decision.Conflict conflict -> conflict.operation();
            case Decision.Rejected rejected -> throw new IllegalStateException("a rejected message has no record");
        };
    }

    /** Every account's balance, by account id. */
    public SortedMap<String, Long> balances() {
        return new TreeMap<>(balances);
    }

    /** The ledger, by transaction id. */
    public Map<String, LedgerEntry> ledger() {
        return Map.copyOf(ledger);
    }

    /**
     * The idempotency records as the table holds them before the TTL's deletion: every record
     * written, each {@code Approved} or {@code Declined}, the last per transaction, expired or not.
     */
    public Map<String, Decision> records() {
        return Map.copyOf(written);
    }

    /** Every decision so far, in the order decided. */
    public List<Decision> decisions() {
        return List.copyOf(decisions);
    }

    /** How many decisions so far are {@code kind}. */
    public long count(Class<? extends Decision> kind) {
        return decisions.stream().filter(kind::isInstance).count();
    }

    /** The records ({@link #records}) that are {@code kind} ({@code Approved} or {@code Declined}). */
    public long recorded(Class<? extends Decision> kind) {
        return written.values().stream().filter(kind::isInstance).count();
    }
}
