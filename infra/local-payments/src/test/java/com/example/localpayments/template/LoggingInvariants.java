package com.example.localpayments.template;

import com.example.template.Function;
import com.example.template.Template;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/** How every function logs. */
final class LoggingInvariants {

    private LoggingInvariants() {
    }

    /**
     * Every function logs as JSON, at the levels of the {@code ApplicationLogLevel} and
     * {@code SystemLogLevel} parameters (its own LoggingConfig merged over the Globals', as SAM
     * merges them): JSON is what lets Lambda filter by level, and the functions' EMF lines carry
     * the level that no filter drops ("Log-level filtering", AWS Lambda Developer Guide,
     * https://docs.aws.amazon.com/lambda/latest/dg/monitoring-cloudwatchlogs-log-level.html).
     */
    static List<String> jsonLogs(Template template) {
        List<String> violations = new ArrayList<>();
        for (Function function : template.functions()) {
            String name = function.logicalId();
            JsonNode logging = function.property("LoggingConfig");
            if (!"JSON".equals(logging.path("LogFormat").asText())) {
                violations.add(name + ": LogFormat " + logging.path("LogFormat").asText("(none)") + ", not JSON");
            }
            for (String level : List.of("ApplicationLogLevel", "SystemLogLevel")) {
                if (!level.equals(logging.path(level).path("Ref").asText())) {
                    violations.add(name + ": " + level + " is not the " + level + " parameter");
                }
            }
        }
        return violations;
    }
}
