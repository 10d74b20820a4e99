package com.example.payment.authorizer;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;

/** Counts the DynamoDB API calls a client makes (one per call, however often the SDK retries it). */
final class DynamoDbCallCounter implements ExecutionInterceptor {

    private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        String operation = attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME);
        calls.computeIfAbsent(operation, name -> new AtomicInteger()).incrementAndGet();
    }

    int total() {
        return calls.values().stream().mapToInt(AtomicInteger::get).sum();
    }

    int of(String operation) {
        AtomicInteger count = calls.get(operation);
        return count == null ? 0 : count.get();
    }

    void reset() {
        calls.clear();
    }
}
