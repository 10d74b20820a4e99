package com.example.localpayments.template;

import com.example.template.EventSource;
import com.example.template.Template;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/** The DynamoDB stream event sources' invariants. */
final class StreamInvariants {

    private StreamInvariants() {
    }

    /**
     * Every DynamoDB stream event source reports batch item failures, bisects a failing batch,
     * retries a bounded number of times and then sends the batch to an on-failure destination:
     * a failing record never blocks its shard forever, and is never dropped without a trace.
     */
    static List<String> streamEventSources(Template template) {
        List<String> violations = new ArrayList<>();
        for (EventSource event : template.eventSources()) {
            if (!event.isDynamoDbStream()) {
                continue;
            }
            String name = event.name();
            List<String> types = event.functionResponseTypes();
            if (!types.contains("ReportBatchItemFailures")) {
                violations.add(name + ": FunctionResponseTypes " + types + " lacks ReportBatchItemFailures");
            }
            if (!event.property("BisectBatchOnFunctionError").asBoolean(false)) {
                violations.add(name + ": BisectBatchOnFunctionError is not true");
            }
            long retries = template.range(event.property("MaximumRetryAttempts"), -1).max();
            if (retries < 0 || retries > 10_000) {
                violations.add(name + ": MaximumRetryAttempts " + retries + " is not bounded");
            }
            JsonNode destination = event.property("DestinationConfig").path("OnFailure").path("Destination");
            if (destination.isMissingNode()) {
                violations.add(name + ": no DestinationConfig.OnFailure");
            }
        }
        return violations;
    }
}
