package com.example.receiver.testkit;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;

/**
 * Counts the DynamoDB API calls a client makes, by operation: one per call, however often the
 * SDK retried it. Give it to {@link LocalAwsKit#dynamoDb} (or the project's {@code LocalAws.dynamoDb}: tests, the demo, the benchmarks).
 */
public final class DynamoDbCallCounter implements ExecutionInterceptor {

    private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();

    /** A counter at zero. */
    public DynamoDbCallCounter() {
    }

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        String operation = attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME);
        calls.computeIfAbsent(operation, name -> new AtomicInteger()).incrementAndGet();
    }

    /** {@return every call so far} */
    public int total() {
        return calls.values().stream().mapToInt(AtomicInteger::get).sum();
    }

    /**
     * {@return the calls of one operation so far}
     *
     * @param operation the operation's name, e.g. {@code TransactWriteItems}
     */
    public int of(String operation) {
        AtomicInteger count = calls.get(operation);
        return count == null ? 0 : count.get();
    }

    /** {@return the calls so far by operation, in name order} */
    public Map<String, Integer> byOperation() {
        Map<String, Integer> copy = new TreeMap<>();
        calls.forEach((operation, count) -> copy.put(operation, count.get()));
        return copy;
    }

    /** Forgets every count. */
    public void reset() {
        calls.clear();
    }
}
