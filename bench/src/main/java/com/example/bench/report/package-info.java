/**
 * The benchmarks' report: each benchmark writes a markdown section and its JSON under
 * {@code bench/target/sections/} ({@link com.example.bench.report.SectionFile});
 * {@link com.example.bench.report.CpuSection} turns JMH's {@code jmh-cpu.json} into one;
 * {@link com.example.bench.report.BenchmarksReport} puts every section present, in file-name
 * order, under a header describing the machine into {@code docs/benchmarks.md}.
 */
package com.example.bench.report;
