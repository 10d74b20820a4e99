package com.example.demo.observability;

import com.example.lambdakit.telemetry.TelemetryConfig;
import com.example.template.Intrinsic;
import com.example.template.Template;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every metric a template names in an alarm, a metric-math query or a dashboard widget, checked
 * against the metrics the code emits: a name, namespace or dimension that differs on one side
 * gives an alarm that never fires or a widget that stays empty.
 *
 * <p>Read with the template model: a namespace given as {@code !Ref MetricsNamespace} is that
 * parameter's, a {@code !Sub} dashboard body is read as its text. Dashboard rows follow CloudWatch's shorthand: {@code "."} repeats the value
 * above it, a leading {@code "..."} the whole row above ("Dashboard body structure and syntax",
 * Amazon CloudWatch User Guide:
 * https://docs.aws.amazon.com/AmazonCloudWatch/latest/APIReference/CloudWatch-Dashboard-Body-Structure.html).
 */
final class TemplateMetrics {

    /** The parameter every function's {@code METRICS_NAMESPACE} is set to. */
    static final String NAMESPACE_PARAMETER = "MetricsNamespace";
    /**
     * The functions that emit no metric and so set no {@code METRICS_NAMESPACE}: the pre-traffic hook, whose
     * verdict is its log line and the deployment's status in CodeDeploy (it depends on no module of the
     * project, lambda-kit's EMF writer included). Were it given a namespace, it would be held to the parameter.
     */
    private static final Set<String> NO_METRICS = Set.of("PreTrafficHookFunction");
    private static final Pattern SUBSTITUTION = Pattern.compile("\\$\\{([^}]+)}");
    private static final Pattern EXPRESSION_ID = Pattern.compile("\\b([a-z][A-Za-z0-9_]*)\\b");
    private static final Set<String> MATH_FUNCTIONS = Set.of("IF", "FILL", "SUM", "AVG", "MIN", "MAX", "METRICS",
            "RATE", "DIFF", "ABS", "REPEAT", "LINEAR", "AND", "OR", "SEARCH");

    private final List<String> problems = new ArrayList<>();
    private final Set<EmittedMetric> alarmed = new LinkedHashSet<>();
    private final Set<EmittedMetric> shown = new LinkedHashSet<>();

    private TemplateMetrics(Template template) {
        template.resources().values().forEach(resource -> {
            String type = resource.type();
            if (type.equals("AWS::CloudWatch::Alarm")) {
                alarm(resource.logicalId(), resource.properties());
            } else if (type.equals("AWS::CloudWatch::Dashboard")) {
                dashboard(resource.logicalId(), Intrinsic.text(resource.property("DashboardBody")));
            } else if (type.equals("AWS::Serverless::Function")) {
                namespaceOf(resource.logicalId(), resource.node());
            }
        });
    }

    /** Reads {@code yaml}, a SAM template, with the template model. */
    static TemplateMetrics of(String yaml) {
        return new TemplateMetrics(Template.parse(yaml));
    }

    /**
     * What is wrong between the template and {@code emitted}: a named metric the code does not
     * emit (or not with that dimension, or in another namespace), an expression naming no query,
     * a function whose namespace is not the template's, an emitted metric the dashboard does not show.
     */
    List<String> violations(Set<EmittedMetric> emitted) {
        List<String> violations = new ArrayList<>(problems);
        Set<EmittedMetric> named = new LinkedHashSet<>(alarmed);
        named.addAll(shown);
        for (EmittedMetric metric : named) {
            if (!emitted.contains(metric)) {
                violations.add(metric + " is named by the template but not emitted by the code");
            }
        }
        Set<String> hidden = new TreeSet<>();
        for (EmittedMetric metric : emitted) {
            if (!shown.contains(metric)) {
                hidden.add(metric.toString());
            }
        }
        hidden.forEach(metric -> violations.add(metric + " is emitted by the code but on no dashboard widget"));
        return violations;
    }

    /** The metrics the alarms (and their metric math) watch. */
    Set<EmittedMetric> alarmed() {
        return alarmed;
    }

    private void namespaceOf(String function, JsonNode resource) {
        JsonNode variables = resource.path("Properties").path("Environment").path("Variables");
        if (NO_METRICS.contains(function) && variables.path(TelemetryConfig.METRICS_NAMESPACE).isMissingNode()) {
            return;
        }
        if (!NAMESPACE_PARAMETER.equals(Intrinsic.ref(variables.path(TelemetryConfig.METRICS_NAMESPACE)).orElse(""))) {
            problems.add(function + ": METRICS_NAMESPACE is not the " + NAMESPACE_PARAMETER + " parameter, so its "
                    + "metrics land elsewhere than the alarms and the dashboard look");
        }
    }

    private void alarm(String name, JsonNode properties) {
        if (properties.has("MetricName")) {
            metric(name, Intrinsic.text(properties.path("Namespace")), properties.path("MetricName").asText(),
                    properties.path("Dimensions"), alarmed);
        }
        Set<String> ids = new LinkedHashSet<>();
        List<String> expressions = new ArrayList<>();
        for (JsonNode query : properties.path("Metrics")) {
            ids.add(query.path("Id").asText());
            if (query.has("Expression")) {
                expressions.add(query.path("Expression").asText());
            }
            JsonNode stat = query.path("MetricStat").path("Metric");
            if (!stat.isMissingNode()) {
                metric(name, Intrinsic.text(stat.path("Namespace")), stat.path("MetricName").asText(), stat.path("Dimensions"),
                        alarmed);
            }
        }
        expressions.forEach(expression -> expressionIds(name, expression, ids));
    }

    /** A reference; only those in the template's namespace are the code's (AWS/* are AWS's own). */
    private void metric(String where, String namespace, String metricName, JsonNode dimensions, Set<EmittedMetric> into) {
        if (!NAMESPACE_PARAMETER.equals(namespace)) {
            if (!namespace.startsWith("AWS/")) {
                problems.add(where + ": " + metricName + " is in namespace " + namespace + ", which no function writes to");
            }
            return;
        }
        if (dimensions.size() != 1 || !"Service".equals(dimensions.get(0).path("Name").asText())) {
            problems.add(where + ": " + metricName + " must name exactly the dimension Service, not " + dimensions);
            return;
        }
        into.add(new EmittedMetric(dimensions.get(0).path("Value").asText(), metricName));
    }

    private void expressionIds(String where, String expression, Set<String> ids) {
        Matcher matcher = EXPRESSION_ID.matcher(expression);
        while (matcher.find()) {
            String id = matcher.group(1);
            if (!ids.contains(id) && !MATH_FUNCTIONS.contains(id.toUpperCase())) {
                problems.add(where + ": the expression names " + id + ", which is no query of it");
            }
        }
    }

    private void dashboard(String name, String body) {
        String filled = SUBSTITUTION.matcher(body).replaceAll(match ->
                match.group(1).equals(NAMESPACE_PARAMETER) ? NAMESPACE_PARAMETER : "0");
        JsonNode widgets;
        try {
            widgets = new ObjectMapper().readTree(filled).path("widgets");
        } catch (JsonProcessingException e) {
            problems.add(name + ": DashboardBody is not JSON: " + e.getOriginalMessage());
            return;
        }
        for (JsonNode widget : widgets) {
            if (widget.path("type").asText().equals("metric")) {
                rows(name + " \"" + widget.path("properties").path("title").asText() + "\"",
                        widget.path("properties").path("metrics"));
            }
        }
    }

    private void rows(String where, JsonNode rows) {
        List<String> previous = List.of();
        Set<String> ids = new LinkedHashSet<>();
        List<String> expressions = new ArrayList<>();
        for (JsonNode row : rows) {
            List<String> cells = new ArrayList<>();
            for (Iterator<JsonNode> it = row.elements(); it.hasNext(); ) {
                JsonNode cell = it.next();
                if (cell.isTextual()) {
                    cells.add(cell.asText());
                } else if (cell.isObject()) {
                    if (cell.has("id")) {
                        ids.add(cell.path("id").asText());
                    }
                    if (cell.has("expression")) {
                        expressions.add(cell.path("expression").asText());
                    }
                }
            }
            if (cells.isEmpty()) {
                continue;
            }
            List<String> resolved = resolve(cells, previous);
            previous = resolved;
            if (resolved.size() < 2) {
                problems.add(where + ": row " + row + " names no metric");
                continue;
            }
            ArrayNode dimensions = JsonNodeFactory.instance.arrayNode();
            for (int i = 2; i + 1 < resolved.size(); i += 2) {
                dimensions.addObject()
                        .put("Name", resolved.get(i)).put("Value", resolved.get(i + 1));
            }
            metric(where, resolved.get(0), resolved.get(1), dimensions, shown);
        }
        expressions.forEach(expression -> expressionIds(where, expression, ids));
    }

    /** A row with CloudWatch's {@code "."} and {@code "..."} shorthand filled in from the row above. */
    private static List<String> resolve(List<String> cells, List<String> previous) {
        if (cells.get(0).equals("...")) {
            List<String> resolved = new ArrayList<>(previous);
            resolved.addAll(cells.subList(1, cells.size()));
            return resolved;
        }
        List<String> resolved = new ArrayList<>(cells.size());
        for (int i = 0; i < cells.size(); i++) {
            resolved.add(cells.get(i).equals(".") && i < previous.size() ? previous.get(i) : cells.get(i));
        }
        return resolved;
    }
}
