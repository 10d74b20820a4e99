package com.example.localaws.observability;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The values CloudWatch would hold for some metrics, each at its time: read from a function's EMF
 * lines ({@link #fromEmf}), or added by a test for a metric AWS computes itself (Lambda's
 * {@code Errors}, SQS's {@code ApproximateAgeOfOldestMessage}), derived from what the local AWS
 * shows. What {@link TemplateAlarm} evaluates.
 */
public final class MetricSamples {

    /**
     * A metric as CloudWatch names it: namespace, name and dimensions (a dimension's value as
     * template.yaml gives it, e.g. {@code PaymentsQueue.QueueName} for {@code !GetAtt PaymentsQueue.QueueName}).
     */
    public record Metric(String namespace, String name, Map<String, String> dimensions) {
        public Metric {
            Objects.requireNonNull(namespace, "namespace");
            Objects.requireNonNull(name, "name");
            dimensions = Map.copyOf(new TreeMap<>(dimensions));
        }
    }

    /** One value of a metric at {@code at}. */
    public record Sample(Instant at, double value) {
        public Sample {
            Objects.requireNonNull(at, "at");
        }
    }

    private final Map<Metric, List<Sample>> samples = new HashMap<>();

    /**
     * The metrics of {@code lines}, each EMF line read as CloudWatch does: its {@code _aws.Timestamp},
     * each directive's namespace, dimension set and metrics, a metric's value a number or an array
     * of values ("Specification: Embedded metric format", Amazon CloudWatch User Guide). Lines that
     * are not EMF are left out.
     */
    public static MetricSamples fromEmf(List<JsonNode> lines) {
        MetricSamples samples = new MetricSamples();
        for (JsonNode line : lines) {
            if (!EmfSpecification.isEmf(line)) {
                continue;
            }
            Instant at = Instant.ofEpochMilli(line.path("_aws").path("Timestamp").asLong());
            for (JsonNode directive : line.path("_aws").path("CloudWatchMetrics")) {
                for (JsonNode dimensionSet : directive.path("Dimensions")) {
                    Map<String, String> dimensions = new HashMap<>();
                    dimensionSet.forEach(name -> dimensions.put(name.asText(), line.path(name.asText()).asText()));
                    for (JsonNode definition : directive.path("Metrics")) {
                        Metric metric = new Metric(directive.path("Namespace").asText(), definition.path("Name").asText(), dimensions);
                        JsonNode value = line.path(definition.path("Name").asText());
                        if (value.isArray()) {
                            value.forEach(each -> samples.add(metric, at, each.asDouble()));
                        } else if (value.isNumber()) {
                            samples.add(metric, at, value.asDouble());
                        }
                    }
                }
            }
        }
        return samples;
    }

    /** Adds one value of {@code metric} at {@code at}; this, for chaining. */
    public MetricSamples add(Metric metric, Instant at, double value) {
        samples.computeIfAbsent(Objects.requireNonNull(metric, "metric"), key -> new ArrayList<>()).add(new Sample(at, value));
        return this;
    }

    /** Every value of {@code metric}, in the order added. */
    public List<Sample> of(Metric metric) {
        return List.copyOf(samples.getOrDefault(metric, List.of()));
    }

    @Override
    public String toString() {
        return samples.toString();
    }
}
