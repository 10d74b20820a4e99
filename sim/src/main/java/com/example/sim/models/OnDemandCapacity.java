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
 *   <li>one partition serves at most 1 000 write units a second, and items share partitions by
 *       the hash of their key ({@link TablePartitions}: a hot key's partition throttles its
 *       neighbours too, until it splits as AWS documents); the partitions grow with the table's
 *       allowed throughput.</li>
 * </ul>
 * {@link Softness#ONE_PARTITION_PER_ITEM} (a test's switch, never a run's) puts each item in a
 * partition of its own instead, the most optimistic layout the models used to have.
 */
public final class OnDemandCapacity {

    private static final long DOUBLING_WINDOW_SECONDS = 30 * 60;

    private final long warmWriteUnits;
    private final ArrayDeque<long[]> recent = new ArrayDeque<>();
    private long maturedPeak;
    private long second = Long.MIN_VALUE;
    private long thisSecond;
    /** The softness's layout: each item's units this second, as if each were a partition. */
    private final Map<String, Long> itemsThisSecond = new HashMap<>();
    private final TablePartitions partitions;
    private final boolean onePartitionPerItem;

    OnDemandCapacity(long warmWriteUnits) {
        this(warmWriteUnits, null);
    }

    /** A table's capacity with {@code softness} back on ({@code null}: none), to see which check tells it from AWS. */
    OnDemandCapacity(long warmWriteUnits, Softness softness) {
        this.warmWriteUnits = warmWriteUnits;
        this.partitions = new TablePartitions(warmWriteUnits);
        this.onePartitionPerItem = softness == Softness.ONE_PARTITION_PER_ITEM;
    }

    /** The table's partitions now, and how many splits made them. */
    TablePartitions partitions() {
        return partitions;
    }

    /** Whether {@code units} more this second fit the table, and {@code itemUnits} each item's partition. */
    boolean admits(long epochSecond, long units, Map<String, Long> itemUnits) {
        roll(epochSecond);
        long allowed = Math.max(warmWriteUnits, 2 * maturedPeak);
        if (thisSecond + units > allowed) {
            return false;
        }
        if (!onePartitionPerItem) {
            return partitions.admits(epochSecond, itemUnits);
        }
        for (Map.Entry<String, Long> item : itemUnits.entrySet()) {
            if (itemsThisSecond.getOrDefault(item.getKey(), 0L) + item.getValue() > TablePartitions.PARTITION_WRITE_UNITS) {
                return false;
            }
        }
        return true;
    }

    void consume(long epochSecond, long units, Map<String, Long> itemUnits) {
        roll(epochSecond);
        thisSecond += units;
        if (onePartitionPerItem) {
            itemUnits.forEach((item, u) -> itemsThisSecond.merge(item, u, Long::sum));
        } else {
            partitions.consume(epochSecond, itemUnits);
        }
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
        long peak = maturedPeak;
        while (!recent.isEmpty() && recent.peekFirst()[0] <= epochSecond - DOUBLING_WINDOW_SECONDS) {
            maturedPeak = Math.max(maturedPeak, recent.pollFirst()[1]);
        }
        if (maturedPeak > peak) {
            partitions.growTo(2 * maturedPeak);
        }
    }

    /** Write units of an item: one per KB or part of it (names and values, roughly as DynamoDB sizes them). */
    public static long units(Map<String, AttributeValue> item) {
        long bytes = 0;
        for (Map.Entry<String, AttributeValue> attribute : item.entrySet()) {
            AttributeValue value = attribute.getValue();
            bytes += attribute.getKey().length() + (value.s() != null ? value.s().length() : value.n() != null ? 21 : 1);
        }
        return Math.max(1, (bytes + 1023) / 1024);
    }
}
