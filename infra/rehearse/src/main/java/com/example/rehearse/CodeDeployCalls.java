package com.example.rehearse;

import com.example.rehearse.iam.AccessRequest;
import com.example.rehearse.iam.Policies;
import com.example.rehearse.stack.DeployPolicy;
import com.example.rehearse.template.PaymentTables;
import com.example.rehearse.template.ResolvedTemplate;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What CodeDeploy does with a deployment group's service role while it deploys a function
 * gradually, and what it must not be able to: the calls of AWS's managed policy
 * {@code AWSCodeDeployRoleForLambda} ("AWS managed policy reference") that a deployment of this
 * template makes are allowed, under the role's own policy and the stack's permissions boundary:
 * {@code cloudwatch:DescribeAlarms} (its alarms), {@code lambda:GetAlias} and {@code lambda:UpdateAlias}
 * on the function's alias ({@code lambda:GetProvisionedConcurrencyConfig}, granted beside them, is
 * not evaluated: the evaluator cannot tell which of the action's resource types an alias's ARN is,
 * and answers {@code multiple.resource.types}); the rest of that
 * policy, which this template never needs, is refused: {@code sns:Publish} (the deployment group
 * has no triggers), {@code s3:GetObject} (CloudFormation hands CodeDeploy the AppSpec), and the
 * alias of a function of another stack.
 *
 * <p>With a pre-traffic hook ({@code BeforeAllowTrafficHook}, functions/pre-traffic-hook): the
 * deployment group's role invokes the hook; the hook, with its own role, invokes the function's
 * new version (a qualified ARN), reads the smoke payment's record and the smoke account
 * ({@code GetItem}, each under a condition on its key) and reports its status
 * ({@code PutLifecycleEventHookExecutionStatus}, which has no resource-level permission). Its calls
 * carry the hook's ARN as {@code lambda:SourceFunctionArn}, as Lambda gives its code's calls.
 * Refused: invoking another function, writing either table, reading a real account or a
 * producer's record, sending to the payments queue. Where producers' signatures are required, it
 * reads its own signing key ({@code SmokeSigningKey}) and decrypts it through Secrets Manager;
 * refused: a producer's key, a producer's customer managed key, and the fast path's key.
 */
final class CodeDeployCalls {

    private static final String SMOKE_RECORD = "PAYMENT#SMOKE-PRE-TRAFFIC-d-EXAMPLE11";
    private static final String SMOKE_ACCOUNT = "ACC-SMOKE-PRE-TRAFFIC";
    private static final String SMOKE_SIGNING_KEY = "SmokeSigningKey";

    private final ResolvedTemplate template;
    private final Policies policies;
    private final JsonNode boundary;
    private final List<AccessRequest> allowed = new ArrayList<>();
    private final List<ResourcePolicyChecks.Expectation> refused = new ArrayList<>();

    private CodeDeployCalls(ResolvedTemplate template, JsonNode boundary) {
        this.template = template;
        this.policies = new Policies(template);
        this.boundary = boundary;
    }

    /** The calls of every deployment group of {@code template}, its roles under {@code boundary}. */
    static CodeDeployCalls of(ResolvedTemplate template, JsonNode boundary) {
        CodeDeployCalls calls = new CodeDeployCalls(template, boundary);
        template.ofType("AWS::Lambda::Alias").forEach((aliasId, alias) -> {
            JsonNode update = template.updatePolicy(aliasId).path("CodeDeployLambdaAliasUpdate");
            if (!update.isMissingNode()) {
                calls.deployment(alias, update);
            }
        });
        return calls;
    }

    /** The calls CodeDeploy makes, each of which must be allowed. */
    List<AccessRequest> allowed() {
        return allowed;
    }

    /** The calls the role must be refused. */
    List<ResourcePolicyChecks.Expectation> refused() {
        return refused;
    }

    private void deployment(JsonNode alias, JsonNode update) {
        String groupId = template.logicalIdOf(update.path("DeploymentGroupName").asText()).orElseThrow();
        String roleArn = template.properties(groupId).path("ServiceRoleArn").asText();
        String function = alias.path("FunctionName").asText();
        String functionId = template.logicalIdOf(function).orElse(function);
        String aliasArn = template.attribute(functionId, "Arn") + ":" + alias.path("Name").asText();
        Caller codeDeploy = new Caller(template.logicalIdOf(roleArn).orElseThrow(), roleArn, "CodeDeploy, deployment group " + groupId,
                Map.of());
        codeDeploy.allow("cloudwatch:DescribeAlarms", "*", "*", Map.of());
        for (String action : List.of("lambda:GetAlias", "lambda:UpdateAlias")) {
            codeDeploy.allow(action, aliasArn, functionId + " alias", Map.of());
        }
        codeDeploy.refuse("sns:Publish", template.ref("AlarmTopic"), "AlarmTopic", Map.of(),
                "CodeDeploy's role publishes nothing (no triggers)");
        codeDeploy.refuse("s3:GetObject", "arn:aws:s3:::any-bucket/CodeDeploy/appspec.yaml", "an AppSpec in S3", Map.of(),
                "CodeDeploy's role reads no AppSpec from S3 (CloudFormation gives it)");
        codeDeploy.refuse("lambda:UpdateAlias", aliasArn.replace(template.stackName(), "another-stack"), "another stack's alias",
                Map.of(), "CodeDeploy's role shifts no other stack's alias");
        JsonNode hook = update.path("BeforeAllowTrafficHook");
        if (!hook.isMissingNode()) {
            String hookId = template.logicalIdOf(hook.asText()).orElseThrow();
            codeDeploy.allow("lambda:InvokeFunction", template.attribute(hookId, "Arn"), hookId, Map.of());
            preTrafficHook(hookId, functionId);
        }
    }

    private void preTrafficHook(String hookId, String functionId) {
        String roleArn = template.properties(hookId).path("Role").asText();
        Caller hook = new Caller(template.logicalIdOf(roleArn).orElseThrow(), roleArn, "pre-traffic hook " + hookId,
                Map.of("lambda:SourceFunctionArn", template.attribute(hookId, "Arn")));
        String records = PaymentTables.arn(template, "IdempotencyTable");
        String accounts = PaymentTables.arn(template, "AccountsTable");
        hook.allow("lambda:InvokeFunction", template.attribute(functionId, "Arn") + ":7", functionId + " new version", Map.of());
        hook.allow("dynamodb:GetItem", records, "IdempotencyTable smoke record", Map.of("dynamodb:LeadingKeys", SMOKE_RECORD));
        hook.allow("dynamodb:GetItem", accounts, "AccountsTable smoke account", Map.of("dynamodb:LeadingKeys", SMOKE_ACCOUNT));
        hook.allow("kms:Decrypt", template.attribute("PaymentsKey", "Arn"), "PaymentsKey",
                Map.of("kms:ViaService", "dynamodb." + template.region() + ".amazonaws.com"));
        hook.allow("codedeploy:PutLifecycleEventHookExecutionStatus", "*", "*", Map.of());
        if (template.has(SMOKE_SIGNING_KEY)) {
            signingKey(hook);
        }

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

    /**
     * Where producers' signatures are required, the hook signs with its own key: it reads that one
     * secret and decrypts it through Secrets Manager (with the stack's key, which Secrets Manager
     * uses only for a read the role may make); it reads no producer's key, nor decrypts with a
     * producer's own customer managed key.
     */
    private void signingKey(Caller hook) {
        String own = template.ref(SMOKE_SIGNING_KEY);
        String viaSecretsManager = "secretsmanager." + template.region() + ".amazonaws.com";
        // CloudFormation tags what it creates with the stack's name; a producer's secret is not the stack's.
        Map<String, String> stacks = Map.of(DeployPolicy.STACK_TAG, template.stackName());
        hook.allow("secretsmanager:GetSecretValue", own, SMOKE_SIGNING_KEY, stacks);
        hook.allow("kms:Decrypt", template.attribute("PaymentsKey", "Arn"), "PaymentsKey", Map.of("kms:ViaService", viaSecretsManager));
        for (String producer : template.parameter("ProducerSigningSecretArns").split(",")) {
            hook.refuse("secretsmanager:GetSecretValue", producer.strip(), "a producer's signing key", Map.of(),
                    "the hook reads no producer's key: its own signs the smoke account only");
        }
        hook.refuse("kms:Decrypt", "arn:aws:kms:" + template.region() + ":" + ResolvedTemplate.ACCOUNT
                + ":key/producer-owned-key", "a producer's customer managed key", Map.of("kms:ViaService", viaSecretsManager),
                "the hook decrypts with no key but the stack's");
        if (template.has("FastPathSigningKey")) {
            hook.refuse("secretsmanager:GetSecretValue", template.ref("FastPathSigningKey"), "FastPathSigningKey", stacks,
                    "the hook reads no other secret of the stack");
        }
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
