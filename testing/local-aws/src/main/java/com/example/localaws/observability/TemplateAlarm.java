package com.example.localaws.observability;

import com.example.localaws.observability.MetricSamples.Metric;
import com.example.localaws.observability.MetricSamples.Sample;
import com.example.template.Intrinsic;
import com.example.template.Parameter;
import com.example.template.Template;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One {@code AWS::CloudWatch::Alarm} of template.yaml, evaluated as CloudWatch evaluates it, on
 * {@link MetricSamples}: the local AWS has no CloudWatch that evaluates alarms, so a test that
 * walks an alarm's runbook entry sees the alarm fire (and clear) here, on the same metric,
 * dimensions, statistic, period, threshold and datapoints as the template's.
 *
 * <p>CloudWatch's rules relied on ("Evaluating an alarm", Amazon CloudWatch User Guide,
 * https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/alarm-evaluation.html): each
 * period's datapoint is the statistic of the values in it; the alarm is in ALARM when at least
 * {@code DatapointsToAlarm} of the last {@code EvaluationPeriods} datapoints breach the threshold;
 * with {@code TreatMissingData: notBreaching} (every alarm of the template) a period without a
 * datapoint does not breach. Statistics as "CloudWatch statistics definitions" defines them;
 * a percentile {@code pNN} is the nearest-rank value of the period's values (CloudWatch
 * approximates it; with the walks' few values both are the same value).
 *
 * <p>Periods start at multiples of the period since the epoch, as CloudWatch aggregates a
 * metric's datapoints. A template value given as {@code !Ref Parameter} takes the parameter's
 * {@code Default}, as in {@code TemplateMessaging}.
 */
public final class TemplateAlarm {


    /**
     * One metric the alarm reads.
     *
     * @param id     its id in the alarm's metric math ({@code m} for an alarm on a single metric)
     * @param metric the metric
     * @param period its period
     * @param stat   its statistic ({@code Sum}, {@code Maximum}, {@code p99}...)
     */
    public record Query(String id, Metric metric, Duration period, String stat) {
    }

    /**
     * One evaluated period.
     *
     * @param start     its start
     * @param value     its datapoint, NaN when it has none
     * @param breaching whether the datapoint breaches the threshold
     */
    public record Period(Instant start, double value, boolean breaching) {
    }

    /**
     * The alarm's last {@code EvaluationPeriods} periods.
     *
     * @param periods oldest first
     * @param alarm   whether the alarm is in ALARM after them
     */
    public record Evaluation(List<Period> periods, boolean alarm) {
    }

    private final String logicalId;
    private final Map<String, Query> queries;
    private final Optional<String> expression;
    private final String comparison;
    private final double threshold;
    private final int evaluationPeriods;
    private final int datapointsToAlarm;

    private TemplateAlarm(String logicalId, Map<String, Query> queries, Optional<String> expression, String comparison,
                          double threshold, int evaluationPeriods, int datapointsToAlarm) {
        this.logicalId = logicalId;
        this.queries = queries;
        this.expression = expression;
        this.comparison = comparison;
        this.threshold = threshold;
        this.evaluationPeriods = evaluationPeriods;
        this.datapointsToAlarm = datapointsToAlarm;
    }

    /** The alarm {@code logicalId} of {@code template}. */
    public static TemplateAlarm read(Path template, String logicalId) {
        Template model = Template.read(template);
        if (!model.has(logicalId) || !"AWS::CloudWatch::Alarm".equals(model.resource(logicalId).type())) {
            throw new IllegalArgumentException(template + " has no AWS::CloudWatch::Alarm " + logicalId);
        }
        JsonNode properties = model.resource(logicalId).properties();
        Map<String, Query> queries = new LinkedHashMap<>();
        Optional<String> expression = Optional.empty();
        if (properties.has("Metrics")) {
            for (JsonNode query : properties.path("Metrics")) {
                if (query.has("Expression")) {
                    expression = Optional.of(query.path("Expression").asText());
                    continue;
                }
                JsonNode stat = query.path("MetricStat");
                queries.put(query.path("Id").asText(), new Query(query.path("Id").asText(), metric(stat.path("Metric"), model),
                        Duration.ofSeconds(stat.path("Period").asLong()), stat.path("Stat").asText()));
            }
        } else {
            String stat = properties.has("ExtendedStatistic") ? properties.path("ExtendedStatistic").asText()
                    : properties.path("Statistic").asText();
            queries.put("m", new Query("m", metric(properties, model), Duration.ofSeconds(properties.path("Period").asLong()), stat));
        }
        if (!"notBreaching".equals(properties.path("TreatMissingData").asText())) {
            throw new IllegalArgumentException(logicalId + ": only TreatMissingData notBreaching is evaluated here");
        }
        int evaluationPeriods = properties.path("EvaluationPeriods").asInt();
        return new TemplateAlarm(logicalId, queries, expression, properties.path("ComparisonOperator").asText(),
                Double.parseDouble(resolved(properties.path("Threshold"), model)), evaluationPeriods,
                properties.path("DatapointsToAlarm").asInt(evaluationPeriods));
    }

    /** The metric of the query {@code id} (for an alarm on a single metric, {@link #metric()}). */
    public Metric metric(String id) {
        Query query = queries.get(id);
        if (query == null) {
            throw new IllegalArgumentException(logicalId + " has no metric " + id + ": " + queries.keySet());
        }
        return query.metric();
    }

    /** The metrics the alarm reads, in the template's order. */
    public List<Query> queries() {
        return List.copyOf(queries.values());
    }

    /** The metric of an alarm on a single metric. */
    public Metric metric() {
        return metric("m");
    }

    /** The namespace of the alarm's metrics (its first metric's, for metric math over several). */
    public String namespace() {
        return queries.values().iterator().next().metric().namespace();
    }

    /** The threshold, the template's parameter default when it is one. */
    public double threshold() {
        return threshold;
    }

    /** The period of the alarm's datapoints. */
    public Duration period() {
        return queries.values().iterator().next().period();
    }

    /** The periods the alarm must see breaching in a row before it fires ({@code DatapointsToAlarm}). */
    public int datapointsToAlarm() {
        return datapointsToAlarm;
    }

    /** The alarm over the {@code EvaluationPeriods} periods that end with the one holding {@code at}. */
    public Evaluation evaluate(MetricSamples samples, Instant at) {
        long periodMillis = period().toMillis();
        long lastStart = Math.floorDiv(at.toEpochMilli(), periodMillis) * periodMillis;
        List<Period> periods = new ArrayList<>();
        for (int back = evaluationPeriods - 1; back >= 0; back--) {
            Instant start = Instant.ofEpochMilli(lastStart - back * periodMillis);
            double value = datapoint(samples, start, start.plusMillis(periodMillis));
            periods.add(new Period(start, value, !Double.isNaN(value) && breaches(value)));
        }
        return new Evaluation(periods, periods.stream().filter(Period::breaching).count() >= datapointsToAlarm);
    }

    private double datapoint(MetricSamples samples, Instant from, Instant to) {
        Map<String, Double> values = new HashMap<>();
        queries.forEach((id, query) -> values.put(id, statistic(query.stat(), samples.of(query.metric()).stream()
                .filter(sample -> !sample.at().isBefore(from) && sample.at().isBefore(to)).map(Sample::value).toList())));
        return expression.map(text -> MetricExpression.evaluate(text, values)).orElseGet(() -> values.get("m"));
    }

    private boolean breaches(double value) {
        return switch (comparison) {
            case "GreaterThanThreshold" -> value > threshold;
            case "GreaterThanOrEqualToThreshold" -> value >= threshold;
            case "LessThanThreshold" -> value < threshold;
            case "LessThanOrEqualToThreshold" -> value <= threshold;
            default -> throw new IllegalArgumentException(logicalId + ": ComparisonOperator " + comparison + " is not evaluated here");
        };
    }

    /** The statistic of a period's values; NaN when it has none (no datapoint). */
    static double statistic(String stat, List<Double> values) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        List<Double> sorted = values.stream().sorted().toList();
        if (stat.matches("p\\d+(\\.\\d+)?")) {
            double percentile = Double.parseDouble(stat.substring(1));
            int rank = (int) Math.ceil(percentile / 100 * sorted.size());
            return sorted.get(Math.max(rank, 1) - 1);
        }
        return switch (stat) {
            case "Sum" -> sorted.stream().mapToDouble(Double::doubleValue).sum();
            case "Maximum" -> sorted.get(sorted.size() - 1);
            case "Minimum" -> sorted.get(0);
            case "Average" -> sorted.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
            case "SampleCount" -> sorted.size();
            default -> throw new IllegalArgumentException("statistic " + stat + " is not evaluated here");
        };
    }

    private static Metric metric(JsonNode metric, Template model) {
        Map<String, String> dimensions = new HashMap<>();
        metric.path("Dimensions").forEach(dimension -> dimensions.put(dimension.path("Name").asText(),
                resolved(dimension.path("Value"), model)));
        return new Metric(resolved(metric.path("Namespace"), model), metric.path("MetricName").asText(), dimensions);
    }

    /**
     * A value as the local AWS names it: a literal; for a {@code !Ref} the {@code Default} of the
     * parameter it names, else the name (a resource is named after its logical id);
     * {@code Resource.Attribute} for a {@code !GetAtt}; a {@code !Sub}'s text; of a choice by
     * {@code GlobalTables}, the one-Region branch (the local AWS's stack).
     */
    private static String resolved(JsonNode written, Template model) {
        JsonNode value = Intrinsic.inOneRegion(written);
        return Intrinsic.of(value).map(intrinsic -> switch (intrinsic) {
            case Intrinsic.Ref ref -> model.parameter(ref.name()).flatMap(Parameter::byDefault).orElse(ref.name());
            case Intrinsic.GetAtt getAtt -> getAtt.resource() + "." + getAtt.attribute().asText();
            case Intrinsic.Sub sub -> sub.text();
            default -> throw new IllegalArgumentException("an alarm value the local AWS does not resolve: " + value);
        }).orElse(value.asText());
    }

    @Override
    public String toString() {
        return logicalId;
    }
}
