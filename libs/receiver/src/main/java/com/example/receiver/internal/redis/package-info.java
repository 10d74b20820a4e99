/**
 * The fast path on Redis (ElastiCache Serverless, or a node-based cache with or without cluster
 * mode): a batch's keys grouped by the node serving their hash slot, one pipelined round trip
 * per node with the nodes asked in parallel, redirections followed, values signed with
 * HMAC-SHA256, tight timeouts, pooled connections retired before the network's idle timeout
 * can drop them, and a circuit breaker per node so that a sick node costs at most one timeout per
 * breaker period and never blinds the others. A cache only: it is never asked to
 * be right.
 */
package com.example.receiver.internal.redis;
