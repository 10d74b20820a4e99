package com.example.sim;

import com.example.sim.models.DynamoDbModel;
import com.example.sim.models.LambdaService;
import com.example.sim.oracles.Latencies;
import com.example.sim.oracles.Oracles;
import com.example.sim.oracles.Violation;
import com.example.sim.workload.Workload;
import java.util.List;
import java.util.Optional;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What a run came to: its figures and the oracles that failed. Printed the same for the same
 * trace, byte for byte: nothing of the host (wall time, threads) is in it. {@code extraFigures}
 * are a profile's own, printed after the rest (the cache's, or the Regions').
 */
record Result(Trace trace, int payments, long messages, long approved, long declined, int deadLetterLeft,
              int redrives, long invocations, long coldStarts, long failedInvocations, int peakConcurrency,
              long dynamoDbCalls, long writeUnits, long throttled, long p50Micros, long p99Micros,
              long oldestMicros, SortedMap<Long, Long> p99ByMinute, SortedMap<Long, Long> oldestByMinute, long endMicros,
              long lambdaThrottles, List<Violation> violations, Downstream.Figures downstream, String extraFigures,
              Optional<CanarySetup.Figures> canary, Optional<CompatSetup.Figures> compat) {

    static Result of(Trace trace, Workload workload, Oracles oracles, long messages, LambdaService lambda,
                     DynamoDbModel dynamoDb, int deadLetterLeft, int redrives, long end, Downstream.Figures downstream,
                     String extraFigures, Optional<CanarySetup.Figures> canary, Optional<CompatSetup.Figures> compat) {
        long approved = oracles.decisions().values().stream().filter(d -> d.status().equals("APPROVED")).count();
        long declined = oracles.decisions().size() - approved;
        Latencies latencies = oracles.latencies();
        return new Result(trace, workload.payments().size(), messages, approved, declined, deadLetterLeft, redrives,
                lambda.invocations(), lambda.coldStarts(), lambda.failedInvocations(), lambda.peakConcurrency(),
                dynamoDb.calls(), dynamoDb.writeUnits(), dynamoDb.throttled(), latencies.percentile(0.50),
                latencies.percentile(0.99), latencies.oldest(), latencies.percentileByMinute(0.99),
                latencies.oldestByMinute(), end, lambda.throttles(), List.copyOf(oracles.violations()), downstream, extraFigures, canary,
                compat);
    }

    boolean failed() {
        return !violations.isEmpty();
    }

    /** The first failed oracle, the one a shrink keeps failing. */
    Violation first() {
        return violations.get(0);
    }

    /**
     * The same result, {@code oracle}'s first violation put first (the one a shrink keeps failing),
     * when it failed; otherwise this.
     */
    Result withFirst(String oracle) {
        List<Violation> reordered = new java.util.ArrayList<>(violations);
        reordered.stream().filter(v -> v.oracle().equals(oracle)).findFirst().ifPresent(v -> {
            reordered.remove(v);
            reordered.add(0, v);
        });
        return new Result(trace, payments, messages, approved, declined, deadLetterLeft, redrives, invocations, coldStarts,
                failedInvocations, peakConcurrency, dynamoDbCalls, writeUnits, throttled, p50Micros, p99Micros, oldestMicros,
                p99ByMinute, oldestByMinute, endMicros, lambdaThrottles, List.copyOf(reordered), downstream, extraFigures, canary,
                compat);
    }

    /** Failed oracles by name, with counts. */
    Map<String, Integer> byOracle() {
        Map<String, Integer> counts = new TreeMap<>();
        violations.forEach(v -> counts.merge(v.oracle(), 1, Integer::sum));
        return counts;
    }

    String line() {
        return String.format("%s payments=%d messages=%d approved=%d declined=%d dlq_left=%d redrives=%d invocations=%d "
                        + "cold_starts=%d failed_invocations=%d lambda_throttles=%d ddb_calls=%d write_units=%d throttled=%d "
                        + "decision_p50_ms=%.1f decision_p99_ms=%.1f oldest=%s %s simulated=%s violations=%d",
                trace.variables(), payments, messages, approved, declined, deadLetterLeft, redrives, invocations,
                coldStarts, failedInvocations, lambdaThrottles, dynamoDbCalls, writeUnits, throttled, p50Micros / 1000.0,
                p99Micros / 1000.0, Oracles.at(oldestMicros), downstream.line(), Oracles.at(endMicros), violations.size()) + extraFigures
                + canary.map(CanarySetup.Figures::line).orElse("") + compat.map(CompatSetup.Figures::line).orElse("");
    }
}
