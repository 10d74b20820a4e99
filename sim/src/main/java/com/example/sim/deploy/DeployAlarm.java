package com.example.sim.deploy;

import com.example.localaws.observability.MetricSamples;
import com.example.localaws.observability.TemplateAlarm;
import com.example.sim.runtime.Scheduler;
import com.example.template.Intrinsic;
import com.example.template.Template;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One alarm of the authorizer's {@code DeploymentPreference}, as template.yaml sets it, evaluated
 * by the runbook walks' own evaluator ({@link TemplateAlarm}: CloudWatch's periods, statistics,
 * metric math, {@code DatapointsToAlarm} of {@code EvaluationPeriods}, missing data not
 * breaching), on the samples the run makes ({@link MetricSamples}). A period's datapoint is seen
 * {@link #LATENCY_MICROS} after it (the services publish their metrics once a minute: the later
 * reading). An alarm on a metric the run does not make (the store's latency, the duplicates)
 * never fires here: the worse reading for stopping a bad version.
 *
 * @param logicalId the alarm's logical id
 * @param alarm     the alarm as the template sets it
 */
public record DeployAlarm(String logicalId, TemplateAlarm alarm) {

    /** After a period's end, when its datapoint counts. */
    static final long LATENCY_MICROS = 60_000_000L;

    /** The alarms the {@code DeploymentPreference} of {@code function} names in {@code template}, in its order. */
    public static List<DeployAlarm> of(Path template, String function) {
        List<DeployAlarm> alarms = new ArrayList<>();
        for (JsonNode alarm : Template.read(template).function(function).ownProperty("DeploymentPreference").path("Alarms")) {
            String id = Intrinsic.target(alarm).orElseThrow(() -> new IllegalArgumentException("an alarm not named by Ref: " + alarm));
            alarms.add(new DeployAlarm(id, TemplateAlarm.read(template, id)));
        }
        return alarms;
    }

    /**
     * Whether the alarm is in ALARM at {@code nowMicros}, from the datapoints seen by then: those of
     * the periods that ended {@link #LATENCY_MICROS} before (the evaluation that ends with the
     * period holding a moment one period earlier).
     */
    public boolean firing(MetricSamples samples, long nowMicros) {
        long seen = nowMicros - LATENCY_MICROS - alarm.period().toNanos() / 1_000;
        return seen >= 0 && alarm.evaluate(samples, Scheduler.EPOCH.plusNanos(seen * 1_000)).alarm();
    }

    /** How long after the first breaching sample it fires at the soonest: its datapoints, and their latency. */
    public long soonestMicros() {
        return alarm.datapointsToAlarm() * alarm.period().toNanos() / 1_000 + LATENCY_MICROS;
    }
}
