package com.example.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchmarksReportTest {

    @Test
    void sectionsPresent_areConcatenatedInNameOrder_underAHeaderNamingTheOnesNotRun(@TempDir Path dir) throws Exception {
        // GIVEN two sections written out of order, and a file that is not a section
        Path sections = Files.createDirectories(dir.resolve("sections"));
        Files.writeString(sections.resolve("20-batch-latency.md"), "## Latency\n\nsecond\n");
        Files.writeString(sections.resolve("10-round-trips.md"), "## Round trips\n\nfirst\n");
        Files.writeString(sections.resolve("10-round-trips.json"), "{}");
        Path output = dir.resolve("docs/benchmarks.md");
        // WHEN the report is written
        int count = BenchmarksReport.write(sections, output,
                Clock.fixed(Instant.parse("2026-12-02T18:00:00Z"), ZoneOffset.UTC));
        // THEN both sections, in name order, after the machine and the commands; the missing parts named
        String report = Files.readString(output);
        assertEquals(2, count);
        assertTrue(report.startsWith("# Benchmarks\n"));
        assertTrue(report.contains("| cores (nproc) | " + Runtime.getRuntime().availableProcessors() + " |"));
        assertTrue(report.contains("| date (UTC) | 2026-12-02T18:00:00 |"));
        assertTrue(report.contains("make bench "));
        assertTrue(report.contains("Sections in this run: 10-round-trips, 20-batch-latency; not run: 30-cpu, 40-cold-start, 50-memory, 60-local-aws, 70-cost."));
        assertTrue(report.indexOf("## Round trips") < report.indexOf("## Latency"));
        assertFalse(report.contains("{}"));
    }

    @Test
    void aMergedSection_replacesTheOneWithItsHeading_orIsAppended_theRestKept(@TempDir Path dir) throws Exception {
        // GIVEN a report with three sections
        Path output = dir.resolve("benchmarks.md");
        Files.writeString(output, "# Benchmarks\n\nheader\n\n## A\n\nold a\n\n## B\n\nold b\n\n## C\n\nold c\n");
        Path newB = Files.writeString(dir.resolve("60-b.md"), "## B\n\nnew b\n");
        Path newD = Files.writeString(dir.resolve("70-d.md"), "## D\n\nnew d\n");
        // WHEN a section with B's heading, then one with a new heading, are merged
        BenchmarksReport.merge(newB, output);
        BenchmarksReport.merge(newD, output);
        // THEN B is replaced where it was, D comes last, the header, A and C are untouched
        assertEquals("# Benchmarks\n\nheader\n\n## A\n\nold a\n\n## B\n\nnew b\n\n## C\n\nold c\n\n## D\n\nnew d\n",
                Files.readString(output));
    }
}
