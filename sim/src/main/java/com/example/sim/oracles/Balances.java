package com.example.sim.oracles;

import com.example.payment.LedgerAttributes;
import com.example.paymenttraffic.Operation;
import com.example.paymenttraffic.reference.Decision;
import com.example.paymenttraffic.reference.ReferenceModel;
import com.example.receiver.Outcome;
import com.example.receiver.record.IdempotencyRecordAttributes;
import com.example.sim.models.Transaction;
import com.example.sim.workload.Workload;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * "Balances, ledger and decisions equal the sequential model": testing/payment-traffic's
 * {@link ReferenceModel}, opened with the run's accounts and the payments approved before it, is
 * fed each decision at the moment DynamoDB took it, in the model's own serialization
 * ({@link Event.Transacted}): an approval when its transaction commits, a decline when its
 * transaction is cancelled on the account's condition alone (judged then, taken when its record
 * is put, which may be after a top-up of the account; a decline whose record lost the race to
 * another decision is void). It fails on any difference:
 * <ul>
 *   <li>a transaction committed, or a decline recorded, that the model decides otherwise;</li>
 *   <li>an answer (approved, declined and why, a duplicate of which decision) other than the
 *       model's decision for its transaction;</li>
 *   <li>as the run ends, an account's balance, or a ledger entry put in the run, other than the
 *       model's; a negative balance.</li>
 * </ul>
 */
final class Balances implements Oracle {

    private static final String NONE = "None";
    private static final String CONDITION_FAILED = "ConditionalCheckFailed";

    private final Workload workload;
    private final Oracles.Tables tables;
    private final List<Violation> violations;
    private final ReferenceModel model;
    private final Set<String> appliedBefore = new HashSet<>();
    /** Each transaction's approval or decline, as the model took it. */
    private final Map<String, Decision> taken = new HashMap<>();
    /** Declines judged when their transaction was cancelled, to be taken when their record is put. */
    private final Map<String, Decision> judged = new HashMap<>();
    /** When each record put in the run stops guarding its transaction, epoch seconds. */
    private final Map<String, Long> expiresAt = new HashMap<>();
    /** The ledger entries put in the run: each transaction's balance change. */
    private final Map<String, Long> ledger = new TreeMap<>();

    Balances(Workload workload, Oracles.Tables tables, List<Violation> violations) {
        this.workload = workload;
        this.tables = tables;
        this.violations = violations;
        this.model = new ReferenceModel(workload.accounts());
        for (Operation operation : workload.appliedBefore()) {
            model.appliedBefore(operation);
            appliedBefore.add(operation.transactionId());
        }
    }

    @Override
    public void observe(Event event) {
        switch (event) {
            case Event.Transacted t -> transacted(t.transaction(), t.at());
            case Event.Written w when w.write().table().equals(tables.records()) ->
                    recordPut(w.write().after(), w.write().at(), w.at());
            case Event.Written w when w.write().table().equals(tables.ledger()) ->
                    ledger.put(w.write().after().get(LedgerAttributes.SK).s(),
                            Long.parseLong(w.write().after().get(LedgerAttributes.AMOUNT_MINOR).n()));
            case Event.Answered a when a.payment().isPresent() ->
                    answered(a.payment().get().txnId(), a.result().outcome(), a.at());
            default -> { }
        }
    }

    /** A commit takes each of its approvals now; a cancellation on the account alone judges its decline now. */
    private void transacted(Transaction transaction, long at) {
        List<Transaction.Action> records = transaction.actions().stream()
                .filter(a -> a.table().equals(tables.records())).toList();
        if (transaction.committed()) {
            for (Transaction.Action record : records) {
                operation(record.item()).ifPresent(operation -> {
                    Decision decision = judge(operation, transaction.at());
                    if (!(decision instanceof Decision.Approved)) {
                        fail(operation.transactionId(), "committed APPROVED at " + Oracles.at(at) + ", the reference model decides "
                                + label(decision));
                    }
                    take(operation.transactionId(), decision);
                });
            }
        } else if (records.size() == 1 && cancelledOnTheAccountAlone(transaction)) {
            operation(records.get(0).item()).ifPresent(operation -> judged.put(operation.transactionId(),
                    judge(operation, transaction.at())));
        }
    }

    private boolean cancelledOnTheAccountAlone(Transaction transaction) {
        return transaction.actions().stream().allMatch(a -> a.reason().equals(NONE)
                || a.reason().equals(CONDITION_FAILED) && a.table().equals(tables.accounts()))
                && transaction.actions().stream().anyMatch(a -> a.reason().equals(CONDITION_FAILED));
    }

    /** A record put: a decline's is the decline judged at its cancellation, taken now. */
    private void recordPut(Map<String, AttributeValue> record, Instant when, long at) {
        String txn = RecordedDecisions.txn(record);
        expireIfPassed(txn, when);
        expiresAt.put(txn, Long.parseLong(record.get(IdempotencyRecordAttributes.EXPIRES_AT).n()));
        if (!"DECLINED".equals(record.get(IdempotencyRecordAttributes.STATUS).s())) {
            return;
        }
        Optional<Decision> decision = Optional.ofNullable(judged.remove(txn))
                .or(() -> operation(record).map(operation -> judge(operation, when)));
        decision.ifPresent(d -> {
            if (!(d instanceof Decision.Declined)) {
                fail(txn, "recorded DECLINED at " + Oracles.at(at) + ", the reference model decides " + label(d));
            }
            take(txn, d);
        });
    }

    /** The receiver's answer against the model's decision for its transaction. */
    private void answered(String txn, Outcome outcome, long at) {
        Optional<String> expected = switch (outcome) {
            case Outcome.Approved a -> Optional.of(label(taken.get(txn)));
            case Outcome.Declined d -> Optional.of(label(judged.getOrDefault(txn, taken.get(txn))));
            case Outcome.Duplicate d -> Optional.of(Optional.ofNullable(taken.get(txn))
                    .or(() -> Optional.ofNullable(judged.get(txn)))
                    .map(Balances::label).orElse(appliedBefore.contains(txn) ? "APPROVED" : label(null)));
            default -> Optional.empty();
        };
        String answer = outcome.decision().map(com.example.receiver.Decision::toString).orElse("");
        if (expected.isPresent() && !expected.get().equals(answer)) {
            fail(txn, "answered " + outcome.label() + (outcome instanceof Outcome.Duplicate ? " of " : " ") + answer + " at "
                    + Oracles.at(at) + ", the reference model decided " + expected.get());
        }
    }

    private Decision judge(Operation operation, Instant now) {
        expireIfPassed(operation.transactionId(), now);
        return model.judge(operation);
    }

    /** The record's TTL passed by {@code now}: it guards its transaction no more (the receiver's {@code expiresAt < :now}). */
    private void expireIfPassed(String txn, Instant now) {
        Long expires = expiresAt.get(txn);
        if (expires != null && expires < now.getEpochSecond()) {
            model.recordExpired(txn);
            expiresAt.remove(txn);
        }
    }

    private void take(String txn, Decision decision) {
        model.take(decision);
        if (decision instanceof Decision.Approved || decision instanceof Decision.Declined) {
            taken.put(txn, decision);
        }
    }

    /** The operation sent under a record's transaction whose change its result names (of an original and its conflict). */
    private Optional<Operation> operation(Map<String, AttributeValue> record) {
        return workload.operation(RecordedDecisions.txn(record), RecordedDecisions.recordedChange(record));
    }

    /** A decision as the receiver's {@code Decision} prints it: {@code APPROVED}, {@code DECLINED(REASON)}. */
    private static String label(Decision decision) {
        return switch (decision) {
            case null -> "nothing";
            case Decision.Approved a -> "APPROVED";
            case Decision.Declined d -> "DECLINED(" + d.reason().name() + ")";
            case Decision.Duplicate d -> d.late() ? "a late duplicate" : "a duplicate";
            case Decision.Conflict c -> "a conflict";
            case Decision.Rejected r -> "a rejection";
        };
    }

    private void fail(String txn, String detail) {
        violations.add(new Violation(Violation.BALANCES, txn, detail));
    }

    @Override
    public void atEnd(End end) {
        model.balances().forEach((account, balance) -> {
            long actual = end.balances().getOrDefault(account, Long.MIN_VALUE);
            if (actual != balance) {
                fail("-", account + " holds " + actual + ", the reference model makes it " + balance);
            }
            if (actual < 0) {
                fail("-", account + " is overdrawn: " + actual);
            }
        });
        Map<String, Long> expected = new TreeMap<>();
        model.ledger().forEach((txn, entry) -> {
            if (!appliedBefore.contains(txn)) {
                expected.put(txn, entry.changeMinor());
            }
        });
        expected.forEach((txn, change) -> {
            Long actual = ledger.get(txn);
            if (!change.equals(actual)) {
                fail(txn, "the ledger holds " + (actual == null ? "no entry" : actual) + ", the reference model makes it " + change);
            }
        });
        ledger.keySet().stream().filter(txn -> !expected.containsKey(txn))
                .forEach(txn -> fail(txn, "the ledger holds " + ledger.get(txn) + ", the reference model has no entry"));
    }
}
