package com.example.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Poison and conflicts among the payments (reduced traffic: 200 payments, 20 extra deliveries, 2
 * poison messages and 2 conflicts): as deployed, each reaches the DLQ in the invocation that first
 * sees it, with its reason, never redelivered; the payments are decided exactly once around them.
 * How long each took is a report figure (make reliability), not asserted here. Lambda leaves a
 * message it is not told failed to be deleted by the event source mapping ("Handling errors for an
 * SQS event source in Lambda", https://docs.aws.amazon.com/lambda/latest/dg/services-sqs-errorhandling.html).
 */
@ExtendWith(LocalAwsExtension.class)
class UndecidableMessagesTest {

    private final ScenarioRunner runner;

    UndecidableMessagesTest(LocalAws aws) {
        this.runner = new ScenarioRunner(aws, Duration.ofMinutes(2));
    }

    @Test
    void poisonAndConflicts_reachTheDlqAtOnce_withTheirReason() {
        // GIVEN 2 poison messages and 2 conflicts among 220 deliveries of 200 payments
        Scenario scenario = new Scenario(Implementation.RECEIVER, UndecidableMessages.AT_ONCE, 200, 20, 1, 17);
        assertEquals(2, scenario.undecidable());

        // WHEN the function consumes the queue
        Result result = runner.run(scenario);

        // THEN every payment is decided once, nothing lost or stuck
        assertTrue(result.drained(), result.toString());
        assertEquals(200, result.decisions(), result.toString());
        assertEquals(0, result.extraDebits(), result.toString());
        assertEquals(0, result.missingDebits(), result.toString());
        assertEquals(0, result.lost(), result.toString());
        assertEquals(0, result.stuck(), result.toString());
        // AND the four undecidable messages, and nothing else, are in the DLQ, each with its reason
        DeadLetters deadLetters = result.deadLetters().orElseThrow();
        assertEquals(4, deadLetters.expected(), result.toString());
        assertEquals(4, deadLetters.found(), result.toString());
        assertEquals(4, deadLetters.withReason(), result.toString());
        assertEquals(4, result.dlq(), result.toString());
        // AND none was handed to the function twice: each went to the DLQ in its first invocation
        assertEquals(scenario.messages(), result.deliveries(), result.toString());
    }
}
