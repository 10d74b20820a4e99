/**
 * The library's test kit: what a harness needs to put faults and fakes inside a receiver its
 * builder wires, without a method of the production builder. {@link com.example.receiver.testing.ReceiverTestKit}
 * attaches to one {@link com.example.receiver.lambda.ReceiverBuilder}: a store of the test's own or
 * around the real one ({@link com.example.receiver.testing.TestStore}), hooks after every commit and
 * after every lookup of the fast path (its hits as {@link com.example.receiver.testing.CachedAnswer}s)
 * and on each message's report, and a model of the cache's nodes under the real fast path
 * ({@link com.example.receiver.testing.TestCacheNodes}; one always there:
 * {@link com.example.receiver.testing.InMemoryCacheNode}).
 * A function never calls it: what it does not attach runs as in a function.
 */
package com.example.receiver.testing;
