package com.example.sim.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** CodeDeploy's predefined Lambda deployment configurations, as SAM names them. */
class DeploymentTypeTest {

    private static final long MINUTE = 60_000_000L;

    @Test
    void aCanary_shiftsItsShare_thenEverythingAfterItsInterval() {
        assertEquals(List.of(new DeploymentType.Step(0, 0.1), new DeploymentType.Step(10 * MINUTE, 1.0)),
                DeploymentType.named("Canary10Percent10Minutes").steps());
    }

    @Test
    void aLinearShift_addsItsShareEveryInterval_untilEverything() {
        List<DeploymentType.Step> steps = DeploymentType.named("Linear10PercentEvery2Minutes").steps();
        assertEquals(10, steps.size());
        assertEquals(new DeploymentType.Step(0, 0.1), steps.get(0));
        assertEquals(new DeploymentType.Step(18 * MINUTE, 1.0), steps.get(9));
        assertEquals(List.of(new DeploymentType.Step(0, 1.0)), DeploymentType.named("AllAtOnce").steps());
    }

    @Test
    void aNameThatIsNoLambdaConfiguration_isRefused() {
        assertThrows(IllegalArgumentException.class, () -> DeploymentType.named("HalfAtOnce"));
    }
}
