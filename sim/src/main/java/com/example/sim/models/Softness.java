package com.example.sim.models;

/**
 * The models' former kindnesses to the receiver, each kept as a switch so that a test can turn
 * one back on alone and show which check tells it from AWS (docs/simulation.md, "How the models
 * differ from AWS"). A run of the simulation never turns one on: every model is as harsh as AWS
 * documents, or harsher where a page is vague. (The third, no SDK timeouts, is an {@link SdkRetries}
 * built without its {@link SdkRetries.Deadlines}.)
 */
enum Softness {
    /** A FIFO queue's message keeps its enqueue time and deduplication id when moved to its FIFO DLQ. */
    FIFO_DEAD_LETTERS_KEEP_THEIR_CLOCK,
    /** Each item its own partition of 1 000 write units a second: no hot key shares one. */
    ONE_PARTITION_PER_ITEM
}
