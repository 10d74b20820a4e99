/**
 * Charts for the generated reports ({@code docs/benchmarks.md}, {@code docs/reliability.md}):
 * Mermaid {@code xychart-beta} blocks written beside the tables they picture. Shared by the
 * reliability report and the benchmarks, which depend on this module.
 */
package com.example.reliability.chart;
