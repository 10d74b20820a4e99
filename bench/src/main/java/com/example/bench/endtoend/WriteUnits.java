package com.example.bench.endtoend;

import com.example.receiver.dynamodb.ItemSize;
import java.util.Map;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The write capacity units a client's writes would consume on DynamoDB, computed from item sizes
 * because moto answers {@code TransactWriteItems} with an empty {@code ConsumedCapacity} (and
 * single-item writes with a constant). DynamoDB's rules: a standard write costs 1 WCU per started
 * KB of the item (the larger of before and after for an update), a transactional write 2 WCU per
 * started KB per item; a write whose condition fails is charged all the same (a cancelled
 * transaction is counted as charged too: a ceiling). The size of an item is the sum of its
 * attribute names' and values' sizes (a number: 1 byte per 2 significant digits, plus 1).
 *
 * <p>An update's or condition check's item is read back, with an uncounted client, after the
 * call: only its size matters, and the benchmarks' updates do not change it by a KB.
 */
final class WriteUnits implements ExecutionInterceptor {

    private static final int KB = 1024;

    private final DynamoDbClient reader;
    private long units;
    private int largestItem;

    /** @param reader a client without interceptors, to read an updated item's size */
    WriteUnits(DynamoDbClient reader) {
        this.reader = reader;
    }

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        count(context.request());
    }

    @Override
    public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes attributes) {
        count(context.request());
    }

    synchronized long total() {
        return units;
    }

    /** The largest item written so far, in bytes. */
    synchronized int largestItem() {
        return largestItem;
    }

    synchronized void reset() {
        units = 0;
        largestItem = 0;
    }

    private void count(SdkRequest request) {
        long add = switch (request) {
            case PutItemRequest put -> units(size(put.item()), 1);
            case UpdateItemRequest update -> units(storedSize(update.tableName(), update.key()), 1);
            case DeleteItemRequest delete -> writeUnits(0, 1);
            case TransactWriteItemsRequest transaction -> transaction.transactItems().stream()
                    .mapToLong(this::transactional).sum();
            default -> 0;
        };
        synchronized (this) {
            units += add;
        }
    }

    private long transactional(TransactWriteItem item) {
        if (item.put() != null) {
            return units(size(item.put().item()), 2);
        }
        if (item.update() != null) {
            return units(storedSize(item.update().tableName(), item.update().key()), 2);
        }
        if (item.conditionCheck() != null) {
            return units(storedSize(item.conditionCheck().tableName(), item.conditionCheck().key()), 2);
        }
        return writeUnits(0, 2);
    }

    private long units(int itemBytes, int perKb) {
        synchronized (this) {
            largestItem = Math.max(largestItem, itemBytes);
        }
        return writeUnits(itemBytes, perKb);
    }

    /** {@code perKb} units per started KB of an item of {@code itemBytes}, at least one KB. */
    static long writeUnits(int itemBytes, int perKb) {
        return (long) perKb * Math.max(1, (itemBytes + KB - 1) / KB);
    }

    private int storedSize(String table, Map<String, AttributeValue> key) {
        Map<String, AttributeValue> item = reader.getItem(r -> r.tableName(table).key(key).consistentRead(true)).item();
        return item == null || item.isEmpty() ? size(key) : size(item);
    }

    /** DynamoDB's item size: attribute names plus values, in bytes. */
    static int size(Map<String, AttributeValue> item) {
        return Math.toIntExact(ItemSize.of(item));
    }
}
