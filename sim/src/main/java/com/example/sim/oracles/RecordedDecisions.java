package com.example.sim.oracles;

import com.example.receiver.record.IdempotencyRecordAttributes;
import com.example.sim.workload.Workload;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The decisions DynamoDB holds, as the oracles read them: each transaction's first idempotency
 * record put in the run (its status, when, and the balance change its result names), and the
 * transactions decided before the run ({@link History}), whose records have since expired.
 */
public final class RecordedDecisions {

    public static final String RECORD_PREFIX = "PAYMENT#";

    /**
     * A decision as stored: its status, when (virtual micros), and the balance change its record's
     * result names (what a contested transaction's winner was), when it has one.
     */
    public record Decision(String status, long at, Optional<Long> recordedChange) {
    }

    /** In the order the run put them: the order the transactions were decided in. */
    private final Map<String, Decision> decisions = new LinkedHashMap<>();
    private final Set<String> decidedBefore = new HashSet<>();
    private final Latencies latencies = new Latencies();
    private final Workload workload;

    RecordedDecisions(Workload workload) {
        this.workload = workload;
    }

    /** {@code txn} was approved before the run: a record written for it in the run decides it again. */
    void decidedBefore(String txn) {
        decidedBefore.add(txn);
    }

    boolean isDecidedBefore(String txn) {
        return decidedBefore.contains(txn);
    }

    /** A record put in the idempotency table: the first for its transaction is its decision. */
    void recorded(String txn, Map<String, AttributeValue> record, long at) {
        Decision first = decisions.putIfAbsent(txn, new Decision(record.get(IdempotencyRecordAttributes.STATUS).s(), at,
                recordedChange(record)));
        if (first == null) {
            workload.byTxn(txn).ifPresent(payment -> latencies.add(payment.at(), at - payment.at()));
        }
    }

    /** Whether {@code txn} has a decision: made in the run, or before it. */
    boolean decided(String txn) {
        return decisions.containsKey(txn) || decidedBefore.contains(txn);
    }

    Map<String, Decision> decisions() {
        return decisions;
    }

    /** The good payments' decision latencies, by when they were sent. */
    Latencies latencies() {
        return latencies;
    }

    /** The transaction a record of the idempotency table is for. */
    static String txn(Map<String, AttributeValue> record) {
        return record.get(IdempotencyRecordAttributes.PK).s().substring(RECORD_PREFIX.length());
    }

    /** The signed amount of the record's result ({@code amountMinor}, {@code authorizationType}), if it has them. */
    static Optional<Long> recordedChange(Map<String, AttributeValue> record) {
        AttributeValue result = record.get(IdempotencyRecordAttributes.RESULT);
        if (result == null || result.m() == null || !result.m().containsKey("amountMinor")) {
            return Optional.empty();
        }
        long amount = Long.parseLong(result.m().get("amountMinor").n());
        AttributeValue type = result.m().get("authorizationType");
        return Optional.of(type != null && "REFUND".equals(type.s()) ? amount : -amount);
    }
}
