package com.example.bench.cost;

import java.util.Objects;

/**
 * What one function used in a run, for one {@link Stage}: its invocations and their billed duration (each rounded up to
 * the millisecond, as Lambda bills), at its {@code MemorySize} on its architecture.
 */
public record FunctionUsage(String function, Stage stage, String architecture, int memoryMb, long invocations, long billedMs) {

    public FunctionUsage {
        Objects.requireNonNull(function, "function");
        Objects.requireNonNull(stage, "stage");
        PricedItem.lambdaGbSecond(architecture);
        if (memoryMb < 128 || memoryMb > 10_240) {
            throw new IllegalArgumentException(function + ": MemorySize must be 128-10240 MB, was " + memoryMb);
        }
        if (invocations < 0 || billedMs < 0) {
            throw new IllegalArgumentException(function + ": invocations and billed ms must be zero or more");
        }
    }

    /** Lambda's compute: billed seconds times the memory in GB (MemorySize / 1024). */
    public double gbSeconds() {
        return billedMs / 1000.0 * memoryMb / 1024.0;
    }
}
