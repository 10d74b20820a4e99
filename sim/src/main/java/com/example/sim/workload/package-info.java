/**
 * What a run is made to live through, drawn from its seed: the payments ({@code Workload},
 * {@code Payment}, those decided before the run in {@code History}), the producers that send them
 * ({@code Producers}, each message they sent known by its SQS identity in {@code SentMessages}),
 * and the operators who redrive the DLQ and replay the stream's failure queue.
 */
package com.example.sim.workload;
