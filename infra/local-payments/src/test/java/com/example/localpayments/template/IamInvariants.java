package com.example.localpayments.template;

import com.example.template.Function;
import com.example.template.Resource;
import com.example.template.Statement;
import com.example.template.Template;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** The IAM rules of issue 3 over every policy statement of the template. */
final class IamInvariants {

    /** What a statement's resource comment must start with, followed by the reason. */
    static final String WILDCARD_MARKER = "# Wildcard resource:";

    private IamInvariants() {
    }

    /** No Allow statement names a wildcard action ({@code *}, {@code service:*}, {@code service:Get*}) or NotAction. */
    static List<String> wildcardActions(Template template) {
        List<String> violations = new ArrayList<>();
        for (Statement statement : template.statements()) {
            if (!statement.allows()) {
                continue;
            }
            if (statement.node().has("NotAction")) {
                violations.add(statement.resource() + ": NotAction");
            }
            JsonNode actions = statement.node().path("Action");
            for (JsonNode action : actions.isArray() ? actions : List.of(actions)) {
                if (!action.isTextual() || action.asText().contains("*")) {
                    violations.add(statement.resource() + ": " + action);
                }
            }
        }
        return violations;
    }

    /**
     * Every resource of an Allow statement that is, or contains, {@code *} has a
     * {@code # Wildcard resource: <why AWS requires it>} comment on its line or right above it.
     */
    static List<String> wildcardResources(Template template) {
        List<String> violations = new ArrayList<>();
        for (Statement statement : template.statements()) {
            if (!statement.allows()) {
                continue;
            }
            if (statement.node().has("NotResource")) {
                violations.add(statement.resource() + ": NotResource");
            }
            for (JsonNode resource : texts(statement.node().path("Resource"))) {
                if (resource.asText().contains("*") && justification(template, resource).isEmpty()) {
                    violations.add(statement.resource() + " line " + template.lineOf(resource) + ": " + resource);
                }
            }
        }
        return violations;
    }

    /**
     * Every function's permissions are statements of this template: no SAM-generated role (its
     * AWSLambdaBasicExecutionRole allows logs on "*"), no SAM policy templates, no managed
     * policies, whose actions the checks above cannot see.
     */
    static List<String> hiddenPermissions(Template template) {
        List<String> violations = new ArrayList<>();
        for (Function function : template.functions()) {
            if (function.property("Role").isMissingNode()) {
                violations.add(function.logicalId() + ": no Role, so SAM generates one");
            }
            if (!function.property("Policies").isMissingNode()) {
                violations.add(function.logicalId() + ": Policies (SAM managed policies or policy templates)");
            }
        }
        for (Resource role : template.resourcesOfType("AWS::IAM::Role")) {
            if (!role.property("ManagedPolicyArns").isMissingNode()) {
                violations.add(role.logicalId() + ": ManagedPolicyArns");
            }
        }
        return violations;
    }

    /**
     * The authorizer's role grants on the tables exactly the writes its one
     * {@code TransactWriteItems} contains (a conditional Put and an Update, no ConditionCheck),
     * and one read only: the SnapStart priming's {@code GetItem} of one key no record can have,
     * held to that key by a {@code dynamodb:LeadingKeys} condition, so the role can read no
     * record (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/specifying-conditions.html);
     * and the receiver's one {@code DescribeTimeToLive} at init, on the records table alone. Across
     * Regions only ({@code GlobalTablesOn}), the single-write commit's consistent reads of the
     * record and the account (docs/multi-region.md, design (b)), on those two tables.
     */
    static List<String> transactionGrants(Template template) {
        Set<String> written = new LinkedHashSet<>();
        List<String> violations = new ArrayList<>();
        List<JsonNode> acrossRegions = new ArrayList<>();
        underCondition(template.resource("PaymentAuthorizerRole").node(), "GlobalTablesOn", acrossRegions);
        for (Statement statement : template.statements()) {
            if (!statement.resource().equals("PaymentAuthorizerRole") || !statement.allows()) {
                continue;
            }
            statement.node().path("Action").forEach(node -> {
                String action = node.asText();
                if (action.equals("dynamodb:GetItem") && acrossRegions.contains(statement.node())) {
                    String resource = statement.node().path("Resource").toString();
                    if (statement.node().path("Resource").size() != 2 || !resource.contains("-idempotency") || !resource.contains("-accounts")) {
                        violations.add(statement.node().path("Sid").asText()
                                + " grants the single-write reads beyond the record and the account: " + resource);
                    }
                } else if (action.equals("dynamodb:GetItem")) {
                    JsonNode keys = statement.node().path("Condition").path("ForAllValues:StringEquals")
                            .path("dynamodb:LeadingKeys");
                    if (keys.size() != 1 || !keys.get(0).asText().startsWith("SNAPSTART-PRIMING#")) {
                        violations.add(statement.node().path("Sid").asText()
                                + " grants dynamodb:GetItem beyond the priming's one key: " + keys);
                    }
                } else if (action.equals("dynamodb:DescribeTimeToLive")) {
                    // The receiver's check at init that the records expire (RecordsTable): that table only.
                    JsonNode resource = statement.node().path("Resource");
                    if (resource.isArray() || !resource.toString().contains("IdempotencyTable")) {
                        violations.add(statement.node().path("Sid").asText()
                                + " grants dynamodb:DescribeTimeToLive beyond the records table: " + resource);
                    }
                } else if (action.startsWith("dynamodb:")) {
                    written.add(action);
                }
            });
        }
        Set<String> used = Set.of("dynamodb:PutItem", "dynamodb:UpdateItem");
        if (!written.equals(used)) {
            violations.add("PaymentAuthorizerRole grants " + written + "; the code writes with " + used);
        }
        return violations;
    }

    /** The nodes that {@code Fn::If} of {@code condition} gives when it holds, anywhere under {@code node}. */
    private static void underCondition(JsonNode node, String condition, List<JsonNode> into) {
        JsonNode branch = node.path("Fn::If");
        if (branch.isArray() && condition.equals(branch.path(0).asText())) {
            into.add(branch.get(1));
        }
        node.forEach(child -> underCondition(child, condition, into));
    }

    /**
     * The text of the comment that justifies {@code node}: a comment on its own line, or in the
     * block of comment lines right above it, that starts with the marker; the text after the
     * marker, when it is not blank.
     */
    private static Optional<String> justification(Template template, JsonNode node) {
        return template.commentsOf(node).stream()
                .filter(comment -> comment.startsWith(WILDCARD_MARKER))
                .map(comment -> comment.substring(WILDCARD_MARKER.length()).strip())
                .filter(reason -> !reason.isEmpty())
                .findFirst();
    }

    /** Every string inside {@code node}: a literal, a list, or the arguments of intrinsics. */
    private static List<JsonNode> texts(JsonNode node) {
        List<JsonNode> found = new ArrayList<>();
        if (node.isTextual()) {
            found.add(node);
        }
        node.forEach(child -> found.addAll(texts(child)));
        return found;
    }
}
