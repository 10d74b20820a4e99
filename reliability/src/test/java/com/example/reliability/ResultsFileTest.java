package com.example.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code make reliability-report}: the report written again from a run's saved results. Under a second. */
class ResultsFileTest {

    @TempDir
    Path folder;

    static final Instant STARTED = Instant.parse("2026-12-04T07:05:37.123456Z");

    /** A run's results of every shape: each fault type, with and without the optional parts. */
    static List<Result> results() {
        return List.of(
                result(new Scenario(Implementation.RECEIVER, FaultPoint.RESPONSE_LOST, 4_000, 1_000, 1, 7), 0,
                        Optional.empty(), Optional.of(new Latency(4_000, 1447.25, 2405.5, 2784.0))),
                result(new Scenario(Implementation.POWERTOOLS, FaultPoint.RESPONSE_LOST, 4_000, 1_000, 1, 7), 179,
                        Optional.empty(), Optional.empty()),
                result(new Scenario(Implementation.POWERTOOLS_FIXED, FaultPoint.CRASH_BEFORE_COMPLETED, 4_000, 1_000, 1, 7), 20,
                        Optional.empty(), Optional.empty()),
                result(new Scenario(Implementation.RECEIVER, DependencyFault.SNS_PUBLISH_ERRORS, 4_000, 1_000, 1, 7), 0,
                        Optional.of(new Publishing(4_000, 0, 0, 4_000, 0, 63)), Optional.empty()),
                result(new Scenario(Implementation.RECEIVER, FaultPoint.NONE, 2_000, 4_000, 8, 9).onAccounts(1)
                        .withConflicts(Duration.ofMillis(10)), 0, Optional.empty(), Optional.of(new Latency(2_000, 30, 90, 120))),
                result(new Scenario(Implementation.RECEIVER, UndecidableMessages.AT_ONCE, 4_000, 1_000, 1, 7), 0,
                        Optional.empty(), Optional.empty(), Optional.of(new DeadLetters(80, 80, 80,
                                Optional.of(new Latency(40, 120, 410, 450.5)), Optional.empty()))));
    }

    private static Result result(Scenario scenario, long extraDebits, Optional<Publishing> publishing,
                                 Optional<Latency> sendToDecision) {
        return result(scenario, extraDebits, publishing, sendToDecision, Optional.empty());
    }

    private static Result result(Scenario scenario, long extraDebits, Optional<Publishing> publishing,
                                 Optional<Latency> sendToDecision, Optional<DeadLetters> deadLetters) {
        int decisions = scenario.payments();
        return new Result(scenario, decisions, extraDebits, 0, 0, 0, 0, 3_800, 3_800, 20, 200, 21, 5.625,
                812.3, true, Duration.ofMillis(84_017).plusNanos(5), publishing, sendToDecision, 3, 4, 5_000, deadLetters);
    }

    @Test
    void savedResults_readBackEqual_fieldForField() {
        // GIVEN a run's results WHEN saved and read back
        ResultsFile.Run run = new ResultsFile.Run(STARTED, Duration.ofSeconds(1299), "AMD EPYC, 2 cores", results(),
                List.of("2026-12-04T17:10:00Z: UndecidableMessages.AT_ONCE run again (1 scenarios, 95 s, on m), their rows replaced"));
        Path file = folder.resolve("target/results.json");
        ResultsFile.write(file, run);

        // THEN every result, its scenario and its optional parts are as they were
        assertEquals(run, ResultsFile.read(file));
    }

    @Test
    void theReportFromSavedResults_isTheReportTheRunWrote() {
        // GIVEN the report a run writes
        ResultsFile.Run run = new ResultsFile.Run(STARTED, Duration.ofSeconds(1299), "AMD EPYC, 2 cores", results());
        String written = new ReportMarkdown(run.results(), run.started(), run.wall(), run.machine()).render();

        // WHEN written again from the saved file, on another day and machine
        Path file = folder.resolve("results.json");
        ResultsFile.write(file, run);
        ResultsFile.Run saved = ResultsFile.read(file);
        String again = new ReportMarkdown(saved.results(), saved.started(), saved.wall(), saved.machine()).render();

        // THEN it is the same text, the run's machine and date included
        assertEquals(written, again);
        assertTrue(again.contains("on 2026-12-04T07:05:37Z, in 1299 s, on AMD EPYC, 2 cores."), again.lines().limit(4).toList().toString());
    }

    @Test
    void aFaultOfNoKnownKind_isRefusedNamingTheField() throws IOException {
        Path file = folder.resolve("results.json");
        ResultsFile.write(file, new ResultsFile.Run(STARTED, Duration.ZERO, "m", results().subList(0, 1)));
        Files.writeString(file, Files.readString(file).replace("FaultPoint.RESPONSE_LOST", "Crash.SOMEWHERE"));

        assertEquals("fault must be FaultPoint.<NAME>, DependencyFault.<NAME> or UndecidableMessages.<NAME>, was 'Crash.SOMEWHERE'",
                assertThrows(IllegalArgumentException.class, () -> ResultsFile.read(file)).getMessage());
    }
}
