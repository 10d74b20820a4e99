package com.example.sim.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localaws.observability.MetricSamples;
import com.example.sim.runtime.Scheduler;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The deployment's alarms as template.yaml sets them, seen a minute after each period. */
class DeployAlarmTest {

    private static final long MINUTE = 60_000_000L;
    private static final List<DeployAlarm> ALARMS = DeployAlarm.of(Path.of("../template.yaml"), "PaymentAuthorizerFunction");

    private static DeployAlarm alarm(String id) {
        return ALARMS.stream().filter(a -> a.logicalId().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void theDeploymentPreference_namesErrorsByVersion_deadLettering_conflicts_duplicates_andStoreLatency() {
        assertEquals(List.of("NewVersionErrorsAlarm", "DeadLetteringAlarm", "ConflictAlarm", "DuplicateRateAlarm", "StoreLatencyAlarm"),
                ALARMS.stream().map(DeployAlarm::logicalId).toList());
        assertTrue(alarm("NewVersionErrorsAlarm").alarm().metric().dimensions().containsKey("ExecutedVersion"));
        assertEquals(2 * MINUTE, alarm("DeadLetteringAlarm").soonestMicros());
    }

    @Test
    void aRate_firesOnceItsMinuteIsSeen_andOnlyAboveItsShare() {
        DeployAlarm deadLettering = alarm("DeadLetteringAlarm");
        // GIVEN 100 payments received in the minute from 10:00, 6 of them dead-lettered (6 %)
        MetricSamples six = minute(deadLettering, 6);
        // THEN it is not seen before the minute has ended and its datapoint arrived (12:00), then it fires
        assertFalse(deadLettering.firing(six, 11 * MINUTE + MINUTE / 2));
        assertTrue(deadLettering.firing(six, 12 * MINUTE));
        // AND 4 % of another minute does not
        assertFalse(deadLettering.firing(minute(deadLettering, 4), 12 * MINUTE));
    }

    private static MetricSamples minute(DeployAlarm alarm, int deadLettered) {
        MetricSamples samples = new MetricSamples();
        for (int i = 0; i < 100; i++) {
            samples.add(alarm.alarm().metric("received"), Scheduler.EPOCH.plusSeconds(600 + i / 10), 1.0);
        }
        for (int i = 0; i < deadLettered; i++) {
            samples.add(alarm.alarm().metric("deadlettered"), Scheduler.EPOCH.plusSeconds(600 + i), 1.0);
        }
        return samples;
    }
}
