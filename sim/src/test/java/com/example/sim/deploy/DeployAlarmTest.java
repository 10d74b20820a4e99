package com.example.sim.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.template.Template;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The deployment's alarms as template.yaml sets them, and CloudWatch's evaluation of their periods. */
class DeployAlarmTest {

    private static final long MINUTE = 60_000_000L;
    private static final List<DeployAlarm> ALARMS = DeployAlarm.of(Template.read(Path.of("../template.yaml")), "PaymentAuthorizerFunction");

    private static DeployAlarm alarm(String id) {
        return ALARMS.stream().filter(a -> a.logicalId().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void theDeploymentPreference_namesErrorsByVersion_deadLettering_conflicts_duplicates_andStoreLatency() {
        assertEquals(List.of("NewVersionErrorsAlarm", "DeadLetteringAlarm", "ConflictAlarm", "DuplicateRateAlarm", "StoreLatencyAlarm"),
                ALARMS.stream().map(DeployAlarm::logicalId).toList());
        assertEquals("AWS/Lambda Errors ExecutedVersion", alarm("NewVersionErrorsAlarm").metric());
        DeployAlarm deadLettering = alarm("DeadLetteringAlarm");
        assertEquals("Payments DeadLettered", deadLettering.metric());
        assertEquals(Optional.of("Payments Received"), deadLettering.per());
        assertEquals(MINUTE, deadLettering.periodMicros());
        assertEquals(DeployAlarm.EXPRESSION, alarm("DuplicateRateAlarm").metric());
    }

    @Test
    void aRate_firesOnceItsMinuteIsSeen_andOnlyAboveItsShare() {
        DeployAlarm deadLettering = alarm("DeadLetteringAlarm");
        Datapoints datapoints = new Datapoints();
        // GIVEN 100 payments received in the minute from 10:00, 6 of them dead-lettered (6 %)
        for (int i = 0; i < 100; i++) {
            datapoints.add("Payments Received", 10 * MINUTE + i);
        }
        for (int i = 0; i < 6; i++) {
            datapoints.add("Payments DeadLettered", 10 * MINUTE + i);
        }
        // THEN it is not seen before the minute has ended and its datapoint arrived (12:00), then it fires
        assertFalse(deadLettering.firing(datapoints, 11 * MINUTE + MINUTE / 2));
        assertTrue(deadLettering.firing(datapoints, 12 * MINUTE));
        // AND 4 % of another minute does not
        Datapoints fewer = new Datapoints();
        for (int i = 0; i < 100; i++) {
            fewer.add("Payments Received", 10 * MINUTE + i);
        }
        for (int i = 0; i < 4; i++) {
            fewer.add("Payments DeadLettered", 10 * MINUTE + i);
        }
        assertFalse(deadLettering.firing(fewer, 12 * MINUTE));
    }
}
