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

    /** A new on-demand table's write throughput, and the default per-table quota ("Understanding DynamoDB warm throughput"). */
    static final long NEW_TABLE_WRITE_UNITS = 4_000;
    static final long TABLE_QUOTA_WRITE_UNITS = 40_000;

    /** The tables one payment's transaction writes (its record, its account, its ledger row). */
    static final List<String> PAYMENT_TABLES = List.of(ReceiverVariables.IDEMPOTENCY_TABLE, "ACCOUNTS_TABLE", "LEDGER_TABLE");

    private TableInvariants() {
    }

    /**
     * Each table a payment's transaction writes is warmed by {@code TablesWarmWriteUnitsPerSecond}
     * when it is above a new table's own 4 000 write units, and left as AWS makes it otherwise (warm
     * throughput can only be raised); the parameter stays within the per-table quota.
     */
    static List<String> warmThroughput(Template template) {
        List<String> violations = new ArrayList<>();
        JsonNode variables = template.function("PaymentAuthorizerFunction").environmentNode();
        for (String variable : PAYMENT_TABLES) {
            String table = SqsSources.target(variables.path(variable));
            JsonNode warm = template.resource(table).property("WarmThroughput").path("Fn::If");
            if (!"TablesWarmed".equals(warm.path(0).asText())
                    || !"TablesWarmWriteUnitsPerSecond".equals(warm.path(1).path("WriteUnitsPerSecond").path("Ref").asText())
                    || !"AWS::NoValue".equals(warm.path(2).path("Ref").asText())) {
                violations.add(table + " (" + variable + ") is not warmed by TablesWarmWriteUnitsPerSecond under TablesWarmed: " + warm);
            }
        }
        JsonNode warmed = template.conditions().get("TablesWarmed");
        if (warmed == null || !warmed.toString().equals("{\"Fn::Not\":[{\"Fn::Equals\":[{\"Ref\":\"TablesWarmWriteUnitsPerSecond\"},\""
                + NEW_TABLE_WRITE_UNITS + "\"]}]}")) {
            violations.add("TablesWarmed is not TablesWarmWriteUnitsPerSecond above a new table's " + NEW_TABLE_WRITE_UNITS + ": " + warmed);
        }
        for (String value : template.requireParameter("TablesWarmWriteUnitsPerSecond").allowedValues()) {
            long units = Long.parseLong(value);
            if (units < NEW_TABLE_WRITE_UNITS || units > TABLE_QUOTA_WRITE_UNITS) {
                violations.add("TablesWarmWriteUnitsPerSecond allows " + units + ", outside a new table's " + NEW_TABLE_WRITE_UNITS
                        + " to the per-table quota " + TABLE_QUOTA_WRITE_UNITS);
            }
        }
        return violations;
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
