/**
 * The virtual clock a run lives on: the {@code Scheduler} (one priority queue of events by
 * virtual time, one seeded random source) and its fibers, virtual threads of which exactly one runs
 * at a time, handed the turn at each model call; {@code LaneExecutor}, the receiver's lanes on them.
 */
package com.example.sim.runtime;
