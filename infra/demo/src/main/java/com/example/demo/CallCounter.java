package com.example.demo;

import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;

/** Counts the function's DynamoDB API calls (one per call, whatever the SDK retried). */
final class CallCounter implements ExecutionInterceptor {

    private final AtomicLong calls = new AtomicLong();

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        calls.incrementAndGet();
    }

    long total() {
        return calls.get();
    }
}
