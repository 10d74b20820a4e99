package com.example.sim;

import com.example.receiver.record.IdempotencyRecordAttributes;
import com.example.sim.model.DynamoDbModel;
import com.example.sim.model.SqsMessage;
import com.example.sim.model.SqsQueue;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The oracles of a run. They watch the truth, not the receiver's word: every write DynamoDB
 * applied (a record put is a decision, a ledger put a debit), every message that left a queue
 * without a consumer's delete, and the tables and queues as the run ends.
 */
final class Oracles {

    static final String RECORD_PREFIX = "PAYMENT#";
    private static final Pattern TXN = Pattern.compile("\"transaction_id\":\"([^\"]+)\"");

    /**
     * A decision as stored: its status, when (virtual micros), and the balance change its record's
     * result names (what a contested transaction's winner was), when it has one.
     */
    record Decision(String status, long at, Optional<Long> recordedChange) {
    }

    private final Workload workload;
    private final Scheduler scheduler;
    private final Map<String, Decision> decisions = new HashMap<>();
    /** The transactions decided before the run ({@link History}): their records since expired. */
    private final Set<String> decidedBefore = new HashSet<>();
    private final Map<String, Integer> debits = new HashMap<>();
    private final List<Violation> violations = new ArrayList<>();
    private final Latencies latencies = new Latencies();

    Oracles(Workload workload, Scheduler scheduler) {
        this.workload = workload;
        this.scheduler = scheduler;
    }

    /** {@code txn} was approved before the run: a record written for it in the run decides it again. */
    void decidedBefore(String txn) {
        decidedBefore.add(txn);
    }

    void written(String recordsTable, String ledgerTable, DynamoDbModel.Write write) {
        if (write.table().equals(recordsTable)) {
            String txn = write.after().get(IdempotencyRecordAttributes.PK).s().substring(RECORD_PREFIX.length());
            String status = write.after().get(IdempotencyRecordAttributes.STATUS).s();
            if (decidedBefore.contains(txn)) {
                violations.add(new Violation(Violation.DECIDED_TWICE, txn, "approved before the run (its record since"
                        + " expired, its ledger entry kept), then " + status + " at " + at(scheduler.now())
                        + ("APPROVED".equals(status) ? "" : " (differently)")));
            }
            Decision first = decisions.putIfAbsent(txn, new Decision(status, scheduler.now(), recordedChange(write.after())));
            if (first != null) {
                violations.add(new Violation(Violation.DECIDED_TWICE, txn, "decided " + first.status() + " at "
                        + at(first.at()) + ", then " + status + " at " + at(scheduler.now())
                        + (first.status().equals(status) ? "" : " (differently)")));
            } else {
                workload.byTxn(txn).ifPresent(payment -> latencies.add(payment.at(), scheduler.now() - payment.at()));
            }
        } else if (write.table().equals(ledgerTable)) {
            String txn = write.after().get("sk").s();
            if (debits.merge(txn, 1, Integer::sum) > 1) {
                violations.add(new Violation(Violation.DEBITED_TWICE, txn, "a second ledger entry at " + at(scheduler.now())));
            }
        }
    }

    /** A message left a queue without a consumer deleting it. */
    void departed(SqsQueue queue, SqsMessage message, SqsQueue.Departure why, boolean sourceQueue) {
        Payment payment = payment(message.body());
        if (payment == null || !payment.good()) {
            return;
        }
        if (why == SqsQueue.Departure.EXPIRED && !decided(payment.txnId())) {
            violations.add(new Violation(Violation.STUCK, payment.txnId(), "expired undecided in " + queue.name()
                    + " at " + at(scheduler.now())));
        }
        if (why == SqsQueue.Departure.MOVED_TO_DEAD_LETTER_QUEUE && sourceQueue
                && !LambdaService.copy(message).hardFailure && !decided(payment.txnId())) {
            violations.add(new Violation(Violation.DEAD_LETTERED_BY_PASSING, payment.txnId(), "moved to the DLQ at "
                    + at(scheduler.now()) + " after " + message.receiveCount()
                    + " receives that all failed for passing reasons (throttling, contention)"));
        }
    }

    Payment payment(String body) {
        Matcher txn = TXN.matcher(body);
        return txn.find() ? workload.byTxn(txn.group(1)).orElse(null) : null;
    }

    /** The checks of the run's end: none lost, balances, the DLQ, the queues. */
    void atEnd(Map<String, Long> balances, Map<String, Long> initial, List<SqsMessage> queueLeft,
               List<SqsMessage> deadLetters) {
        for (Payment payment : workload.payments()) {
            if (payment.good() && !decided(payment.txnId())) {
                violations.add(new Violation(Violation.LOST, payment.txnId(), "never decided"));
            }
        }
        Map<String, Long> expected = new TreeMap<>(initial);
        decisions.forEach((txn, decision) -> {
            if (decision.status().equals("APPROVED")) {
                // a good payment by what its producer sent; a contested one by what its record says was decided
                workload.byTxn(txn).ifPresent(p -> expected.merge(p.account(),
                        p.good() ? p.balanceChange() : decision.recordedChange().orElse(p.balanceChange()), Long::sum));
            }
        });
        expected.forEach((account, balance) -> {
            long actual = balances.getOrDefault(account, Long.MIN_VALUE);
            if (actual != balance) {
                violations.add(new Violation(Violation.BALANCES, "-", account + " holds " + actual
                        + ", the approved payments make it " + balance));
            }
            if (actual < 0) {
                violations.add(new Violation(Violation.BALANCES, "-", account + " is overdrawn: " + actual));
            }
        });
        for (SqsMessage message : deadLetters) {
            Payment payment = payment(message.body());
            if (payment != null && payment.good()) {
                violations.add(new Violation(Violation.GOOD_IN_DLQ, payment.txnId(), "left in the DLQ"
                        + message.attributes().entrySet().stream().filter(a -> a.getKey().equals("outcome") || a.getKey().equals("reason"))
                                .map(a -> " " + a.getKey() + "=" + a.getValue()[1]).reduce("", String::concat)));
            }
        }
        for (SqsMessage message : queueLeft) {
            Payment payment = payment(message.body());
            violations.add(new Violation(Violation.STUCK, payment == null ? "-" : payment.txnId(),
                    "still in the payments queue as the run ends"));
        }
    }

    /** Whether {@code txn} has a decision: made in the run, or before it. */
    private boolean decided(String txn) {
        return decisions.containsKey(txn) || decidedBefore.contains(txn);
    }

    List<Violation> violations() {
        return violations;
    }

    Map<String, Decision> decisions() {
        return decisions;
    }

    /** The good payments' decision latencies, by when they were sent. */
    Latencies latencies() {
        return latencies;
    }

    static String at(long micros) {
        Duration d = Duration.ofNanos(micros * 1000);
        return String.format("%dd%02dh%02dm%02ds", d.toDays(), d.toHoursPart(), d.toMinutesPart(), d.toSecondsPart());
    }

    /** The signed amount of the record's result ({@code amountMinor}, {@code authorizationType}), if it has them. */
    private static Optional<Long> recordedChange(Map<String, AttributeValue> record) {
        AttributeValue result = record.get(IdempotencyRecordAttributes.RESULT);
        if (result == null || result.m() == null || !result.m().containsKey("amountMinor")) {
            return Optional.empty();
        }
        long amount = Long.parseLong(result.m().get("amountMinor").n());
        AttributeValue type = result.m().get("authorizationType");
        return Optional.of(type != null && "REFUND".equals(type.s()) ? amount : -amount);
    }

    static long balance(Map<String, AttributeValue> account) {
        return Long.parseLong(account.get("balanceMinor").n());
    }
}
