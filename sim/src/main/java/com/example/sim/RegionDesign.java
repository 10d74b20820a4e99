package com.example.sim;

import java.util.Arrays;

/**
 * A multi-Region design the regions profile runs ({@code make simulate PROFILE=regions DESIGN=...}).
 */
enum RegionDesign {

    /**
     * Design (a): today's receiver in every Region, each on its Region's replica of global tables
     * in multi-Region eventual consistency ({@link com.example.sim.regions.MrecReplication}): its
     * transaction atomic in its Region only, replicated item by item, last writer wins.
     */
    MREC_TODAY("mrec-today"),

    /**
     * Design (b): no transactions, on a global table in MRSC ({@link com.example.sim.regions.MrscGlobalTable}):
     * one conditional write per payment on the account item itself, its decision kept on the item,
     * the idempotency record and the ledger entry derived from the stream
     * ({@link com.example.sim.regions.AccountItemReceiver}).
     */
    MRSC_ACCOUNT_ITEM("mrsc-account-item");

    private final String id;

    RegionDesign(String id) {
        this.id = id;
    }

    String id() {
        return id;
    }

    static RegionDesign named(String id) {
        return Arrays.stream(values()).filter(d -> d.id.equals(id)).findFirst().orElseThrow(() -> new IllegalArgumentException(
                "DESIGN must be one of " + Arrays.stream(values()).map(RegionDesign::id).toList() + ", was '" + id + "'"));
    }
}
