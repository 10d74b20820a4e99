/**
 * The fast path on Redis (ElastiCache): one {@code MGET} per batch, one pipelined
 * {@code SET ... EX} after it, tight timeouts, and a circuit breaker so that a sick cache costs
 * at most one timeout per breaker period. A cache only: it is never asked to be right.
 */
package com.example.receiver.redis;
