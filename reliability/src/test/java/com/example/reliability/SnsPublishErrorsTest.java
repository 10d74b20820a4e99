package com.example.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Ours with the stream publisher behind it while SNS refuses publishes (all of them for the first
 * seconds, then some at random), reduced traffic: 80 payments + 20 extra deliveries. The
 * authorizer's invariants hold and every decision reaches the topic at least once. How often a
 * decision went out twice is a report figure (make reliability), not asserted here.
 */
@ExtendWith(LocalAwsExtension.class)
class SnsPublishErrorsTest {

    private final ScenarioRunner runner;

    SnsPublishErrorsTest(LocalAws aws) {
        this.runner = new ScenarioRunner(aws, Duration.ofMinutes(2));
    }

    @Test
    void snsRefusingPublishes_neverBreaksExactlyOnce_andEveryDecisionReachesTheTopic() {
        // GIVEN the topic refuses every publish at first, then one in twenty at random
        Result result = runner.run(new Scenario(Implementation.RECEIVER, DependencyFault.SNS_PUBLISH_ERRORS, 80, 20, 1, 17));
        Publishing publishing = result.publishing().orElseThrow();
        // THEN every payment is decided once, nothing lost, nothing stuck
        assertTrue(result.drained(), result.toString());
        assertEquals(0, result.extraDebits(), result.toString());
        assertEquals(0, result.lost(), result.toString());
        assertEquals(0, result.stuck(), result.toString());
        // AND the topic did refuse publishes, yet every final record's decision is on it at least once
        assertTrue(publishing.injectedFailures() > 0, publishing.toString());
        assertEquals(result.decisions(), publishing.decisions(), publishing.toString());
        assertEquals(0, publishing.neverPublished(), publishing.toString());
        assertTrue(publishing.publishes() >= publishing.decisions(), publishing.toString());
        // AND no stream batch ran out of retries
        assertEquals(0, publishing.onFailureBatches(), publishing.toString());
    }
}
