/**
 * End-to-end benchmarks against the local AWS (the moto launcher and a one-node TLS Redis Cluster of real redis-servers), ours
 * side by side with the Powertools baseline of the reliability module: {@link
 * com.example.bench.endtoend.RoundTrips} counts the DynamoDB calls, write units and Redis round
 * trips per message kind; {@link com.example.bench.endtoend.BatchLatency} times batches of 10
 * behind a loopback proxy that adds network delay; {@link com.example.bench.endtoend.CostRun}
 * measures what the bill of a million payments is made of. Their traffic is the one generator's
 * (testing/payment-traffic), and every run is judged by its reference model
 * ({@link com.example.bench.judge.ReferenceJudge}). Each writes a section of
 * {@code docs/benchmarks.md}. Run by {@code make bench}, never by {@code make test}.
 */
package com.example.bench.endtoend;
