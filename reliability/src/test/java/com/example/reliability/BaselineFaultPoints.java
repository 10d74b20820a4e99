package com.example.reliability;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import java.time.Duration;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The reduced baseline scenarios' runner (60 payments + 20 extra deliveries), shared by
 * {@link BaselineFaultPointsTest} (Powertools 1.15 as released) and {@link FixedUpstreamFaultPointsTest}
 * (its in-progress expiry fixed, as upstream did): two classes, so that the module's test JVMs may run
 * them side by side.
 */
@ExtendWith(LocalAwsExtension.class)
abstract class BaselineFaultPoints {

    private final ScenarioRunner runner;

    BaselineFaultPoints(LocalAws aws) {
        this.runner = new ScenarioRunner(aws, Duration.ofMinutes(2));
    }

    Result run(FaultPoint point) {
        return run(Implementation.POWERTOOLS, point);
    }

    Result run(Implementation baseline, FaultPoint point) {
        Result result = runner.run(new Scenario(baseline, point, 60, 20, 1, 11));
        assertTrue(result.drained(), "queue not drained: " + result);
        return result;
    }
}
