package com.example.bench.endtoend;

import java.util.Set;
import java.util.TreeSet;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;

/**
 * The read request units a client's reads would consume on DynamoDB, computed from item sizes
 * (moto's ConsumedCapacity is not DynamoDB's): a strongly consistent read of up to 4 KB is one
 * unit, an eventually consistent one half, per started 4 KB ("Read request unit", DynamoDB
 * on-demand pricing, https://aws.amazon.com/dynamodb/pricing/on-demand/); a GetItem that finds
 * nothing is charged as one of the smallest size. A read operation it cannot price (a Query,
 * BatchGetItem, ...) is remembered in {@link #unpriced()}, so that a run fails rather than bill it
 * as free.
 */
final class ReadUnits implements ExecutionInterceptor {

    private static final int FOUR_KB = 4096;
    private static final Set<String> READS = Set.of("GetItem", "BatchGetItem", "Query", "Scan", "TransactGetItems");

    private double units;
    private final Set<String> unpriced = new TreeSet<>();

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        SdkRequest request = context.request();
        if (request instanceof GetItemRequest get && context.response() instanceof GetItemResponse response) {
            int bytes = response.hasItem() ? WriteUnits.size(response.item()) : 0;
            add(readUnits(bytes, Boolean.TRUE.equals(get.consistentRead())));
        } else {
            String operation = attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME);
            if (READS.contains(operation)) {
                synchronized (this) {
                    unpriced.add(operation);
                }
            }
        }
    }

    /** One unit per started 4 KB (at least one) for a strongly consistent read, half for an eventually consistent one. */
    static double readUnits(int itemBytes, boolean consistent) {
        int blocks = Math.max(1, (itemBytes + FOUR_KB - 1) / FOUR_KB);
        return consistent ? blocks : blocks / 2.0;
    }

    synchronized double total() {
        return units;
    }

    synchronized Set<String> unpriced() {
        return Set.copyOf(unpriced);
    }

    synchronized void reset() {
        units = 0;
    }

    private synchronized void add(double more) {
        units += more;
    }
}
