package com.example.sim.models;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A table's write capacity in on-demand mode, by the two rules AWS states ("Troubleshooting
 * throttling issues for on-demand mode", https://repost.aws/knowledge-center/on-demand-table-throttling-dynamodb,
 * and "DynamoDB on-demand capacity mode", Amazon DynamoDB Developer Guide,
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/on-demand-capacity-mode.html):
 * <ul>
 *   <li>the table takes up to double its previous peak; traffic growing past double within 30
 *       minutes is throttled. The model's previous peak is the highest second of writes at least
 *       30 minutes old (a new table: half its warm throughput, 4 000 write units a second by default,
 *       so 4 000 at once);</li>
 *   <li>one partition serves at most 1 000 write units a second; the model puts each item in a
 *       partition of its own (a hot account's item is its own partition), which is the most a key
 *       can have.</li>
 * </ul>
 */
final class OnDemandCapacity {

    static final long PARTITION_WRITE_UNITS = 1_000;
    private static final long DOUBLING_WINDOW_SECONDS = 30 * 60;

    private final long warmWriteUnits;
    private final ArrayDeque<long[]> recent = new ArrayDeque<>();
    private long maturedPeak;
    private long second = Long.MIN_VALUE;
    private long thisSecond;
    private final Map<String, Long> itemsThisSecond = new HashMap<>();

    OnDemandCapacity(long warmWriteUnits) {
        this.warmWriteUnits = warmWriteUnits;
    }

    /** Whether {@code units} more this second fit the table, and {@code itemUnits} each item's partition. */
    boolean admits(long epochSecond, long units, Map<String, Long> itemUnits) {
        roll(epochSecond);
        long allowed = Math.max(warmWriteUnits, 2 * maturedPeak);
        if (thisSecond + units > allowed) {
            return false;
        }
        for (Map.Entry<String, Long> item : itemUnits.entrySet()) {
            if (itemsThisSecond.getOrDefault(item.getKey(), 0L) + item.getValue() > PARTITION_WRITE_UNITS) {
                return false;
            }
        }
        return true;
    }

    void consume(long epochSecond, long units, Map<String, Long> itemUnits) {
        roll(epochSecond);
        thisSecond += units;
        itemUnits.forEach((item, u) -> itemsThisSecond.merge(item, u, Long::sum));
    }

    private void roll(long epochSecond) {
        if (epochSecond == second) {
            return;
        }
        if (thisSecond > 0) {
            recent.addLast(new long[] {second, thisSecond});
        }
        second = epochSecond;
        thisSecond = 0;
        itemsThisSecond.clear();
        while (!recent.isEmpty() && recent.peekFirst()[0] <= epochSecond - DOUBLING_WINDOW_SECONDS) {
            maturedPeak = Math.max(maturedPeak, recent.pollFirst()[1]);
        }
    }

    /** Write units of an item: one per KB or part of it (names and values, roughly as DynamoDB sizes them). */
    static long units(Map<String, AttributeValue> item) {
        long bytes = 0;
        for (Map.Entry<String, AttributeValue> attribute : item.entrySet()) {
            AttributeValue value = attribute.getValue();
            bytes += attribute.getKey().length() + (value.s() != null ? value.s().length() : value.n() != null ? 21 : 1);
        }
        return Math.max(1, (bytes + 1023) / 1024);
    }
}
