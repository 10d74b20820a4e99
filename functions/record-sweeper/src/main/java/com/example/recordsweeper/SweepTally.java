package com.example.recordsweeper;

/**
 * What one run did, counted as it goes; one per run. {@link #stoppedIn} names the scan the time
 * budget cut short, if any.
 */
final class SweepTally {

    private long entriesRemoved;
    private long recordsDeleted;
    private long skipped;
    private long scanned;
    private String stoppedIn = "";

    void entryRemoved() {
        entriesRemoved++;
    }

    void recordDeleted() {
        recordsDeleted++;
    }

    /** A conditional write refused: another Region's sweeper or a receiver changed the item first. */
    void skipped() {
        skipped++;
    }

    void scanned(long items) {
        scanned += items;
    }

    /** The budget ran out during {@code scan}: the rest is the next run's. */
    void stoppedIn(String scan) {
        stoppedIn = scan;
    }

    long entriesRemoved() {
        return entriesRemoved;
    }

    long recordsDeleted() {
        return recordsDeleted;
    }

    long skippedCount() {
        return skipped;
    }

    long scannedCount() {
        return scanned;
    }

    /** The scan the budget cut short; empty when both ran to their end. */
    String stoppedInScan() {
        return stoppedIn;
    }

    boolean complete() {
        return stoppedIn.isEmpty();
    }
}
