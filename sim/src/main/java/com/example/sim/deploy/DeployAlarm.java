package com.example.sim.deploy;

import com.example.template.Intrinsic;
import com.example.template.Resource;
import com.example.template.Template;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One alarm of the authorizer's {@code DeploymentPreference}, as template.yaml sets it, evaluated
 * as CloudWatch does ("Using Amazon CloudWatch alarms", CloudWatch User Guide,
 * https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/AlarmThatSendsEmail.html): over
 * the last {@code EvaluationPeriods} periods of {@code Period} seconds, in ALARM when
 * {@code DatapointsToAlarm} of them breach the threshold; a period with no datapoint does not
 * breach ({@code TreatMissingData: notBreaching}). A period's datapoint is seen
 * {@link #LATENCY_MICROS} after the period ends (the services publish their metrics once a
 * minute: the later reading). A rate ({@code IF(b > 0, 100 * FILL(a, 0) / b, 0)}) is read as the
 * share of {@code a} in {@code b}; another expression (the duplicate rate's sum of four), like a
 * metric the simulation does not make (the store's latency), never fires here: the worse reading
 * for stopping a bad version.
 *
 * @param logicalId         the alarm's logical id
 * @param metric            what it reads: {@code <Namespace> <MetricName>}, with {@code ExecutedVersion} when it has that
 *                          dimension; a rate's numerator; {@link #EXPRESSION} for another expression
 * @param per               a rate's denominator (a percentage of it is compared), or empty
 * @param periodMicros      {@code Period}
 * @param evaluationPeriods {@code EvaluationPeriods}
 * @param datapointsToAlarm {@code DatapointsToAlarm} ({@code EvaluationPeriods} when absent)
 * @param threshold         {@code Threshold} (a parameter's default when it is a {@code Ref})
 * @param orEqual           whether reaching the threshold breaches ({@code GreaterThanOrEqualToThreshold})
 */
public record DeployAlarm(String logicalId, String metric, Optional<String> per, long periodMicros, int evaluationPeriods,
                          int datapointsToAlarm, double threshold, boolean orEqual) {

    /** After a period's end, when its datapoint counts. */
    static final long LATENCY_MICROS = 60_000_000L;
    /** The metric an alarm reads when it is an expression over several: none the simulation makes. */
    public static final String EXPRESSION = "expression";
    private static final Pattern RATE = Pattern.compile("IF\\((\\w+) > 0, 100 \\* FILL\\((\\w+), 0\\) / \\1, 0\\)");

    /** The alarms the {@code DeploymentPreference} of {@code function} names, in its order. */
    public static List<DeployAlarm> of(Template template, String function) {
        List<DeployAlarm> alarms = new ArrayList<>();
        for (JsonNode alarm : template.function(function).ownProperty("DeploymentPreference").path("Alarms")) {
            String id = Intrinsic.target(alarm).orElseThrow(() -> new IllegalArgumentException("an alarm not named by Ref: " + alarm));
            alarms.add(read(template, template.resource(id)));
        }
        return alarms;
    }

    private static DeployAlarm read(Template template, Resource alarm) {
        JsonNode properties = alarm.properties();
        if (properties.has("Metrics")) {
            return expression(template, alarm.logicalId(), properties);
        }
        String metric = text(template, properties.path("Namespace")) + " " + properties.path("MetricName").asText();
        for (JsonNode dimension : properties.path("Dimensions")) {
            if (dimension.path("Name").asText().equals("ExecutedVersion")) {
                metric += " ExecutedVersion";
            }
        }
        int evaluations = properties.path("EvaluationPeriods").asInt();
        return new DeployAlarm(alarm.logicalId(), metric, Optional.empty(), properties.path("Period").asLong() * 1_000_000L,
                evaluations, properties.path("DatapointsToAlarm").asInt(evaluations),
                Double.parseDouble(text(template, properties.path("Threshold"))),
                properties.path("ComparisonOperator").asText().equals("GreaterThanOrEqualToThreshold"));
    }

    /** An alarm on metric math: a rate of two of its metrics, or an expression the simulation does not make. */
    private static DeployAlarm expression(Template template, String logicalId, JsonNode properties) {
        Map<String, String> metrics = new HashMap<>();
        String expression = "";
        long period = 0;
        for (JsonNode query : properties.path("Metrics")) {
            JsonNode stat = query.path("MetricStat");
            if (query.has("Expression")) {
                expression = query.path("Expression").asText();
            } else {
                metrics.put(query.path("Id").asText(), text(template, stat.path("Metric").path("Namespace")) + " "
                        + stat.path("Metric").path("MetricName").asText());
                period = stat.path("Period").asLong();
            }
        }
        Matcher rate = RATE.matcher(expression);
        boolean known = rate.matches();
        int evaluations = properties.path("EvaluationPeriods").asInt();
        return new DeployAlarm(logicalId, known ? metrics.get(rate.group(2)) : EXPRESSION,
                known ? Optional.of(metrics.get(rate.group(1))) : Optional.empty(), period * 1_000_000L, evaluations,
                properties.path("DatapointsToAlarm").asInt(evaluations),
                Double.parseDouble(text(template, properties.path("Threshold"))),
                properties.path("ComparisonOperator").asText().equals("GreaterThanOrEqualToThreshold"));
    }

    /** A literal's text, or the default of the parameter a {@code Ref} names. */
    private static String text(Template template, JsonNode value) {
        return Intrinsic.ref(value).map(name -> template.requireParameter(name).byDefault().orElseThrow()).orElse(value.asText());
    }

    /** Whether the alarm is in ALARM at {@code nowMicros}, from the datapoints seen by then. */
    public boolean firing(Datapoints datapoints, long nowMicros) {
        long lastEnd = (nowMicros - LATENCY_MICROS) / periodMicros * periodMicros;
        int breaching = 0;
        for (int i = 0; i < evaluationPeriods; i++) {
            long start = lastEnd - (i + 1) * periodMicros;
            if (start < 0) {
                break;
            }
            OptionalDouble value = value(datapoints, start);
            if (value.isPresent() && (orEqual ? value.getAsDouble() >= threshold : value.getAsDouble() > threshold)) {
                breaching++;
            }
        }
        return breaching >= datapointsToAlarm;
    }

    /** The period's datapoint: the metric's sum, or a rate's percentage (0 without a denominator, as its IF says). */
    private OptionalDouble value(Datapoints datapoints, long start) {
        OptionalLong sum = datapoints.sum(metric, start, periodMicros);
        if (per.isEmpty()) {
            return sum.isPresent() ? OptionalDouble.of(sum.getAsLong()) : OptionalDouble.empty();
        }
        OptionalLong of = datapoints.sum(per.get(), start, periodMicros);
        if (of.isEmpty()) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(of.getAsLong() > 0 ? 100.0 * sum.orElse(0) / of.getAsLong() : 0);
    }

    /** How long after the first breaching event it fires at the soonest: its datapoints, and their latency. */
    public long soonestMicros() {
        return datapointsToAlarm * periodMicros + LATENCY_MICROS;
    }
}
