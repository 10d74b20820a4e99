package com.example.localaws.observability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localaws.ProjectRoot;
import com.example.localaws.observability.MetricSamples.Metric;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** template.yaml's alarms evaluated as CloudWatch evaluates them, on values a test gives. */
class TemplateAlarmTest {

    private static final Path TEMPLATE = ProjectRoot.find().resolve("template.yaml");
    private static final Instant START = Instant.parse("2026-12-05T09:00:00Z");

    @Test
    void duplicateRate_firesAfterThreePeriodsOverTheParameterDefault_andNotWhenOnePeriodIsUnder() {
        TemplateAlarm alarm = TemplateAlarm.read(TEMPLATE, "DuplicateRateAlarm");
        Metric received = alarm.metric("received");
        Metric store = alarm.metric("store");
        assertEquals(new Metric("Payments", "Received", Map.of("Service", "payment-authorizer")), received);
        assertEquals(5.0, alarm.threshold());
        // GIVEN 100 received a period, 6 duplicates (6 %) in each of three periods
        MetricSamples samples = new MetricSamples();
        for (int period = 0; period < 3; period++) {
            Instant at = START.plus(Duration.ofMinutes(5L * period + 1));
            samples.add(received, at, 100).add(store, at, 6);
        }
        // THEN the alarm fires at the third, the rate being 6 in each
        TemplateAlarm.Evaluation evaluation = alarm.evaluate(samples, START.plus(Duration.ofMinutes(11)));
        assertTrue(evaluation.alarm(), evaluation::toString);
        assertEquals(List.of(6.0, 6.0, 6.0), evaluation.periods().stream().map(TemplateAlarm.Period::value).toList());
        // AND with 5 duplicates (5 %, not over the threshold) in the middle period it does not
        MetricSamples under = new MetricSamples();
        for (int period = 0; period < 3; period++) {
            Instant at = START.plus(Duration.ofMinutes(5L * period + 1));
            under.add(received, at, 100).add(store, at, period == 1 ? 5 : 6);
        }
        assertFalse(alarm.evaluate(under, START.plus(Duration.ofMinutes(11))).alarm());
    }

    @Test
    void aPeriodWithoutData_doesNotBreach_andACountedMetricFiresAtItsThreshold() {
        TemplateAlarm alarm = TemplateAlarm.read(TEMPLATE, "FunctionErrorsAlarm");
        assertEquals(new Metric("AWS/Lambda", "Errors", Map.of("FunctionName", "PaymentAuthorizerFunction")), alarm.metric());
        assertFalse(alarm.evaluate(new MetricSamples(), START).alarm());
        assertTrue(alarm.evaluate(new MetricSamples().add(alarm.metric(), START, 1), START).alarm());
    }

    @Test
    void p99_isTheNearestRankValue_andStoreLatencyFiresOnlyOverItsThresholdInEachPeriod() {
        assertEquals(99.0, TemplateAlarm.statistic("p99", java.util.stream.IntStream.rangeClosed(1, 100).mapToObj(i -> (double) i).toList()));
        assertEquals(400.0, TemplateAlarm.statistic("p99", List.of(10.0, 400.0, 20.0)));
        TemplateAlarm alarm = TemplateAlarm.read(TEMPLATE, "StoreLatencyAlarm");
        MetricSamples samples = new MetricSamples();
        for (int period = 0; period < 3; period++) {
            samples.add(alarm.metric(), START.plus(Duration.ofMinutes(5L * period)), period == 2 ? alarm.threshold() : 300);
        }
        assertFalse(alarm.evaluate(samples, START.plus(Duration.ofMinutes(10))).alarm(), "equal to the threshold is not over it");
        samples.add(alarm.metric(), START.plus(Duration.ofMinutes(10)), alarm.threshold() + 1);
        assertTrue(alarm.evaluate(samples, START.plus(Duration.ofMinutes(10))).alarm());
    }

    @Test
    void hotAccount_sumsBothMetrics_eachFilledWithZero() {
        TemplateAlarm alarm = TemplateAlarm.read(TEMPLATE, "HotAccountAlarm");
        MetricSamples samples = new MetricSamples()
                .add(alarm.metric("contended"), START, 1)
                .add(alarm.metric("throttled"), START.plus(Duration.ofMinutes(5)), 2)
                .add(alarm.metric("contended"), START.plus(Duration.ofMinutes(10)), 1);
        TemplateAlarm.Evaluation evaluation = alarm.evaluate(samples, START.plus(Duration.ofMinutes(10)));
        assertEquals(List.of(1.0, 2.0, 1.0), evaluation.periods().stream().map(TemplateAlarm.Period::value).toList());
        assertTrue(evaluation.alarm());
    }

    @Test
    void metricMathItDoesNotKnow_isRefusedNamingIt() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> MetricExpression.evaluate("SUM(METRICS())", Map.of()));
        assertTrue(refused.getMessage().contains("SUM"), refused.getMessage());
        assertEquals(3.0, MetricExpression.evaluate("IF(a > 0, 100 * FILL(b, 0) / a, 0)", Map.of("a", 100.0, "b", 3.0)));
        assertTrue(Double.isNaN(MetricExpression.evaluate("IF(a > 0, 1, 0)", Map.of("a", Double.NaN))));
    }
}
