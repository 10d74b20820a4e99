package com.example.rehearse;

import com.example.rehearse.iam.AccessRequest;
import com.example.rehearse.iam.Policies;
import com.example.rehearse.template.ResolvedTemplate;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a deployment's pre-traffic hook does with its role, and what it must not be able to
 * (functions/pre-traffic-hook): CodeDeploy invokes the hook with the
 * deployment group's role; the hook invokes the function's new version (a qualified ARN), reads
 * the smoke payment's record and the smoke account ({@code GetItem}, each under a condition on its
 * key) and reports its status ({@code PutLifecycleEventHookExecutionStatus}, which has no
 * resource-level permission). Its calls carry the hook's ARN as {@code lambda:SourceFunctionArn},
 * as Lambda gives its code's calls. Refused: invoking another function, writing either table,
 * reading a real account or a producer's record, sending to the payments queue.
 */
final class PreTrafficHookCalls {

    private static final String SMOKE_RECORD = "PAYMENT#SMOKE-PRE-TRAFFIC-d-EXAMPLE11";
    private static final String SMOKE_ACCOUNT = "ACC-SMOKE-PRE-TRAFFIC";

    private final ResolvedTemplate template;
    private final Policies policies;
    private final JsonNode boundary;
    private final List<AccessRequest> allowed = new ArrayList<>();
    private final List<ResourcePolicyChecks.Expectation> refused = new ArrayList<>();

    private PreTrafficHookCalls(ResolvedTemplate template, JsonNode boundary) {
        this.template = template;
        this.policies = new Policies(template);
        this.boundary = boundary;
    }

    /** The calls of every alias's {@code BeforeAllowTrafficHook} in {@code template}, its roles under {@code boundary}. */
    static PreTrafficHookCalls of(ResolvedTemplate template, JsonNode boundary) {
        PreTrafficHookCalls calls = new PreTrafficHookCalls(template, boundary);
        template.ofType("AWS::Lambda::Alias").forEach((aliasId, alias) -> {
            JsonNode update = template.updatePolicy(aliasId).path("CodeDeployLambdaAliasUpdate");
            JsonNode hook = update.path("BeforeAllowTrafficHook");
            if (!hook.isMissingNode()) {
                calls.hook(alias, update, template.logicalIdOf(hook.asText()).orElseThrow());
            }
        });
        return calls;
    }

    /** The calls a deployment's hook makes, each of which must be allowed. */
    List<AccessRequest> allowed() {
        return allowed;
    }

    /** The calls the hook's role must be refused. */
    List<ResourcePolicyChecks.Expectation> refused() {
        return refused;
    }

    private void hook(JsonNode alias, JsonNode update, String hookId) {
        String groupRoleArn = template.properties(template.logicalIdOf(update.path("DeploymentGroupName").asText()).orElseThrow())
                .path("ServiceRoleArn").asText();
        String hookArn = template.attribute(hookId, "Arn");
        Caller codeDeploy = new Caller(template.logicalIdOf(groupRoleArn).orElseThrow(), groupRoleArn,
                "CodeDeploy runs the BeforeAllowTraffic hook", Map.of());
        codeDeploy.allow("lambda:InvokeFunction", hookArn, hookId, Map.of());
        String roleArn = template.properties(hookId).path("Role").asText();
        Caller hook = new Caller(template.logicalIdOf(roleArn).orElseThrow(), roleArn, "pre-traffic hook " + hookId,
                Map.of("lambda:SourceFunctionArn", hookArn));
        String functionId = template.logicalIdOf(alias.path("FunctionName").asText()).orElseThrow();
        String records = template.attribute("IdempotencyTable", "Arn");
        String accounts = template.attribute("AccountsTable", "Arn");
        hook.allow("lambda:InvokeFunction", template.attribute(functionId, "Arn") + ":7", functionId + " new version", Map.of());
        hook.allow("dynamodb:GetItem", records, "IdempotencyTable smoke record", Map.of("dynamodb:LeadingKeys", SMOKE_RECORD));
        hook.allow("dynamodb:GetItem", accounts, "AccountsTable smoke account", Map.of("dynamodb:LeadingKeys", SMOKE_ACCOUNT));
        hook.allow("kms:Decrypt", template.attribute("PaymentsKey", "Arn"), "PaymentsKey",
                Map.of("kms:ViaService", "dynamodb." + ResolvedTemplate.REGION + ".amazonaws.com"));
        hook.allow("codedeploy:PutLifecycleEventHookExecutionStatus", "*", "*", Map.of());

        hook.refuse("lambda:InvokeFunction", template.attribute("PaymentEventsFunction", "Arn"), "PaymentEventsFunction",
                Map.of(), "the hook invokes no other function");
        for (String write : List.of("dynamodb:PutItem", "dynamodb:UpdateItem")) {
            hook.refuse(write, accounts, "AccountsTable smoke account", Map.of("dynamodb:LeadingKeys", SMOKE_ACCOUNT),
                    "the hook writes no account");
        }
        hook.refuse("dynamodb:PutItem", records, "IdempotencyTable smoke record", Map.of("dynamodb:LeadingKeys", SMOKE_RECORD),
                "the hook writes no record");
        hook.refuse("dynamodb:GetItem", accounts, "AccountsTable ACC-44821", Map.of("dynamodb:LeadingKeys", "ACC-44821"),
                "the hook reads no real account");
        hook.refuse("dynamodb:GetItem", records, "IdempotencyTable PAYMENT#TXN-VISA-8847291",
                Map.of("dynamodb:LeadingKeys", "PAYMENT#TXN-VISA-8847291"), "the hook reads no producer's record");
        hook.refuse("sqs:SendMessage", template.attribute("PaymentsQueue", "Arn"), "PaymentsQueue", Map.of(),
                "the hook gives the version its event itself, never through the queue");
    }

    /** One principal's requests, with the context keys all of them carry. */
    private final class Caller {

        private final String roleId;
        private final String roleArn;
        private final String origin;
        private final Map<String, String> context;

        Caller(String roleId, String roleArn, String origin, Map<String, String> context) {
            this.roleId = roleId;
            this.roleArn = roleArn;
            this.origin = origin;
            this.context = context;
        }

        void allow(String action, String resource, String resourceId, Map<String, String> keys) {
            allowed.add(request(action, resource, resourceId, keys));
        }

        void refuse(String action, String resource, String resourceId, Map<String, String> keys, String why) {
            refused.add(new ResourcePolicyChecks.Expectation(request(action, resource, resourceId, keys), false, why));
        }

        private AccessRequest request(String action, String resource, String resourceId, Map<String, String> keys) {
            Map<String, String> all = new HashMap<>(context);
            all.putAll(keys);
            all.put("aws:SecureTransport", "true");
            return new AccessRequest(roleId, "AWS-side: " + origin, roleArn, action, resource, resourceId, all,
                    policies.identityPolicies(roleId), resource.equals("*") ? Optional.empty() : policies.resourcePolicy(resource),
                    Optional.empty()).under(boundary);
        }
    }
}
