package com.example.bench.endtoend;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.example.bench.cost.FunctionSettings;
import com.example.bench.cost.FunctionUsage;
import com.example.bench.cost.Stage;
import java.util.function.Supplier;

/** A function's invocations and their durations, each rounded up to the millisecond as Lambda bills them. */
final class InvocationTimes {

    private long invocations;
    private long billedMs;
    private long failures;

    SQSBatchResponse timeBatch(Supplier<SQSBatchResponse> invocation) {
        long start = System.nanoTime();
        SQSBatchResponse response = invocation.get();
        record(start);
        failures += response.getBatchItemFailures().size();
        return response;
    }

    StreamsEventResponse timeStream(Supplier<StreamsEventResponse> invocation) {
        long start = System.nanoTime();
        StreamsEventResponse response = invocation.get();
        record(start);
        return response;
    }

    private void record(long start) {
        invocations++;
        billedMs += (System.nanoTime() - start + 999_999) / 1_000_000;
    }

    void reset() {
        invocations = 0;
        billedMs = 0;
        failures = 0;
    }

    /** The batch item failures the timed batches answered (each delivered again). */
    long failures() {
        return failures;
    }

    FunctionUsage usage(String function, Stage stage, FunctionSettings settings) {
        return new FunctionUsage(function, stage, settings.architecture(), settings.memoryMb(), invocations, billedMs);
    }
}
