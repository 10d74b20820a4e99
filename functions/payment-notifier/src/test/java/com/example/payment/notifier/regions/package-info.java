/**
 * The multi-Region runbook entries of docs/multi-region.md ("A Region is lost", "It came back")
 * walked on the local AWS: two Regions' queues, functions and topics on the same tables, the
 * local stand-in for MRSC global tables. What the local AWS cannot show (replication, a Region
 * cut off refusing writes by itself, {@code ReplicatedWriteConflictException}) the simulation
 * walks (docs/simulation.md, "Regions").
 */
package com.example.payment.notifier.regions;
