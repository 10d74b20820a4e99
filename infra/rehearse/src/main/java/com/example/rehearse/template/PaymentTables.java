package com.example.rehearse.template;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.Optional;

/**
 * The payment tables of one deployment, by the logical id a recorded call names them with (the
 * single-Region table's: the local AWS has no other). With {@code GlobalTables=off} that is the
 * stack's own table. Across Regions it is the MRSC global table named after the stack
 * ({@code <stack>-accounts}, {@code -ledger}, {@code -idempotency}): in the owner stack its
 * {@code AWS::DynamoDB::GlobalTable} resource, whose replica in the stack's Region the functions
 * call; in a member stack no resource of its own, the replica of its Region by name, encrypted with
 * the member's own payments key (the owner's {@code SecondRegionKeyArn} is the member's
 * {@code PaymentsKeyArn}) and streaming to {@code RecordsStreamArn}.
 */
public final class PaymentTables {

    /**
     * One payment table as the deployment's functions call it.
     *
     * @param resourceId the logical id of the resource that is it, or (a member's) the global table's
     * @param arn        its ARN in the deployment's Region
     * @param key        the customer managed key of that Region's replica, if one encrypts it
     */
    public record Table(String resourceId, String arn, Optional<String> key) {
    }

    /** The single-Region table's logical id -> the global table's logical id and its name after the stack's. */
    private static final Map<String, String> GLOBAL = Map.of("IdempotencyTable", "IdempotencyGlobalTable",
            "AccountsTable", "AccountsGlobalTable", "LedgerTable", "LedgerGlobalTable");
    private static final Map<String, String> SUFFIX = Map.of("IdempotencyTable", "idempotency",
            "AccountsTable", "accounts", "LedgerTable", "ledger");
    private static final String KEY = "PaymentsKey";

    private PaymentTables() {
    }

    /** Whether the deployment's payment tables are global tables ({@code GlobalTables} owner or member). */
    public static boolean global(ResolvedTemplate template) {
        return template.hasParameter("GlobalTables") && !"off".equals(template.parameter("GlobalTables"));
    }

    /**
     * The global table a recorded call naming {@code logicalId} reaches in this deployment; empty
     * when the deployment's tables are not global, or {@code logicalId} is no payment table.
     */
    public static Optional<Table> of(ResolvedTemplate template, String logicalId) {
        String global = GLOBAL.get(logicalId);
        if (global == null || !global(template)) {
            return Optional.empty();
        }
        if (template.has(global)) {
            return Optional.of(new Table(global, template.attribute(global, "Arn"), replicaKey(template, global)));
        }
        String arn = "arn:aws:dynamodb:" + template.region() + ":" + ResolvedTemplate.ACCOUNT + ":table/"
                + template.stackName() + "-" + SUFFIX.get(logicalId);
        return Optional.of(new Table(global, arn, template.has(KEY) ? Optional.of(template.attribute(KEY, "Arn")) : Optional.empty()));
    }

    /** The ARN of the payment table {@code logicalId} in this deployment: the stack's own, or its Region's replica of the global table. */
    public static String arn(ResolvedTemplate template, String logicalId) {
        return of(template, logicalId).map(Table::arn).orElseGet(() -> template.attribute(logicalId, "Arn"));
    }

    /** The payment table whose logical id (its own or the global table's) or ARN is {@code idOrArn}, if it is a global one. */
    public static Optional<Table> named(ResolvedTemplate template, String idOrArn) {
        for (Map.Entry<String, String> table : GLOBAL.entrySet()) {
            Optional<Table> found = of(template, table.getKey())
                    .filter(candidate -> candidate.resourceId().equals(idOrArn) || candidate.arn().equals(idOrArn));
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }

    /** The key of the global table's replica in the deployment's Region ({@code Replicas[].SSESpecification}). */
    private static Optional<String> replicaKey(ResolvedTemplate template, String global) {
        for (JsonNode replica : template.properties(global).path("Replicas")) {
            if (template.region().equals(replica.path("Region").asText())) {
                String key = replica.path("SSESpecification").path("KMSMasterKeyId").asText("");
                return key.isEmpty() ? Optional.empty() : Optional.of(key);
            }
        }
        return Optional.empty();
    }
}
