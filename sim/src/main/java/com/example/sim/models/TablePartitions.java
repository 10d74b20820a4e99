package com.example.sim.models;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * How a table's items share its partitions, and what each partition serves ("Partitions and data
 * distribution in DynamoDB", https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/HowItWorks.Partitions.html;
 * "Best practices for designing and using partition keys effectively",
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html;
 * "DynamoDB burst and adaptive capacity",
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/burst-adaptive-capacity.html):
 * <ul>
 *   <li>an item lives in the partition its partition key hashes to; keys share partitions;</li>
 *   <li>"each individual partition is limited to 1,000 write units per second and 3,000 read units
 *       per second" ("Understanding DynamoDB warm throughput in different scenarios"), whatever the
 *       table has: a hot key throttles its partition's other keys with it;</li>
 *   <li>a table starts with the partitions its warm throughput needs at 1 000 write units each (a
 *       new on-demand table's 4 000: four);</li>
 *   <li>partitions split as AWS documents and no sooner: when the table's throughput grows past
 *       what they serve (on-demand's doubling of its previous peak, {@link OnDemandCapacity}), each
 *       splits in two; and "split for heat": a partition kept hot (throttled in each of
 *       {@link #HEAT_MINUTES} minutes in a row: AWS does not say how soon, the model takes the later
 *       reading) splits in two, so a hot key's neighbours move away from it, down to a partition of
 *       one key, which still serves only 1 000 units. Splits for size (10 GB) are not modelled: the
 *       simulation's tables hold megabytes.</li>
 * </ul>
 * Reads are not counted against the 3 000 read units: the receiver reads an item only after a failed
 * condition, a handful a second.
 */
final class TablePartitions {

    static final long PARTITION_WRITE_UNITS = 1_000;
    static final int HEAT_MINUTES = 5;
    private static final long HASH_SPACE = 1L << 32;

    /** One partition: a range of the key hash space from its start, and what it has served. */
    private static final class Partition {
        long second = Long.MIN_VALUE;
        long units;
        long hotMinute = Long.MIN_VALUE;
        int hotMinutesInARow;

        long unitsAt(long epochSecond) {
            return second == epochSecond ? units : 0;
        }
    }

    /** The partitions by the start of their hash range. */
    private final TreeMap<Long, Partition> partitions = new TreeMap<>();
    private long splits;

    TablePartitions(long warmWriteUnits) {
        int count = (int) Math.max(1, (warmWriteUnits + PARTITION_WRITE_UNITS - 1) / PARTITION_WRITE_UNITS);
        for (int p = 0; p < count; p++) {
            partitions.put(HASH_SPACE * p / count, new Partition());
        }
    }

    int count() {
        return partitions.size();
    }

    long splits() {
        return splits;
    }

    /** Whether each partition takes its share of {@code itemUnits} (write units by item key) this second. */
    boolean admits(long epochSecond, Map<String, Long> itemUnits) {
        for (Map.Entry<Long, Long> share : byPartition(itemUnits).entrySet()) {
            Partition partition = partitions.get(share.getKey());
            if (partition.unitsAt(epochSecond) + share.getValue() > PARTITION_WRITE_UNITS) {
                heated(share.getKey(), partition, epochSecond);
                return false;
            }
        }
        return true;
    }

    void consume(long epochSecond, Map<String, Long> itemUnits) {
        byPartition(itemUnits).forEach((start, units) -> {
            Partition partition = partitions.get(start);
            if (partition.second != epochSecond) {
                partition.second = epochSecond;
                partition.units = 0;
            }
            partition.units += units;
        });
    }

    /** The table may now serve {@code tableUnits} a second: partitions split in two until they serve it. */
    void growTo(long tableUnits) {
        while (partitions.size() * PARTITION_WRITE_UNITS < tableUnits) {
            for (Long start : partitions.keySet().toArray(Long[]::new)) {
                split(start);
            }
        }
    }

    /** A partition throttled in this second: a minute more of heat, and at {@link #HEAT_MINUTES} in a row, a split. */
    private void heated(long start, Partition partition, long epochSecond) {
        long minute = Math.floorDiv(epochSecond, 60);
        if (partition.hotMinute == minute) {
            return;
        }
        partition.hotMinutesInARow = partition.hotMinute == minute - 1 ? partition.hotMinutesInARow + 1 : 1;
        partition.hotMinute = minute;
        if (partition.hotMinutesInARow >= HEAT_MINUTES) {
            split(start);
        }
    }

    private void split(long start) {
        Long next = partitions.higherKey(start);
        long end = next == null ? HASH_SPACE : next;
        if (end - start < 2) {
            return;
        }
        Partition old = partitions.get(start);
        Partition lower = new Partition();
        Partition upper = new Partition();
        lower.second = upper.second = old.second;
        lower.units = upper.units = old.units / 2;
        partitions.put(start, lower);
        partitions.put(start + (end - start) / 2, upper);
        splits++;
    }

    private Map<Long, Long> byPartition(Map<String, Long> itemUnits) {
        Map<Long, Long> shares = new HashMap<>();
        itemUnits.forEach((key, units) -> shares.merge(partitions.floorKey(hash(key)), units, Long::sum));
        return shares;
    }

    /** The key's place in the hash space: a fixed, well-mixed function of the key (DynamoDB's own is internal). */
    static long hash(String key) {
        long z = key.hashCode() * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return (z ^ (z >>> 31)) >>> 32;
    }
}
