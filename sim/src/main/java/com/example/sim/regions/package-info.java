/**
 * Regions in the simulation: the run's Regions lost and partitioned ({@link
 * com.example.sim.regions.RegionOutages}), a global table's replication between their replicas in
 * multi-Region eventual consistency ({@link com.example.sim.regions.MrecReplication}), and the
 * producers that fail over to another Region's queue and send again ({@link
 * com.example.sim.regions.FailoverRoute}). Each Region runs the real receiver on its own queue and
 * replica; {@code RegionsSimulation} wires them, {@code RegionsRun} is {@code make simulate
 * PROFILE=regions}.
 */
package com.example.sim.regions;
