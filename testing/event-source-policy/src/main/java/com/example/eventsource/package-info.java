/**
 * Lambda's event source mapping rules, as pure decisions shared by the simulation's Lambda models
 * and the local AWS's mappings: what an invocation's answer does to an SQS batch
 * ({@link com.example.eventsource.SqsPolicy}) and to a DynamoDB stream's shard
 * ({@link com.example.eventsource.StreamPolicy}). Inputs in, a decision out: no I/O, no clock
 * read, no thread; the caller acts on the decision (deletes, checkpoints, sends to the on-failure
 * destination).
 */
package com.example.eventsource;
