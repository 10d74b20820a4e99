package com.example.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.sim.compat.LastRelease;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The last release and the working tree deciding the same payments ({@code make compat-sim}), one
 * small seed of it: the release's authorizer, loaded from the package {@code make last-release}
 * built, and the working tree's, on one alias with a rollback midway, through the fault schedule,
 * producer retries and redrives.
 */
class CompatTest {

    private static final Path TEMPLATE = Path.of("../template.yaml");
    private static final TemplateWindows WINDOWS = TemplateWindows.read(TEMPLATE);

    @Test
    void theReleaseAndTheWorkingTree_decideTheSamePayments_eachReadingTheOthersRecordsAndMessages() throws Exception {
        // GIVEN the last release, built once (a step of make test before this one)
        Compat compat = Compat.of(LastRelease.folder());
        // WHEN both take one seed's 300 payments at once, the working tree rolled back midway and forward again
        Result result = Simulation.run(Trace.of(1), Profile.compat(WINDOWS, 300), WINDOWS, compat);
        CompatSetup.Figures versions = result.compat().orElseThrow();
        // THEN every oracle holds: none decided twice or lost, balances, each decision published once, no false
        // conflict, every record readable by both, every decision message read by the released notifier
        assertEquals(List.of(), result.violations(), result::line);
        // AND both versions decided payments, and each answered copies of payments the other had decided as duplicates
        for (CompatSetup.Counts counts : List.of(versions.released(), versions.workingTree())) {
            assertTrue(counts.approved() > 0 && counts.declined() > 0, result::line);
            assertTrue(counts.duplicatesOfTheOther() > 0, result::line);
        }
    }
}
