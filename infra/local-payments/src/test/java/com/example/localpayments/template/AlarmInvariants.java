package com.example.localpayments.template;

import com.example.template.Alarm;
import com.example.template.Resource;
import com.example.template.Table;
import com.example.template.Template;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/** The alarms and the dashboard of DESIGN.md §9, and the runbook entry of every alarm. */
final class AlarmInvariants {

    /** The duplicate metrics whose sum over Received is the duplicate rate. */
    static final Set<String> DUPLICATE_METRICS = Set.of("DuplicateFastPath", "DuplicateStore", "DuplicateLate",
            "DuplicateInBatch");

    /** A {@code ${...}} substitution of {@code Fn::Sub}. */
    private static final Pattern SUBSTITUTION = Pattern.compile("\\$\\{[^}]+}");

    private AlarmInvariants() {
    }

    /**
     * The alarms of DESIGN.md §9 exist as specified and every alarm notifies a topic of the
     * template.
     */
    static List<String> alarms(Template template) {
        List<String> violations = new ArrayList<>();
        List<Alarm> alarms = template.alarms();
        Set<String> watched = new LinkedHashSet<>();
        Set<String> throttleWatched = new LinkedHashSet<>();
        for (Alarm alarm : alarms) {
            JsonNode properties = alarm.properties();
            JsonNode actions = properties.path("AlarmActions");
            if (!actions.isArray() || actions.isEmpty() || !"AWS::SNS::Topic".equals(
                    template.resource(SqsSources.target(actions.get(0))).type())) {
                violations.add(alarm.logicalId() + ": AlarmActions notify no topic of the template");
            }
            List<JsonNode> metrics = new ArrayList<>();
            if (properties.has("MetricName")) {
                metrics.add(properties);
            }
            properties.path("Metrics").forEach(query -> {
                if (query.has("MetricStat")) {
                    metrics.add(query.path("MetricStat").path("Metric"));
                }
            });
            // Whether each custom metric is one the code emits, with its dimension, is checked
            // against the code's own metric catalogues by infra/demo's TemplateMetricsTest.
            for (JsonNode metric : metrics) {
                watched.add(metric.path("MetricName").asText());
                if (metric.path("MetricName").asText().equals("WriteThrottleEvents")) {
                    // A table's name, or the name chosen by Fn::If (the stack's own table, or the global table across Regions).
                    metric.path("Dimensions").forEach(d -> d.path("Value").findValues("Ref").forEach(ref -> throttleWatched.add(ref.asText())));
                }
            }
        }
        JsonNode rate = alarms.stream()
                .filter(alarm -> alarm.properties().path("Metrics").toString().contains("Expression"))
                .findFirst().map(Alarm::properties).orElse(null);
        if (rate == null) {
            violations.add("no duplicate-rate alarm (metric math over the duplicate metrics)");
        } else {
            Set<String> summed = new LinkedHashSet<>();
            rate.path("Metrics").forEach(query -> summed.add(query.path("MetricStat").path("Metric")
                    .path("MetricName").asText()));
            if (!summed.containsAll(DUPLICATE_METRICS) || !summed.contains("Received")) {
                violations.add("the duplicate rate does not divide every duplicate metric by Received: " + summed);
            }
            if (!"GreaterThanThreshold".equals(rate.path("ComparisonOperator").asText())
                    || template.range(rate.path("Threshold"), 0).byDefault() != 5
                    || rate.path("EvaluationPeriods").asInt() != 3 || rate.path("DatapointsToAlarm").asInt() != 3
                    || !rate.path("Metrics").findValues("Period").stream().allMatch(period -> period.asInt() == 300)) {
                violations.add("the duplicate-rate alarm is not > 5 % for 3 of 3 five-minute periods");
            }
        }
        for (String required : List.of("Conflict", "ApproximateNumberOfMessagesVisible", "Errors", "Throttles",
                "FastPathUnavailable", "IteratorAge", "StoreLatency", "WriteThrottleEvents")) {
            if (!watched.contains(required)) {
                violations.add("no alarm on " + required);
            }
        }
        // DynamoDB's own throttling, per table: a hot partition or the table's quota throttles for as long as the load lasts
        template.tables().stream().map(Table::logicalId).filter(table -> !throttleWatched.contains(table))
                .forEach(table -> violations.add("no alarm on " + table + "'s WriteThrottleEvents"));
        return violations;
    }

    /**
     * The dashboard body is valid JSON once its {@code ${...}} substitutions are filled in, and
     * shows the figures of DESIGN.md §9 by metrics the function emits.
     */
    static List<String> dashboard(Template template) {
        List<String> violations = new ArrayList<>();
        List<Resource> dashboards = template.resourcesOfType("AWS::CloudWatch::Dashboard");
        if (dashboards.isEmpty()) {
            return List.of("no dashboard");
        }
        for (Resource dashboard : dashboards) {
            String name = dashboard.logicalId();
            String body = dashboard.property("DashboardBody").path("Fn::Sub").asText();
            JsonNode widgets;
            try {
                widgets = new ObjectMapper().readTree(SUBSTITUTION.matcher(body).replaceAll("0")).path("widgets");
            } catch (JsonProcessingException e) {
                violations.add(name + ": DashboardBody is not JSON: " + e.getOriginalMessage());
                continue;
            }
            Set<String> shown = new LinkedHashSet<>();
            widgets.findValues("metrics").forEach(rows -> rows.forEach(row -> row.forEach(cell -> {
                if (cell.isTextual()) {
                    shown.add(cell.asText());
                }
            })));
            for (String figure : List.of("Received", "Approved", "DuplicateFastPath", "DuplicateStore",
                    "DuplicateLate", "DuplicateInBatch", "StoreLatency", "ApproximateNumberOfMessagesVisible")) {
                if (!shown.contains(figure)) {
                    violations.add(name + ": shows no " + figure);
                }
            }
            if (widgets.findValues("expression").isEmpty()) {
                violations.add(name + ": shows no duplicate rate (metric math)");
            }
        }
        return violations;
    }

    /**
     * Every alarm has its entry in the runbook ({@code docs/deploy.md}), anchored by its name:
     * {@code <a id="alarm-<name>"></a>} (the entries' parts and the descriptions' links:
     * {@code com.example.payment.docs.RunbookEntriesTest}).
     */
    static List<String> runbook(Template template, String runbook) {
        List<String> violations = new ArrayList<>();
        for (Alarm alarm : template.alarms()) {
            String alarmName = alarm.properties().path("AlarmName").path("Fn::Sub").asText();
            String entry = "<a id=\"alarm-" + alarmName.replace(Alarm.STACK_PREFIX, "") + "\"></a>";
            if (!runbook.contains(entry)) {
                violations.add(alarm.logicalId() + ": no runbook entry " + entry + " in docs/deploy.md");
            }
        }
        return violations;
    }
}
