package com.example.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.sim.deploy.CodeDeployment;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The template's gradual deploy of the authorizer, simulated ({@code make simulate PROFILE=canary}):
 * a version that dead-letters good payments is stopped by the deployment's alarms, and every good
 * payment it touched is decided once in the end; its twin, the same deploy without its alarms,
 * loses payments.
 */
class CanaryTest {

    private static final Path TEMPLATE = Path.of("../template.yaml");
    private static final TemplateWindows WINDOWS = TemplateWindows.read(TEMPLATE);
    private static final Profile PROFILE = Profile.canary(WINDOWS, 1_500);
    private static final long START = 15 * 60_000_000L;

    @Test
    void aVersionThatDeadLettersGoodPayments_isRolledBackByTheAlarms_andEachPaymentItTouchedIsDecidedOnce() {
        // GIVEN the template's canary of a version that rejects every good payment, the mapping following the weights
        Result result = Simulation.run(Trace.of(1), PROFILE, WINDOWS, Optional.of(Canary.of(TEMPLATE, START, true, true)));
        CanarySetup.Figures deploy = result.canary().orElseThrow();
        // THEN the dead-lettering alarm stopped it within its period and latency, before the canary's 10 minutes
        assertEquals(CodeDeployment.State.ROLLED_BACK, deploy.state(), result::line);
        assertEquals(Optional.of("DeadLetteringAlarm"), deploy.stoppedBy(), result::line);
        assertTrue(deploy.endedAt() - deploy.startedAt() <= 3 * 60_000_000L, result::line);
        // AND it touched a share of the payments, each of which the runbook's redrive had decided once, no oracle failing
        assertTrue(deploy.touched() > 0 && deploy.deadLettered() > 0, result::line);
        assertEquals(deploy.deadLettered(), deploy.decided(), result::line);
        assertTrue(deploy.redriven() >= deploy.deadLettered(), result::line);
        assertEquals(List.of(), result.violations());
    }

    @Test
    void underTheWorseReading_everyBatchToTheNewVersion_itIsStoppedAsSoon_andNothingIsLost() {
        Result weighted = Simulation.run(Trace.of(1), PROFILE, WINDOWS, Optional.of(Canary.of(TEMPLATE, START, true, true)));
        Result everyBatch = Simulation.run(Trace.of(1), PROFILE, WINDOWS, Optional.of(Canary.of(TEMPLATE, START, true, false)));
        CanarySetup.Figures deploy = everyBatch.canary().orElseThrow();
        assertEquals(CodeDeployment.State.ROLLED_BACK, deploy.state(), everyBatch::line);
        // it touches more payments than the tenth the weights give it, and each is decided once all the same
        assertTrue(deploy.touched() > weighted.canary().orElseThrow().touched(), everyBatch::line);
        assertEquals(deploy.deadLettered(), deploy.decided(), everyBatch::line);
        assertEquals(List.of(), everyBatch.violations());
    }

    @Test
    void aGoodVersion_takesATenthForTenMinutes_thenEverything() {
        Result result = Simulation.run(Trace.of(1), PROFILE, WINDOWS, Optional.of(Canary.of(TEMPLATE, START, false, true)));
        CanarySetup.Figures deploy = result.canary().orElseThrow();
        assertEquals(CodeDeployment.State.SUCCEEDED, deploy.state(), result::line);
        assertEquals(10 * 60_000_000L, deploy.endedAt() - deploy.startedAt(), result::line);
        assertEquals(0, deploy.deadLettered(), result::line);
        assertEquals(List.of(), result.violations());
    }

    @Test
    void withoutItsAlarms_theSameBadVersionTakesEveryPayment_andTheOraclesFail() {
        // GIVEN the same deploy with no alarm to stop it (the twin of the first test)
        Canary unwatched = Canary.of(TEMPLATE, START, true, true);
        unwatched = new Canary(unwatched.type(), List.of(), START, true, true);
        Result result = Simulation.run(Trace.of(1), PROFILE, WINDOWS, Optional.of(unwatched));
        // THEN it succeeds, takes every later payment, and good payments end in the DLQ or are lost
        assertEquals(CodeDeployment.State.SUCCEEDED, result.canary().orElseThrow().state(), result::line);
        assertFalse(result.violations().isEmpty(), result::line);
    }
}
