package com.example.payment.storesize;

import com.example.receiver.telemetry.Metric;

/** The dedup store's size (dimension {@code Service=dedup-store}), as {@code DescribeTable} last reported it. */
public enum StoreSizeMetric implements Metric {
    ITEM_COUNT("DedupStoreItemCount", Unit.COUNT),
    SIZE_BYTES("DedupStoreSizeBytes", Unit.BYTES);

    private final String metricName;
    private final Unit unit;

    StoreSizeMetric(String metricName, Unit unit) {
        this.metricName = metricName;
        this.unit = unit;
    }

    @Override
    public String metricName() {
        return metricName;
    }

    @Override
    public Unit unit() {
        return unit;
    }
}
