package com.example.sim.models;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Keys sharing partitions by hash, each partition's 1 000 write units, and the splits, as {@link TablePartitions} cites them. */
class TablePartitionsTest {

    private static final long T0 = 1_772_409_600L; // 2026-03-02, a minute's start

    /** A key of a new table's partition {@code index} (of four), the {@code n}th found. */
    private static String keyOf(int index, int n) {
        return IntStream.iterate(0, i -> i + 1).mapToObj(i -> "ACC-" + i)
                .filter(key -> TablePartitions.hash(key) * 4 >>> 32 == index).skip(n).findFirst().orElseThrow();
    }

    @Test
    void aNewTable_hasFourPartitions_andTwoHotKeysOfOnePartitionShareItsThousandUnits() {
        assertFalse(twoKeysOfOnePartitionTakeSixHundredUnitsEachInOneSecond(false));
    }

    @Test
    void eachItemItsOwnPartition_admitsBoth_soTheTestAboveCanFail() {
        assertTrue(twoKeysOfOnePartitionTakeSixHundredUnitsEachInOneSecond(true));
    }

    /** GIVEN a new on-demand table (4 000 write units at start); WHEN two keys of one partition write 600 units each in one second; THEN whether the second is admitted. */
    private static boolean twoKeysOfOnePartitionTakeSixHundredUnitsEachInOneSecond(boolean onePartitionPerItem) {
        OnDemandCapacity table = new OnDemandCapacity(4_000, onePartitionPerItem ? Softness.ONE_PARTITION_PER_ITEM : null);
        assertEquals(4, table.partitions().count());
        String first = keyOf(0, 0);
        String second = keyOf(0, 1);
        assertTrue(table.admits(T0, 600, Map.of(first, 600L)));
        table.consume(T0, 600, Map.of(first, 600L));
        assertTrue(table.admits(T0, 600, Map.of(keyOf(1, 0), 600L))); // another partition has its own thousand
        return table.admits(T0, 600, Map.of(second, 600L));
    }

    @Test
    void aPartitionThrottledFiveMinutesInARow_splitsForHeat_notBefore() {
        TablePartitions partitions = new TablePartitions(4_000);
        String hot = keyOf(2, 0);
        for (int minute = 0; minute < TablePartitions.HEAT_MINUTES; minute++) {
            long second = T0 + 60L * minute;
            partitions.consume(second, Map.of(hot, 1_000L));
            assertFalse(partitions.admits(second, Map.of(hot, 1L)));
            assertEquals(minute < TablePartitions.HEAT_MINUTES - 1 ? 4 : 5, partitions.count());
        }
        // one key never gets more than one partition's thousand, however often it splits
        partitions.consume(T0 + 3_600, Map.of(hot, 1_000L));
        assertFalse(partitions.admits(T0 + 3_600, Map.of(hot, 1L)));
    }

    @Test
    void aPeakOf3000Units_thirtyMinutesLater_letsTheTableTakeDouble_onEightPartitions() {
        OnDemandCapacity table = new OnDemandCapacity(4_000);
        IntStream.range(0, 3).forEach(i -> table.consume(T0, 1_000, Map.of(keyOf(i, 0), 1_000L)));
        assertTrue(table.admits(T0 + 30 * 60, 10, Map.of(keyOf(0, 0), 10L)));
        assertEquals(8, table.partitions().count());
    }
}
