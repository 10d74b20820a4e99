/**
 * Regions in the simulation: the run's Regions lost and partitioned ({@link
 * com.example.sim.regions.RegionOutages}), global tables in multi-Region eventual consistency
 * ({@link com.example.sim.regions.MrecReplication}: replication between the Regions' replicas) and
 * in multi-Region strong consistency ({@link com.example.sim.regions.MrscGlobalTable}), the
 * producers that fail over to another Region's queue and send again ({@link
 * com.example.sim.regions.FailoverRoute}), and design (b): its consumer ({@link
 * com.example.sim.regions.AccountItemReceiver}) deciding by the library's single-write commit, one
 * conditional write per payment on the account item ({@link com.example.sim.regions.SingleWrite}),
 * its sweeper instead of TTL ({@link com.example.sim.regions.RecordSweeper}), its publishers, one
 * per Region, filtered on the record's Region ({@link com.example.sim.regions.RegionalPublishers}),
 * and the item's size and its 400 KB bound ({@link com.example.sim.regions.ItemSize}); design
 * (c)'s homes and fence ({@link com.example.sim.regions.HomeRegions}, {@link
 * com.example.sim.regions.FencedReplica}). Designs (a) and (c) run the real receiver in each Region
 * ({@code MrecRegions}); {@code RegionsSimulation} wires a design's Regions,
 * {@code RegionsRun} is {@code make simulate PROFILE=regions DESIGN=...}.
 */
package com.example.sim.regions;
