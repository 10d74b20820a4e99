/**
 * The faults a run meets, drawn from its seed as windows of virtual time and rates per call
 * ({@code FaultSchedule}: DynamoDB, Lambda, the topic), and the cache's failovers and silent
 * shards ({@code CacheFaults}); a shrunk trace keeps the windows it names.
 */
package com.example.sim.faults;
