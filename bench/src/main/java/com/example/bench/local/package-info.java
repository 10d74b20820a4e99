/**
 * The local AWS at volume ({@code make bench-local}): {@link com.example.bench.local.LocalAwsVolume}
 * sends generated payments through {@code make send} and {@code make drain}, as a user runs them,
 * at several sizes, checks that every payment was decided once, and writes the per-message times
 * and deliveries per second as a section of {@code docs/benchmarks.md}. Never run by {@code make test}.
 */
package com.example.bench.local;
