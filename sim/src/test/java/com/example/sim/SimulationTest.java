package com.example.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** A run is a pure function of its trace, and a run on the template's windows fails no oracle. */
class SimulationTest {

    private static final TemplateWindows WINDOWS = TemplateWindows.read(Path.of("../template.yaml"));
    private static final Profile PROFILE = Profile.standard(WINDOWS, 3_000);

    @Test
    void sameSeedTwice_givesTheSameResult_byteForByte() {
        // GIVEN one seed WHEN it runs twice THEN every figure and every oracle's verdict is the same
        String first = Simulation.run(Trace.of(7), PROFILE, WINDOWS).line();
        String second = Simulation.run(Trace.of(7), PROFILE, WINDOWS).line();
        assertEquals(first, second);
        // AND another seed is another run
        assertTrue(!first.substring(first.indexOf(' ')).equals(
                Simulation.run(Trace.of(8), PROFILE, WINDOWS).line().substring(first.indexOf(' '))));
    }

    @Test
    void templateWindows_areTheTemplatesDefaults() {
        assertEquals(15, WINDOWS.maxReceiveCount());
        assertEquals(2_592_000, WINDOWS.recordTtlSeconds());
        assertEquals(181, WINDOWS.visibilityTimeoutSeconds());
        assertEquals(1_209_600, WINDOWS.deadLetterRetentionSeconds());
        assertEquals(30, WINDOWS.functionTimeoutSeconds());
        assertEquals(1_555_200, WINDOWS.maxPaymentAgeSeconds());
    }

    @Test
    void aSeedOnTheTemplatesWindows_failsNoOracle() {
        Result result = Simulation.run(Trace.of(3), PROFILE, WINDOWS);
        assertEquals(0, result.violations().size(), () -> result.violations().toString());
        assertTrue(result.approved() > 0 && result.declined() > 0, result::line);
    }

    @Test
    void aSeedWithTheFastPath_answersDuplicatesFromTheCache_andWithoutIt_fromDynamoDb() {
        // GIVEN the default profile (the fast path on, as with EnableFastPath=true) and the same seed without it
        Result cached = Simulation.run(Trace.of(3), PROFILE, WINDOWS);
        Result uncached = Simulation.run(Trace.of(3), PROFILE.with("off", "standard"), WINDOWS);
        // THEN the cache answers duplicates, and the run without it has no cache figures at all
        assertTrue(cached.line().matches(".* cache=serverless duplicates_by_cache=[1-9][0-9]* .*"), cached::line);
        assertTrue(!uncached.line().contains("cache="), uncached::line);
        assertEquals(0, uncached.violations().size(), () -> uncached.violations().toString());
    }

    @Test
    void aSeedOnFifoQueues_failsNoOracle_theOrderOneIncluded() {
        Result result = Simulation.run(Trace.of(3), PROFILE.with("cluster", "fifo"), WINDOWS);
        assertEquals(0, result.violations().size(), () -> result.violations().toString());
        assertTrue(result.approved() > 0 && result.line().contains("cache=cluster"), result::line);
    }

    @Test
    void aShrunkTrace_keepsOnlyWhatItNames() {
        java.util.BitSet kept = Trace.parseRanges("KEEP_PAYMENTS", "3,10-12");
        Trace trace = Trace.of(5).withPayments(kept).withFaults(new java.util.BitSet());
        assertEquals("SEED=5 KEEP_PAYMENTS=3,10-12 KEEP_FAULTS=none", trace.variables());
        Result result = Simulation.run(trace, PROFILE, WINDOWS);
        assertEquals(4, result.payments());
    }
}
