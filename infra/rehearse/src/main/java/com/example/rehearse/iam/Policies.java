package com.example.rehearse.iam;

import com.example.rehearse.template.ResolvedTemplate;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The policies of a deployed template that decide a request: a role's identity policies, the
 * resource policy of a queue, topic, key or function, and a VPC endpoint's policy (its own, or
 * the default full-access one AWS attaches when the template gives none).
 */
public final class Policies {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final ResolvedTemplate template;

    public Policies(ResolvedTemplate template) {
        this.template = template;
    }

    /** The inline policies of the role {@code roleId}, by name; a managed policy is refused (its text is not in the template). */
    public Map<String, JsonNode> identityPolicies(String roleId) {
        JsonNode role = template.properties(roleId);
        if (role.path("ManagedPolicyArns").size() > 0) {
            throw new IllegalArgumentException(roleId + " has managed policies, whose text the rehearsal cannot read: "
                    + role.path("ManagedPolicyArns"));
        }
        Map<String, JsonNode> policies = new LinkedHashMap<>();
        role.path("Policies").forEach(policy -> policies.put(policy.path("PolicyName").asText(), policy.path("PolicyDocument")));
        return policies;
    }

    /** The resource policy of the resource with ARN {@code arn}, if the template gives it one. */
    public Optional<JsonNode> resourcePolicy(String arn) {
        if (arn.startsWith("arn:aws:kms:")) {
            return template.ofType("AWS::KMS::Key").entrySet().stream()
                    .filter(key -> arn.equals(template.attribute(key.getKey(), "Arn")))
                    .map(key -> key.getValue().path("KeyPolicy")).findFirst();
        }
        if (arn.startsWith("arn:aws:sqs:")) {
            String url = template.logicalIdOf(arn).map(template::ref).orElse("");
            return attached("AWS::SQS::QueuePolicy", "Queues", url);
        }
        if (arn.startsWith("arn:aws:sns:")) {
            return attached("AWS::SNS::TopicPolicy", "Topics", arn);
        }
        if (arn.startsWith("arn:aws:lambda:")) {
            return lambdaPermissions(arn);
        }
        return Optional.empty();
    }

    /**
     * The endpoint's policy, or the default one (full access) when it has none
     * (https://docs.aws.amazon.com/vpc/latest/privatelink/vpc-endpoints-access.html).
     */
    public JsonNode endpointPolicy(String endpointId) {
        JsonNode policy = template.properties(endpointId).path("PolicyDocument");
        if (!policy.isMissingNode()) {
            return policy;
        }
        ObjectNode full = JSON.createObjectNode().put("Version", "2012-10-17");
        full.putArray("Statement").addObject().put("Effect", "Allow").put("Principal", "*").put("Action", "*").put("Resource", "*");
        return full;
    }

    private Optional<JsonNode> attached(String type, String listProperty, String target) {
        for (JsonNode policy : template.ofType(type).values()) {
            for (JsonNode item : policy.path(listProperty)) {
                if (item.asText().equals(target)) {
                    return Optional.of(policy.path("PolicyDocument"));
                }
            }
        }
        return Optional.empty();
    }

    /** A function's AWS::Lambda::Permission resources, as the resource policy Lambda builds from them. */
    private Optional<JsonNode> lambdaPermissions(String functionArn) {
        ObjectNode policy = JSON.createObjectNode().put("Version", "2012-10-17");
        ArrayNode statements = policy.putArray("Statement");
        template.ofType("AWS::Lambda::Permission").values().forEach(permission -> {
            String function = permission.path("FunctionName").asText();
            if (!functionArn.equals(function) && !functionArn.endsWith(":function:" + function)) {
                return;
            }
            ObjectNode statement = statements.addObject().put("Effect", "Allow")
                    .put("Action", permission.path("Action").asText()).put("Resource", functionArn);
            statement.putObject("Principal").put("Service", permission.path("Principal").asText());
            if (permission.has("SourceArn")) {
                statement.putObject("Condition").putObject("ArnLike").put("aws:SourceArn", permission.path("SourceArn").asText());
            }
        });
        return statements.isEmpty() ? Optional.empty() : Optional.of(policy);
    }
}
