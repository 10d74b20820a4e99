package com.example.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import java.time.Duration;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The receiver while Redis is stopped, slow or blackholed, while DynamoDB throttles or answers
 * 500s in bursts, and while its tables' write capacity throttles the excess (reduced traffic: 60
 * payments + 20 extra deliveries): the invariants hold, and capacity throttling, which back-off
 * relieves, sends nothing to the DLQ. The added latency is a report figure (make reliability), not asserted here. SNS publish
 * errors need the stream publisher behind ours: {@link SnsPublishErrorsTest}.
 */
@ExtendWith(LocalAwsExtension.class)
class DependencyFaultsTest {

    private final ScenarioRunner runner;

    DependencyFaultsTest(LocalAws aws) {
        this.runner = new ScenarioRunner(aws, Duration.ofMinutes(2));
    }

    @ParameterizedTest
    @EnumSource(value = DependencyFault.class, mode = EnumSource.Mode.EXCLUDE, names = "SNS_PUBLISH_ERRORS")
    void aFailingDependency_neverBreaksExactlyOnce(DependencyFault fault) {
        // GIVEN the dependency fails from the start until half the messages are handled, the
        // payments on 3 accounts (every batch commits several of one account together)
        Result result = runner.run(new Scenario(Implementation.RECEIVER, fault, 60, 20, 1, 13).onAccounts(3));
        // THEN every payment is decided once, nothing lost, nothing stuck
        assertTrue(result.drained(), result.toString());
        assertEquals(0, result.extraDebits(), result.toString());
        assertEquals(0, result.lost(), result.toString());
        assertEquals(0, result.stuck(), result.toString());
        // a payment not decided is in the DLQ (lost == 0 says so), with nothing written for it
        assertTrue(result.missingDebits() <= 60 - result.decisions(), result.toString());
        if (fault == DependencyFault.DYNAMODB_CAPACITY) {
            // AND throttling by capacity did happen, and back-off within the invocation outlasted
            // it: every message decided at its first receive, none redelivered, nothing in the DLQ
            assertTrue(result.throttled() > 0, "nothing was throttled: " + result);
            assertEquals(result.scenario().messages(), result.deliveries(), result.toString());
            assertEquals(0, result.dlq(), result.toString());
            assertEquals(60, result.decisions(), result.toString());
        }
    }
}
