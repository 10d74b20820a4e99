package com.example.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

class CpuSectionTest {

    @Test
    void jmhJson_givesMedianAndExtremesInMicroseconds_andTheAllocationPerOperation() throws Exception {
        // GIVEN JMH's JSON for two benchmarks in ns/op, one with the gc profiler's allocation
        String json = """
                [{"benchmark": "com.example.bench.PaymentPathBenchmark.purePath",
                  "primaryMetric": {"score": 9000.0, "scoreUnit": "ns/op",
                    "scorePercentiles": {"0.0": 8000.0, "50.0": 8500.0, "100.0": 12000.0}},
                  "secondaryMetrics": {"gc.alloc.rate.norm": {"score": 4096.0, "scoreUnit": "B/op"}}},
                 {"benchmark": "com.example.bench.PaymentPathBenchmark.fingerprint",
                  "primaryMetric": {"score": 1500.0, "scoreUnit": "ns/op",
                    "scorePercentiles": {"0.0": 1000.0, "50.0": 1500.0, "100.0": 2000.0}},
                  "secondaryMetrics": {}}]
                """;
        // WHEN read
        List<CpuSection.Figure> figures = CpuSection.read(new ObjectMapper().readTree(json));
        // THEN µs per operation, named by method, allocation when present
        assertEquals(new CpuSection.Figure("purePath", 8.5, 8.0, 12.0, 4096.0), figures.get(0));
        assertEquals("fingerprint", figures.get(1).benchmark());
        assertEquals(1.5, figures.get(1).medianMicros(), 1e-9);
        assertTrue(Double.isNaN(figures.get(1).allocatedBytes()));
    }

    @Test
    void theSignatureCheck_isSetAgainstThePurePath_whenMeasured() {
        CpuSection.Figure pure = new CpuSection.Figure("purePath", 8.0, 7.0, 9.0, 18000.0);
        CpuSection.Figure check = new CpuSection.Figure("signatureCheck", 2.0, 1.5, 2.5, 1352.0);
        String sentence = CpuSection.signatureCheck(List.of(pure, check));
        assertTrue(sentence.contains("adds 2.00 µs (25 % of the pure path's median) and 1352 bytes per message"), sentence);
        assertEquals("", CpuSection.signatureCheck(List.of(pure)));
    }
}
