/**
 * Regions in the simulation: the run's Regions lost and partitioned ({@link
 * com.example.sim.regions.RegionOutages}), global tables in multi-Region eventual consistency
 * ({@link com.example.sim.regions.MrecReplication}: replication between the Regions' replicas) and
 * in multi-Region strong consistency ({@link com.example.sim.regions.MrscGlobalTable}), the
 * producers that fail over to another Region's queue and send again ({@link
 * com.example.sim.regions.FailoverRoute}), and design (b)'s consumer, one conditional write per
 * payment on the account item ({@link com.example.sim.regions.AccountItemReceiver}). Design (a)
 * runs the real receiver in each Region; {@code RegionsSimulation} wires a design's Regions,
 * {@code RegionsRun} is {@code make simulate PROFILE=regions DESIGN=...}.
 */
package com.example.sim.regions;
