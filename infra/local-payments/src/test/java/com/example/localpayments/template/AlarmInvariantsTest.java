package com.example.localpayments.template;

import static com.example.localpayments.template.ProjectTemplate.MODEL;
import static com.example.localpayments.template.ProjectTemplate.breach;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The template's alarms, dashboard and runbook entries ({@link AlarmInvariants}). */
class AlarmInvariantsTest {

    @Test
    void alarms_watchTheDesignFigures_onMetricsTheFunctionEmits_andNotifyATopic() {
        assertEquals(List.of(), AlarmInvariants.alarms(MODEL));
    }

    @Test
    void dashboard_isValidJson_andShowsTheDesignFigures() {
        assertEquals(List.of(), AlarmInvariants.dashboard(MODEL));
    }

    @Test
    void everyAlarm_hasARunbookEntry() {
        assertEquals(List.of(), AlarmInvariants.runbook(MODEL, ProjectTemplate.runbook()));
    }

    static Stream<ProjectTemplate.Breach> breaches() {
        return Stream.of(
                breach("alarm on a metric the function does not emit", "MetricName: Conflict",
                        "MetricName: Conflicts", AlarmInvariants::alarms),
                breach("duplicate rate without one duplicate source", "MetricName: DuplicateInBatch",
                        "MetricName: Declined", AlarmInvariants::alarms),
                breach("duplicate rate over 2 periods", "EvaluationPeriods: 3\n      DatapointsToAlarm: 3\n      TreatMissingData",
                        "EvaluationPeriods: 2\n      DatapointsToAlarm: 2\n      TreatMissingData", AlarmInvariants::alarms),
                breach("no throttles alarm", "MetricName: Throttles", "MetricName: Duration",
                        AlarmInvariants::alarms),
                breach("dashboard body not JSON", "\"widgets\": [", "\"widgets\": [[",
                        AlarmInvariants::dashboard),
                breach("dashboard without store latency", "\"StoreLatency\", \"Service\"", "\"Latency\", \"Service\"",
                        AlarmInvariants::dashboard),
                breach("no IteratorAge alarm", "MetricName: IteratorAge", "MetricName: Duration",
                        AlarmInvariants::alarms),
                breach("a table whose write throttling no alarm watches",
                        "MetricName: WriteThrottleEvents\n              Dimensions: [{Name: TableName, Value: !If [SingleRegion, !Ref LedgerTable,",
                        "MetricName: ConsumedWriteCapacityUnits\n              Dimensions: [{Name: TableName, Value: !If [SingleRegion, !Ref LedgerTable,",
                        AlarmInvariants::alarms),
                breach("an alarm without a runbook entry", "AlarmName: !Sub \"${AWS::StackName}-conflict\"",
                        "AlarmName: !Sub \"${AWS::StackName}-conflicts\"", t -> AlarmInvariants.runbook(t, ProjectTemplate.runbook())));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("breaches")
    void aTemplateBreakingAnInvariant_isCaught(ProjectTemplate.Breach breach) {
        breach.assertCaught();
    }
}
