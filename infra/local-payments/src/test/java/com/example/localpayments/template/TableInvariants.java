package com.example.localpayments.template;

import com.example.receiver.lambda.ReceiverVariables;
import com.example.receiver.record.IdempotencyRecordAttributes;
import com.example.template.EventSource;
import com.example.template.Template;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/** The tables' invariants: records expire on the attribute their writer sets. */
final class TableInvariants {

    /** The TTL attribute the receiver writes, from the record's schema (libs/receiver-record). */
    static final String RECEIVER_TTL_ATTRIBUTE = IdempotencyRecordAttributes.EXPIRES_AT;

    /** The TTL attribute Powertools idempotency writes (its DynamoDBPersistenceStore default). */
    static final String POWERTOOLS_TTL_ATTRIBUTE = "expiration";

    private TableInvariants() {
    }

    /**
     * The table each receiving function writes its records to expires them on the attribute its
     * writer sets: the receiver's ({@code IDEMPOTENCY_TABLE}) or Powertools' ({@code
     * NOTIFICATION_IDEMPOTENCY_TABLE}, the payment-notifier's).
     */
    static List<String> ttlAttribute(Template template) {
        List<String> violations = new ArrayList<>();
        for (EventSource event : SqsSources.of(template)) {
            JsonNode variables = SqsSources.environment(template, event);
            boolean powertools = variables.has("NOTIFICATION_IDEMPOTENCY_TABLE");
            String expected = powertools ? POWERTOOLS_TTL_ATTRIBUTE : RECEIVER_TTL_ATTRIBUTE;
            String table = SqsSources.target(variables.path(powertools ? "NOTIFICATION_IDEMPOTENCY_TABLE" : ReceiverVariables.IDEMPOTENCY_TABLE));
            JsonNode ttl = template.resource(table).property("TimeToLiveSpecification");
            if (!expected.equals(ttl.path("AttributeName").asText()) || !ttl.path("Enabled").asBoolean(false)) {
                violations.add(event.name() + ": " + table + " TimeToLiveSpecification " + ttl
                        + " is not enabled on " + expected);
            }
        }
        return violations;
    }
}
