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

    /** DynamoDB Streams keeps a record 24 hours ("Change data capture for DynamoDB Streams"). */
    static final long STREAM_RETENTION_SECONDS = 86_400;

    /**
     * Every DynamoDB stream event source reports batch item failures, bisects a failing batch,
     * retries a bounded number of times or until its records reach a {@code MaximumRecordAgeInSeconds}
     * under the stream's retention, and then sends the batch to an on-failure destination: a failing
     * record never blocks its shard forever, never expires from the stream unseen, and is never
     * dropped without a trace.
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
            long age = template.range(event.property("MaximumRecordAgeInSeconds"), -1).max();
            if (age < 0 || age >= STREAM_RETENTION_SECONDS) {
                violations.add(name + ": MaximumRecordAgeInSeconds " + age + " is not under the stream's retention of "
                        + STREAM_RETENTION_SECONDS + " s: a failing batch would expire from the stream unseen");
            }
            if (retries < -1 || retries > 10_000) {
                violations.add(name + ": MaximumRetryAttempts " + retries + " is not -1 (until the record age) or 0-10000");
            }
            JsonNode destination = event.property("DestinationConfig").path("OnFailure").path("Destination");
            if (destination.isMissingNode()) {
                violations.add(name + ": no DestinationConfig.OnFailure");
            }
        }
        return violations;
    }
}
