package com.example.storesize;

import com.example.lambdakit.telemetry.Metric;
import java.util.List;

/** The dedup store's size (dimension {@code Service=dedup-store}), as {@code DescribeTable} last reported it. */
public final class StoreSizeMetrics {

    public static final Metric ITEM_COUNT = Metric.count("DedupStoreItemCount");
    public static final Metric SIZE_BYTES = new Metric("DedupStoreSizeBytes", Metric.Unit.BYTES);

    /** The catalogue: every metric above. */
    public static final List<Metric> ALL = List.of(ITEM_COUNT, SIZE_BYTES);

    private StoreSizeMetrics() {
    }
}
