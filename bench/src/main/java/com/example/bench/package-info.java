/**
 * JMH benchmarks of the CPU one message costs the payment authorizer, without network: parsing
 * and validation, the fingerprint, the transaction's write items, and the whole commit through
 * the real AWS SDK client over an in-memory transport. Run by {@code make bench-cpu}, never by
 * {@code make test}, which only compiles them.
 */
package com.example.bench;
