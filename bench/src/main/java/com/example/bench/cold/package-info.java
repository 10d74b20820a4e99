/**
 * The cold-start and memory benchmark ({@code make bench-cold}): fresh runtimes under the Lambda
 * runtime emulator, ours against the Powertools baseline, and the variants that may shorten a
 * cold start (the SDK's HTTP client, the JIT and class-data settings, SnapStart priming). The
 * handlers here exist for the benchmark only: each builds one variant of a function from its
 * environment, as Lambda would construct it. Never run by {@code make test}.
 */
package com.example.bench.cold;
