package com.example.recordsweeper;

import com.example.lambdakit.telemetry.Metric;
import java.util.List;

/** What one sweep did (dimension {@code Service=record-sweeper}), one point per scheduled run. */
public final class SweeperMetrics {

    /** {@code applied} entries removed from account items. */
    public static final Metric ENTRIES_REMOVED = Metric.count("AppliedEntriesRemoved");
    /** Idempotency records deleted past their {@code expiresAt}. */
    public static final Metric RECORDS_DELETED = Metric.count("ExpiredRecordsDeleted");
    /** Writes refused because another Region's sweeper or a receiver changed the item first. */
    public static final Metric SKIPPED = Metric.count("SweepConflictsSkipped");
    /** Items read by the two scans. */
    public static final Metric SCANNED = Metric.count("SweepItemsScanned");

    /** The catalogue: every metric above. */
    public static final List<Metric> ALL = List.of(ENTRIES_REMOVED, RECORDS_DELETED, SKIPPED, SCANNED);

    private SweeperMetrics() {
    }
}
