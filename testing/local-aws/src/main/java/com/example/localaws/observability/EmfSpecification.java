package com.example.localaws.observability;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The rules of the CloudWatch embedded metric format that a line must keep for CloudWatch Logs to
 * extract its metrics, as a function from a line to its violations (empty when valid), after
 * "Specification: Embedded metric format", Amazon CloudWatch User Guide:
 * https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/CloudWatch_Embedded_Metric_Format_Specification.html
 * <ul>
 *   <li>the root is an object with an {@code _aws} metadata object, whose {@code Timestamp} is a
 *       whole number of milliseconds since the epoch and whose {@code CloudWatchMetrics} is a
 *       non-empty array of metric directives;</li>
 *   <li>a directive has a non-empty {@code Namespace} string of at most 255 characters, a
 *       {@code Dimensions} array of dimension sets (arrays of at most 30 strings) and a
 *       {@code Metrics} array of at most 100 metric definitions;</li>
 *   <li>each dimension names a top-level member whose value is a string;</li>
 *   <li>a definition has a {@code Name}, a {@code Unit} (when present) from CloudWatch's list, a
 *       {@code StorageResolution} (when present) of 1 or 60, and its name is a top-level member
 *       whose value is a number or an array of at most 100 numbers;</li>
 *   <li>the specified objects carry no member the specification does not define.</li>
 * </ul>
 */
public final class EmfSpecification {

    static final int MAX_DIMENSIONS_PER_SET = 30;
    static final int MAX_METRICS_PER_DIRECTIVE = 100;
    static final int MAX_VALUES = 100;
    static final int MAX_NAMESPACE_LENGTH = 255;
    /** A Timestamp below this is in seconds, not milliseconds (it would be January 1970 + 11 days). */
    static final long FIRST_MILLISECOND_TIMESTAMP = 1_000_000_000_000L;
    static final Set<String> UNITS = Set.of("Seconds", "Microseconds", "Milliseconds", "Bytes", "Kilobytes",
            "Megabytes", "Gigabytes", "Terabytes", "Bits", "Kilobits", "Megabits", "Gigabits", "Terabits", "Percent",
            "Count", "Bytes/Second", "Kilobytes/Second", "Megabytes/Second", "Gigabytes/Second", "Terabytes/Second",
            "Bits/Second", "Kilobits/Second", "Megabits/Second", "Gigabits/Second", "Terabits/Second", "Count/Second",
            "None");
    private static final Set<String> METADATA_MEMBERS = Set.of("Timestamp", "CloudWatchMetrics", "LogGroupName");
    private static final Set<String> DIRECTIVE_MEMBERS = Set.of("Namespace", "Dimensions", "Metrics");
    private static final Set<String> DEFINITION_MEMBERS = Set.of("Name", "Unit", "StorageResolution");

    private EmfSpecification() {
    }

    /** Whether {@code line} asks for metrics at all (has the {@code _aws} member). */
    public static boolean isEmf(JsonNode line) {
        return line.has("_aws");
    }

    /** What in {@code line} breaks the specification; empty when nothing does. */
    public static List<String> violations(JsonNode line) {
        List<String> violations = new ArrayList<>();
        if (!line.isObject()) {
            return List.of("the root is not a JSON object");
        }
        JsonNode metadata = line.path("_aws");
        if (!metadata.isObject()) {
            return List.of("_aws is missing or not an object");
        }
        extraMembers(metadata, METADATA_MEMBERS, "_aws", violations);
        JsonNode timestamp = metadata.path("Timestamp");
        if (!timestamp.isIntegralNumber() || timestamp.asLong() < FIRST_MILLISECOND_TIMESTAMP) {
            violations.add("_aws.Timestamp is not a number of milliseconds since the epoch: " + timestamp);
        }
        JsonNode directives = metadata.path("CloudWatchMetrics");
        if (!directives.isArray() || directives.isEmpty()) {
            violations.add("_aws.CloudWatchMetrics is not a non-empty array");
            return violations;
        }
        for (int i = 0; i < directives.size(); i++) {
            directive(line, directives.get(i), "_aws.CloudWatchMetrics[" + i + "]", violations);
        }
        return violations;
    }

    private static void directive(JsonNode line, JsonNode directive, String where, List<String> violations) {
        if (!directive.isObject()) {
            violations.add(where + " is not an object");
            return;
        }
        extraMembers(directive, DIRECTIVE_MEMBERS, where, violations);
        JsonNode namespace = directive.path("Namespace");
        if (!namespace.isTextual() || namespace.asText().isBlank() || namespace.asText().length() > MAX_NAMESPACE_LENGTH) {
            violations.add(where + ".Namespace is not a non-empty string of at most 255 characters: " + namespace);
        }
        JsonNode dimensions = directive.path("Dimensions");
        if (!dimensions.isArray()) {
            violations.add(where + ".Dimensions is not an array of dimension sets");
        } else {
            for (JsonNode set : dimensions) {
                dimensionSet(line, set, where, violations);
            }
        }
        JsonNode metrics = directive.path("Metrics");
        if (!metrics.isArray()) {
            violations.add(where + ".Metrics is not an array");
            return;
        }
        if (metrics.size() > MAX_METRICS_PER_DIRECTIVE) {
            violations.add(where + ".Metrics has " + metrics.size() + " definitions, over 100");
        }
        Set<String> names = new HashSet<>();
        for (JsonNode definition : metrics) {
            definition(line, definition, where, violations);
            if (!names.add(definition.path("Name").asText())) {
                violations.add(where + ".Metrics defines " + definition.path("Name").asText() + " twice");
            }
        }
    }

    private static void dimensionSet(JsonNode line, JsonNode set, String where, List<String> violations) {
        if (!set.isArray()) {
            violations.add(where + ".Dimensions holds " + set + ", not an array of dimension names");
            return;
        }
        if (set.size() > MAX_DIMENSIONS_PER_SET) {
            violations.add(where + ".Dimensions has a set of " + set.size() + " dimensions, over 30");
        }
        for (JsonNode dimension : set) {
            if (!dimension.isTextual()) {
                violations.add(where + ".Dimensions names a dimension by " + dimension + ", not a string");
            } else if (!line.path(dimension.asText()).isTextual()) {
                violations.add("dimension " + dimension.asText() + " is not a top-level member with a string value");
            }
        }
    }

    private static void definition(JsonNode line, JsonNode definition, String where, List<String> violations) {
        if (!definition.isObject() || !definition.path("Name").isTextual() || definition.path("Name").asText().isEmpty()) {
            violations.add(where + ".Metrics holds " + definition + ", not a definition with a Name");
            return;
        }
        String name = definition.path("Name").asText();
        extraMembers(definition, DEFINITION_MEMBERS, "metric " + name, violations);
        if (definition.has("Unit") && !UNITS.contains(definition.path("Unit").asText(""))) {
            violations.add("metric " + name + " has the unit " + definition.path("Unit") + ", not one CloudWatch knows");
        }
        if (definition.has("StorageResolution")) {
            int resolution = definition.path("StorageResolution").asInt(-1);
            if (!definition.path("StorageResolution").isIntegralNumber() || resolution != 1 && resolution != 60) {
                violations.add("metric " + name + " has StorageResolution " + definition.path("StorageResolution")
                        + ", not 1 or 60");
            }
        }
        JsonNode value = line.path(name);
        if (value.isArray()) {
            if (value.isEmpty() || value.size() > MAX_VALUES) {
                violations.add("metric " + name + " has " + value.size() + " values, not 1 to 100");
            }
            value.forEach(element -> {
                if (!element.isNumber()) {
                    violations.add("metric " + name + " has the value " + element + ", not a number");
                }
            });
        } else if (!value.isNumber()) {
            violations.add("metric " + name + " is not a top-level member with a number or an array of numbers");
        }
    }

    private static void extraMembers(JsonNode object, Set<String> defined, String where, List<String> violations) {
        object.fieldNames().forEachRemaining(member -> {
            if (!defined.contains(member)) {
                violations.add(where + " has the member " + member + ", which the specification does not define");
            }
        });
    }
}
