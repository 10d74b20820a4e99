package com.example.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The age bound against operators who redrive the same dead letters again and again: a shrunk
 * trace of five payments, one of them contested by a conflicting operation whose dead letter the
 * operators move back with the whole DLQ, answer after answer, past the record's 30 days. Under the
 * rules before the age bound (no {@code MAX_MESSAGE_AGE_SECONDS}, signatures not required, as
 * production ran) the conflicting operation is decided once the record has expired, over the
 * decline; under today's rules, signatures off as well, it is refused as too old and nothing is
 * decided twice.
 */
class AgeBoundUnderOperatorsTest {

    private static final TemplateWindows WINDOWS = TemplateWindows.read(Path.of("../template.yaml"));
    private static final Profile PROFILE = Profile.standard(WINDOWS, 5_000);
    /** What {@code make simulate SEED=1 PAYMENTS=5000 RULES=before-age-bound} shrank to. */
    private static final Trace BOUNCING_CONFLICT = Trace.of(1)
            .withPayments(Trace.parseRanges("KEEP_PAYMENTS", "2000,3757,3798,3906,4179"))
            .withFaults(Trace.parseRanges("KEEP_FAULTS", "none"));

    @Test
    void beforeTheAgeBound_aConflictRedrivenPastItsRecord_isDecidedTwice() {
        // GIVEN the rules before the age bound WHEN the operators redrive the conflict's letter again and again
        Result result = Simulation.run(BOUNCING_CONFLICT, PROFILE.with(Rules.BEFORE_AGE_BOUND), WINDOWS);
        // THEN "none decided twice" fails on the contested payment: declined, then approved after its record expired
        assertTrue(result.byOracle().containsKey("none decided twice"), () -> result.violations().toString());
        assertEquals("none decided twice: TXN-S-2000", result.first().oracle() + ": " + result.first().txnId());
        assertTrue(result.first().detail().matches("decided DECLINED at 1d.*, then APPROVED at 3[0-9]d.* \\(differently\\)"),
                result.first()::detail);
    }

    @Test
    void todaysRules_signaturesOff_theSameTrace_decideNothingTwice() {
        // GIVEN today's age bound, and no signatures (the template's default) WHEN the same operators redrive the same letters
        Result result = Simulation.run(BOUNCING_CONFLICT, PROFILE.with(Rules.TODAY.withSignatures(false)), WINDOWS);
        // THEN no oracle fails, and the letters were redriven more than once
        assertEquals(0, result.violations().size(), () -> result.violations().toString());
        assertTrue(result.redrives() > 1, result::line);
    }
}
