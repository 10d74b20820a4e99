package com.example.compat;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import com.example.localaws.invoke.FunctionInvoker;
import com.example.localaws.invoke.Invocation;
import com.example.localaws.mapping.SqsEventJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One version's authorizer behind its own event source mapping on the payments queue: the real
 * package in its runtime process ({@link FunctionInvoker}), what it took and answered. Every
 * {@code crashEvery}-th invocation is lost after the function answered, before the mapping deletes
 * the batch (the runtime dies, a timeout): its messages come back after the queue's visibility
 * timeout, to whichever version polls first.
 */
final class AuthorizerVersion {

    private final String version;
    private final FunctionInvoker invoker;
    private final int crashEvery;
    private final List<Outcomes> results = new ArrayList<>();
    private long taken;
    private long invocations;
    private long crashes;

    AuthorizerVersion(String version, FunctionInvoker invoker, int crashEvery) {
        this.version = version;
        this.invoker = invoker;
        this.crashEvery = crashEvery;
    }

    String version() {
        return version;
    }

    /** The function the mapping invokes with each batch. */
    SQSBatchResponse handle(SQSEvent event) {
        Invocation invocation = invoker.invoke(SqsEventJson.event(event));
        boolean crash;
        synchronized (this) {
            taken += event.getRecords().size();
            invocations++;
            results.addAll(Outcomes.of(version, invocation));
            crash = invocations % crashEvery == 0;
            if (crash) {
                crashes++;
            }
        }
        if (crash) {
            throw new IllegalStateException(version + ": the runtime lost after the answer, before the delete (injected)");
        }
        return SqsEventJson.response(invocation.payload());
    }

    synchronized List<Outcomes> results() {
        return List.copyOf(results);
    }

    /** Messages taken, each outcome's count, DLQ'd by the receiver itself, and the injected losses. */
    synchronized Map<String, Long> counts() {
        Map<String, Long> counts = new TreeMap<>();
        for (String outcome : List.of("APPROVED", "DECLINED", "DUPLICATE", "CONFLICT", "REJECTED", "RETRY")) {
            counts.put(outcome, results.stream().filter(result -> result.outcome().equals(outcome)).count());
        }
        counts.put("taken", taken);
        counts.put("DLQ", results.stream().filter(Outcomes::deadLettered).count());
        counts.put("lost answers", crashes);
        return counts;
    }
}
